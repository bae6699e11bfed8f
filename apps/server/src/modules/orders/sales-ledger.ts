import { sql, type SQL } from "drizzle-orm";
import type { Currency } from "@store/shared";
import type { Db } from "../../db/client";
import { products } from "../catalog/tables";
import { orderLines, orderReversalLines, orderReversals, orders } from "./tables";

/**
 * Sales as the reports count them (decision 063): an order is sold on the day it is confirmed (paid, or cash on
 * delivery confirmed), at its total then; what is taken back later (pieces cancelled, the order cancelled less
 * the fee kept, goods returned, a parcel returned undelivered, a whole refund) counts on its own day. So a
 * period's figures never change once it is over, and they net refunds and cancellations as the GST figures net
 * credit notes: in the period they happen.
 */
export type SalesGrouping = "day" | "currency" | "product" | "category";

export interface SalesFigures {
  key: string;
  label: string;
  currency: Currency;
  /** Orders confirmed in the period (for a product or a category: orders containing it). */
  orders: number;
  piecesSold: number;
  piecesBack: number;
  /** Minor units: by day and in total, the orders' totals; by product or category, item prices x pieces. */
  sold: number;
  takenBack: number;
}

const istDay = (at: SQL) => sql`to_char((${at} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

/** Each confirmation and each reversal in the period, per order (day, currency) or per order line (product). */
function movements(byLine: boolean, from: Date, to: Date): SQL {
  const [start, end] = [sql`${from.toISOString()}::timestamptz`, sql`${to.toISOString()}::timestamptz`];
  const confirmedIn = sql`${orders.confirmedAt} >= ${start} and ${orders.confirmedAt} < ${end}`;
  const reversedIn = sql`${orderReversals.createdAt} >= ${start} and ${orderReversals.createdAt} < ${end}`;
  if (byLine)
    return sql`
      select ${orderLines.productId} as product_id, ${orderLines.productName} as product_name, ${orders.currency} as currency,
        ${orders.id} as sold_order, ${orderLines.unitPrice}::bigint * ${orderLines.quantity} as sold, 0::bigint as back,
        ${orderLines.quantity}::bigint as pieces_sold, 0::bigint as pieces_back
      from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
      where ${confirmedIn}
      union all
      select ${orderLines.productId}, ${orderLines.productName}, ${orders.currency}, null, 0,
        ${orderLines.unitPrice}::bigint * ${orderReversalLines.pieces}, 0, ${orderReversalLines.pieces}
      from ${orderReversalLines}
        join ${orderReversals} on ${orderReversals.id} = ${orderReversalLines.reversalId}
        join ${orderLines} on ${orderLines.id} = ${orderReversalLines.orderLineId}
        join ${orders} on ${orders.id} = ${orderReversals.orderId}
      where ${reversedIn}`;
  const pieces = (table: SQL, column: SQL, key: SQL) =>
    sql`(select coalesce(sum(${column}), 0) from ${table} where ${key})::bigint`;
  return sql`
    select ${istDay(sql`${orders.confirmedAt}`)} as day, ${orders.currency} as currency, ${orders.id} as sold_order,
      ${orders.confirmedTotal}::bigint as sold, 0::bigint as back,
      ${pieces(sql`${orderLines}`, sql`${orderLines.quantity}`, sql`${orderLines.orderId} = ${orders.id}`)} as pieces_sold,
      0::bigint as pieces_back
    from ${orders} where ${confirmedIn}
    union all
    select ${istDay(sql`${orderReversals.createdAt}`)}, ${orders.currency}, null, 0, ${orderReversals.amount}, 0,
      ${pieces(sql`${orderReversalLines}`, sql`${orderReversalLines.pieces}`, sql`${orderReversalLines.reversalId} = ${orderReversals.id}`)}
    from ${orderReversals} join ${orders} on ${orders.id} = ${orderReversals.orderId}
    where ${reversedIn}`;
}

const GROUPS: Record<SalesGrouping, { key: SQL; label: SQL; join?: SQL }> = {
  day: { key: sql`m.day`, label: sql`m.day` },
  currency: { key: sql`''`, label: sql`''` },
  product: { key: sql`coalesce(m.product_id::text, '')`, label: sql`max(m.product_name)` },
  category: {
    key: sql`coalesce(p.category_id::text, '')`,
    label: sql`coalesce(p.category_id::text, '')`,
    join: sql`left join ${products} p on p.id = m.product_id`,
  },
};

/** The period's sales and what was taken back in it, per group and currency. */
export async function salesFigures(db: Db, grouping: SalesGrouping, from: Date, to: Date): Promise<SalesFigures[]> {
  const group = GROUPS[grouping];
  const byLine = grouping === "product" || grouping === "category";
  const result = (await db.execute(sql`
    select ${group.key} as key, ${group.label} as label, m.currency as currency,
      count(distinct m.sold_order)::int as orders, sum(m.pieces_sold)::bigint as pieces_sold,
      sum(m.pieces_back)::bigint as pieces_back, sum(m.sold)::bigint as sold, sum(m.back)::bigint as back
    from (${movements(byLine, from, to)}) m ${group.join ?? sql``}
    group by 1, 3
    order by 1, 3`)) as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    key: String(r.key),
    label: String(r.label),
    currency: r.currency as Currency,
    orders: Number(r.orders),
    piecesSold: Number(r.pieces_sold),
    piecesBack: Number(r.pieces_back),
    sold: Number(r.sold),
    takenBack: Number(r.back),
  }));
}
