import { and, count, gte, inArray, isNotNull, notInArray, or, sql } from "drizzle-orm";
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
import { salesFigures } from "./sales-ledger";
import { orders } from "./tables";

/** Orders that are money (a customer's spend): not pending, cancelled or refunded orders. */
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

/**
 * Orders placed and sales per currency since `from` (the dashboard's today and this month): sales as the report
 * counts them (sales-ledger.ts), confirmed orders less what was taken back in the period.
 */
export async function salesSince(db: Db, from: Date, now: Date): Promise<DashboardResponse["today"]> {
  const [placed, figures] = await Promise.all([
    db
      .select({ currency: orders.currency, orders: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, from), placedOrder))
      .groupBy(orders.currency),
    salesFigures(db, "currency", from, istDayEnd(istDayOf(now))),
  ]);
  return {
    from: from.toISOString(),
    orders: placed.reduce((sum, r) => sum + r.orders, 0),
    by_currency: CURRENCIES.map((currency) => {
      const sales = figures.find((f) => f.currency === currency);
      return {
        currency,
        orders: placed.find((r) => r.currency === currency)?.orders ?? 0,
        revenue_orders: sales?.orders ?? 0,
        revenue_minor: sales ? sales.sold - sales.takenBack : 0,
      };
    }),
  };
}

/**
 * The seller's work queue: orders to ship, cash-on-delivery orders waiting for the shopper's code, and orders
 * flagged for the seller to look at.
 */
export async function orderWork(db: Db): Promise<{ to_ship: number; to_confirm: number; needs_attention: number }> {
  const [row] = await db
    .select({
      toShip: sql<number>`count(*) filter (where ${inArray(orders.status, [...TO_SHIP_STATUSES])})`.mapWith(Number),
      toConfirm: sql<number>`count(*) filter (where ${orders.status} = 'awaiting_confirmation')`.mapWith(Number),
      attention: sql<number>`count(*) filter (where ${isNotNull(orders.attention)})`.mapWith(Number),
    })
    .from(orders)
    .where(or(inArray(orders.status, [...TO_SHIP_STATUSES, "awaiting_confirmation"]), isNotNull(orders.attention)));
  return { to_ship: row?.toShip ?? 0, to_confirm: row?.toConfirm ?? 0, needs_attention: row?.attention ?? 0 };
}

/** Sales (confirmed less taken back) per IST day and currency, for the `days` days ending with `now`'s day. */
export async function salesByDay(db: Db, now: Date, days = SALES_CHART_DAYS): Promise<SalesDay[]> {
  const today = istDayOf(now);
  const first = addDays(today, 1 - days);
  const figures = await salesFigures(db, "day", istDayStart(first), istDayEnd(today));
  const found = new Map(figures.map((f) => [`${f.key} ${f.currency}`, f]));
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return {
      day,
      by_currency: CURRENCIES.map((currency) => {
        const f = found.get(`${day} ${currency}`);
        return { currency, orders: f?.orders ?? 0, revenue_minor: f ? f.sold - f.takenBack : 0 };
      }),
    };
  });
}

/** The best sellers by pieces (sold less taken back) over the TOP_PRODUCTS_DAYS IST days ending with `now`'s day. */
export async function topProducts(db: Db, now: Date): Promise<TopProduct[]> {
  const today = istDayOf(now);
  const first = addDays(today, 1 - TOP_PRODUCTS_DAYS);
  const rows = (await salesFigures(db, "product", istDayStart(first), istDayEnd(today))).map((f) => ({
    productId: f.key === "" ? null : Number(f.key),
    name: f.label,
    currency: f.currency,
    pieces: f.piecesSold - f.piecesBack,
    revenue: f.sold - f.takenBack,
  }));
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
