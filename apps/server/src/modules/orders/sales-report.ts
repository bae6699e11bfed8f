import { and, asc, count, countDistinct, eq, gte, lt, sql } from "drizzle-orm";
import {
  CATEGORIES,
  CURRENCIES,
  decimalText,
  type Currency,
  type SalesReportQuery,
  type SalesReportResponse,
  type SalesReportRow,
} from "@store/shared";
import type { Db } from "../../db/client";
import { toCsv } from "../../lib/csv";
import { istDayEnd, istDayStart } from "../../lib/seller-time";
import { products } from "../catalog/tables";
import { countedOrder, lineValueSum, orderIstDay, piecesSum, revenueSum } from "./sales";
import { orderLines, orders } from "./tables";

/**
 * The sales report (issue 13, point 11): counted orders only (paid, COD-confirmed, shipped, delivered);
 * cancelled and refunded orders are left out whole, unplaced checkouts never count (decision 022-dashboard-and-sales).
 */
export function createSalesReport(db: Db) {
  const inPeriod = (q: SalesReportQuery) =>
    and(countedOrder, gte(orders.createdAt, istDayStart(q.from)), lt(orders.createdAt, istDayEnd(q.to)));
  const orderPieces = sql<number>`coalesce((select sum(${orderLines.quantity} - ${orderLines.cancelledQuantity}) from ${orderLines} where ${orderLines.orderId} = ${orders.id}), 0)`;
  const piecesOfOrders = sql<number>`coalesce(sum(${orderPieces}), 0)`.mapWith(Number);
  // What every row of the report measures, per currency: counted from the orders (by day, totals), or
  // from their lines (by product, by category, where an order with two products counts in both).
  const orderMeasures = { currency: orders.currency, orders: count(), pieces: piecesOfOrders, revenue: revenueSum };
  const lineMeasures = {
    currency: orders.currency,
    orders: countDistinct(orders.id),
    pieces: piecesSum,
    revenue: lineValueSum,
  };

  async function byDay(q: SalesReportQuery): Promise<SalesReportRow[]> {
    const rows = await db
      .select({ day: orderIstDay, ...orderMeasures })
      .from(orders)
      .where(inPeriod(q))
      .groupBy(orderIstDay, orders.currency)
      .orderBy(asc(orderIstDay), asc(orders.currency));
    return rows.map((r) => row(r.day, r.day, r));
  }

  async function byProduct(q: SalesReportQuery): Promise<SalesReportRow[]> {
    const rows = await db
      .select({
        productId: orderLines.productId,
        name: sql<string>`max(${orderLines.productName})`,
        ...lineMeasures,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inPeriod(q))
      .groupBy(orderLines.productId, orders.currency);
    return rows
      .map((r) => row(r.productId === null ? "" : String(r.productId), r.name, r))
      .sort((a, b) => b.revenue_minor - a.revenue_minor || a.label.localeCompare(b.label));
  }

  async function byCategory(q: SalesReportQuery): Promise<SalesReportRow[]> {
    const rows = await db
      .select({ categoryId: products.categoryId, ...lineMeasures })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(products, eq(products.id, orderLines.productId))
      .where(inPeriod(q))
      .groupBy(products.categoryId, orders.currency)
      .orderBy(asc(products.categoryId), asc(orders.currency));
    return rows.map((r) => {
      const name = CATEGORIES.find((c) => c.id === r.categoryId)?.name ?? "Unknown (product removed)";
      return row(r.categoryId === null ? "" : String(r.categoryId), name, r);
    });
  }

  async function totals(q: SalesReportQuery): Promise<SalesReportResponse["totals"]> {
    const rows = await db.select(orderMeasures).from(orders).where(inPeriod(q)).groupBy(orders.currency);
    return CURRENCIES.map((currency) => {
      const r = rows.find((t) => t.currency === currency);
      return { currency, orders: r?.orders ?? 0, pieces: r?.pieces ?? 0, revenue_minor: r?.revenue ?? 0 };
    });
  }

  const grouped = { day: byDay, product: byProduct, category: byCategory } as const;

  return {
    /** `GET /api/admin/sales` */
    async report(q: SalesReportQuery): Promise<SalesReportResponse> {
      const [data, sums] = await Promise.all([grouped[q.group](q), totals(q)]);
      return { from: q.from, to: q.to, group: q.group, data, totals: sums };
    },

    /** `GET /api/admin/sales.csv`: the report's lines, amounts in major units (rupees, dollars). */
    async csv(q: SalesReportQuery): Promise<string> {
      const data = await grouped[q.group](q);
      const numbers = (r: SalesReportRow) => [r.currency, r.orders, r.pieces, decimalText(r.revenue_minor)];
      const tail = ["currency", "orders", "pieces", "revenue"];
      if (q.group === "day")
        return toCsv(
          ["day", ...tail],
          data.map((r) => [r.key, ...numbers(r)]),
        );
      const head = q.group === "product" ? ["product_id", "product_name"] : ["category_id", "category"];
      return toCsv(
        [...head, ...tail],
        data.map((r) => [r.key, r.label, ...numbers(r)]),
      );
    },
  };
}

function row(
  key: string,
  label: string,
  r: { currency: string; orders: number; pieces: number; revenue: number },
): SalesReportRow {
  return {
    key,
    label,
    currency: r.currency as Currency,
    orders: r.orders,
    pieces: r.pieces,
    revenue_minor: r.revenue,
  };
}
