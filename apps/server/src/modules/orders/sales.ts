import { count, gte, inArray, sql } from "drizzle-orm";
import { CURRENCIES, type DashboardResponse, type OrderStatus } from "@store/shared";
import type { Db } from "../../db/client";
import { orders } from "./tables";

/** Money the shop has (or will have, for cash on delivery): not pending, cancelled or refunded orders. */
export const REVENUE_STATUSES = [
  "paid",
  "cod_confirmed",
  "shipped",
  "delivered",
] as const satisfies readonly OrderStatus[];

/** Orders and revenue per currency since `from` (the dashboard's today and this month). */
export async function salesSince(db: Db, from: Date): Promise<DashboardResponse["today"]> {
  const counted = inArray(orders.status, [...REVENUE_STATUSES]);
  const rows = await db
    .select({
      currency: orders.currency,
      orders: count(),
      revenueOrders: sql<number>`count(*) filter (where ${counted})`.mapWith(Number),
      // A month of paise can pass 2^31; bigint in SQL, a JS number (exact to 2^53) here.
      revenue: sql<number>`coalesce(sum(${orders.total}::bigint) filter (where ${counted}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(gte(orders.createdAt, from))
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
