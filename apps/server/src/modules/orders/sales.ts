import { and, count, desc, gte, inArray, lt, notInArray, sql } from "drizzle-orm";
import {
  CURRENCIES,
  SALES_CHART_DAYS,
  TOP_PRODUCTS_DAYS,
  TOP_PRODUCTS_LIMIT,
  UNPLACED_STATUSES,
  type Currency,
  type DashboardResponse,
  type OrderStatus,
  type SalesDay,
  type TopProduct,
} from "@store/shared";
import type { Db } from "../../db/client";
import { addDays, istDayEnd, istDayOf, istDayStart } from "../../lib/seller-time";
import { orderLines, orders } from "./tables";

/** Money the shop has (or will have, for cash on delivery): not pending, cancelled or refunded orders. */
export const REVENUE_STATUSES = [
  "paid",
  "cod_confirmed",
  "shipped",
  "delivered",
] as const satisfies readonly OrderStatus[];

/** Orders the seller has to pack and ship (confirmed, not shipped yet). */
export const TO_SHIP_STATUSES = ["paid", "cod_confirmed"] as const satisfies readonly OrderStatus[];

/** Orders placed: a checkout still unpaid, unconfirmed or lapsed is not one (decision 022-dashboard-and-sales). */
export const placedOrder = notInArray(orders.status, [...UNPLACED_STATUSES]);
/** Orders whose money counts as sales. */
export const countedOrder = inArray(orders.status, [...REVENUE_STATUSES]);

/** The IST calendar day of an order, in SQL (a fixed +05:30 offset: India has no daylight saving). */
export const orderIstDay = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;
/** A month of paise can pass 2^31: sums are bigint in SQL and JS numbers (exact to 2^53) here. */
export const revenueSum = sql<number>`coalesce(sum(${orders.total}::bigint), 0)`.mapWith(Number);
/** Pieces cancelled from an order (issue 13's partial cancellation) were not sold: they count neither way. */
const soldPieces = sql`(${orderLines.quantity} - ${orderLines.cancelledQuantity})`;
export const lineValueSum = sql<number>`coalesce(sum(${orderLines.unitPrice}::bigint * ${soldPieces}), 0)`.mapWith(
  Number,
);
export const piecesSum = sql<number>`coalesce(sum(${soldPieces}), 0)`.mapWith(Number);

/** Orders placed and revenue per currency since `from` (the dashboard's today and this month). */
export async function salesSince(db: Db, from: Date): Promise<DashboardResponse["today"]> {
  const rows = await db
    .select({
      currency: orders.currency,
      orders: count(),
      revenueOrders: sql<number>`count(*) filter (where ${countedOrder})`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${orders.total}::bigint) filter (where ${countedOrder}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(gte(orders.createdAt, from), placedOrder))
    .groupBy(orders.currency);
  return {
    from: from.toISOString(),
    orders: rows.reduce((sum, r) => sum + r.orders, 0),
    by_currency: CURRENCIES.map((currency) => {
      const row = rows.find((r) => r.currency === currency);
      return {
        currency,
        orders: row?.orders ?? 0,
        revenue_orders: row?.revenueOrders ?? 0,
        revenue_minor: row?.revenue ?? 0,
      };
    }),
  };
}

/** The seller's work queue: orders to ship and cash-on-delivery orders waiting for the shopper's code. */
export async function orderWork(db: Db): Promise<{ to_ship: number; to_confirm: number }> {
  const [row] = await db
    .select({
      toShip: sql<number>`count(*) filter (where ${inArray(orders.status, [...TO_SHIP_STATUSES])})`.mapWith(Number),
      toConfirm: sql<number>`count(*) filter (where ${orders.status} = 'awaiting_confirmation')`.mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.status, [...TO_SHIP_STATUSES, "awaiting_confirmation"]));
  return { to_ship: row?.toShip ?? 0, to_confirm: row?.toConfirm ?? 0 };
}

/** Counted orders and their totals per IST day and currency, for the `days` days ending with `now`'s day. */
export async function salesByDay(db: Db, now: Date, days = SALES_CHART_DAYS): Promise<SalesDay[]> {
  const today = istDayOf(now);
  const first = addDays(today, 1 - days);
  const rows = await db
    .select({ day: orderIstDay, currency: orders.currency, orders: count(), revenue: revenueSum })
    .from(orders)
    .where(and(countedOrder, gte(orders.createdAt, istDayStart(first)), lt(orders.createdAt, istDayEnd(today))))
    .groupBy(orderIstDay, orders.currency);
  const found = new Map(rows.map((r) => [`${r.day} ${r.currency}`, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return {
      day,
      by_currency: CURRENCIES.map((currency) => {
        const row = found.get(`${day} ${currency}`);
        return { currency, orders: row?.orders ?? 0, revenue_minor: row?.revenue ?? 0 };
      }),
    };
  });
}

/** The best sellers by pieces over the TOP_PRODUCTS_DAYS IST days ending with `now`'s day. */
export async function topProducts(db: Db, now: Date): Promise<TopProduct[]> {
  const today = istDayOf(now);
  const first = addDays(today, 1 - TOP_PRODUCTS_DAYS);
  const rows = await db
    .select({
      productId: orderLines.productId,
      name: sql<string>`max(${orderLines.productName})`,
      currency: orders.currency,
      pieces: piecesSum,
      revenue: lineValueSum,
    })
    .from(orderLines)
    .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
    .where(and(countedOrder, gte(orders.createdAt, istDayStart(first)), lt(orders.createdAt, istDayEnd(today))))
    .groupBy(orderLines.productId, orders.currency)
    .orderBy(desc(piecesSum));
  // One product sells in both currencies: its pieces add up, its revenue stays per currency.
  const byProduct = new Map<string, TopProduct>();
  for (const row of rows) {
    const key = row.productId === null ? `name:${row.name}` : `id:${row.productId}`;
    const entry = byProduct.get(key) ?? { product_id: row.productId, product_name: row.name, pieces: 0, revenue: [] };
    entry.pieces += row.pieces;
    entry.revenue.push({ currency: row.currency as Currency, revenue_minor: row.revenue });
    byProduct.set(key, entry);
  }
  return [...byProduct.values()]
    .map((p) => ({ ...p, revenue: p.revenue.sort((a, b) => a.currency.localeCompare(b.currency)) }))
    .sort((a, b) => b.pieces - a.pieces || a.product_name.localeCompare(b.product_name))
    .slice(0, TOP_PRODUCTS_LIMIT);
}
