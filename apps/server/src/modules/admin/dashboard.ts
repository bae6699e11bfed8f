import { and, asc, count, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { CURRENCIES, LOW_STOCK_THRESHOLD, type DashboardResponse, type OrderStatus } from "@store/shared";
import type { Db } from "../../db/client";
import { productVariants, products } from "../catalog/tables";
import { orders } from "../orders/tables";
import { contactQueries } from "../content/tables";
import { istPeriodStarts } from "./seller-time";

/** Money the shop has (or will have, for cash on delivery): not pending, cancelled or refunded orders. */
export const REVENUE_STATUSES = ["paid", "cod_confirmed", "shipped", "delivered"] as const satisfies readonly OrderStatus[];

/** The dashboard lists at most this many low-stock sizes, fewest pieces first. */
export const LOW_STOCK_LIMIT = 100;

export function createDashboard(db: Db) {
  async function period(from: Date) {
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
        return { currency, orders: row?.orders ?? 0, revenue_orders: row?.revenueOrders ?? 0, revenue_minor: row?.revenue ?? 0 };
      }),
    };
  }

  return {
    /** `GET /api/admin/dashboard`: today's and this month's orders and revenue, low stock, open queries. */
    async summary(now = new Date()): Promise<DashboardResponse> {
      const starts = istPeriodStarts(now);
      const [today, month, lowStock, [open]] = await Promise.all([
        period(starts.today),
        period(starts.month),
        db.select({
          product_id: products.id,
          product_code: products.productCode,
          product_name: products.name,
          size: productVariants.size,
          stock: productVariants.stock,
        }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
          .where(and(eq(products.isActive, true), lte(productVariants.stock, LOW_STOCK_THRESHOLD)))
          .orderBy(asc(productVariants.stock), asc(products.id), asc(productVariants.position)).limit(LOW_STOCK_LIMIT),
        db.select({ n: count() }).from(contactQueries).where(isNull(contactQueries.handledAt)),
      ]);
      return { today, month, low_stock: lowStock, open_queries: open?.n ?? 0 };
    },
  };
}
