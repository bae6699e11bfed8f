import { and, count, desc, eq, inArray, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import {
  UNPLACED_STATUSES,
  type Currency,
  type Customer,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerListResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/failures";
import { users } from "../accounts/tables";
import { REVENUE_STATUSES } from "./sales";
import { orders } from "./tables";

/**
 * The seller's customers (issue 13 point 11), read from placed orders: an account is one customer, a guest
 * e-mail (lower-cased) another. Unplaced checkouts (awaiting payment or confirmation, expired) never count.
 * Spend is per currency (never added across), over orders that are money (REVENUE_STATUSES): a cancelled
 * or refunded order counts as an order placed, not as spend.
 */
const placed = notInArray(orders.status, [...UNPLACED_STATUSES]);
const customerKey = sql<string>`coalesce('user-' || ${orders.userId}, 'email-' || lower(${orders.email}))`;
/** The newest order's value of a column, within one customer's group. */
const latest = (column: SQL | typeof orders.deliveryName) =>
  sql<string | null>`(array_agg(${column} order by ${orders.createdAt} desc, ${orders.id} desc))[1]`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function keyFilter(key: string): SQL | undefined {
  if (key.startsWith("user-")) return eq(orders.userId, Number(key.slice(5)));
  return and(isNull(orders.userId), sql`lower(${orders.email}) = ${key.slice(6).toLowerCase()}`);
}

function customerRows(
  db: Db,
  where: SQL | undefined,
  having: SQL | undefined,
  page?: { size: number; offset: number },
) {
  const base = db
    .select({
      key: customerKey,
      userId: sql<number | null>`max(${orders.userId})`,
      name: latest(orders.deliveryName),
      orderEmail: sql<
        string | null
      >`(array_agg(${orders.email} order by ${orders.createdAt} desc) filter (where ${orders.email} is not null))[1]`,
      accountEmail: sql<string | null>`max(${users.email})`,
      phone: latest(sql`${orders.countryCode} || ' ' || ${orders.mobileNumber}`),
      orders: count(),
      lastOrderAt: sql<string>`max(${orders.createdAt})`,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(placed, sql`(${orders.userId} is not null or ${orders.email} is not null)`, where))
    .groupBy(customerKey)
    .having(having)
    .orderBy(desc(sql`max(${orders.createdAt})`), desc(customerKey));
  return page ? base.limit(page.size).offset(page.offset) : base;
}

async function spendOf(db: Db, keys: string[]): Promise<Map<string, Customer["spend"]>> {
  const spend = new Map<string, Customer["spend"]>(keys.map((k) => [k, []]));
  if (keys.length === 0) return spend;
  const rows = await db
    .select({
      key: customerKey,
      currency: orders.currency,
      orders: count(),
      total: sql<number>`coalesce(sum(${orders.total}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(inArray(orders.status, [...REVENUE_STATUSES]), inArray(customerKey, keys)))
    .groupBy(customerKey, orders.currency)
    .orderBy(orders.currency);
  for (const r of rows)
    spend.get(r.key)?.push({ currency: r.currency as Currency, orders: r.orders, total_minor: r.total });
  return spend;
}

type Row = Awaited<ReturnType<typeof customerRows>>[number];
const toCustomer = (r: Row, spend: Customer["spend"]): Customer => ({
  key: r.key,
  user_id: r.userId === null ? null : Number(r.userId),
  name: r.name ?? "",
  email: r.orderEmail ?? r.accountEmail ?? "",
  phone: r.phone ?? "",
  orders: r.orders,
  spend,
  last_order_at: new Date(r.lastOrderAt).toISOString(),
});

export async function listCustomers(db: Db, query: CustomerListQuery): Promise<CustomerListResponse> {
  const words = query.query?.trim();
  const like = words ? `%${escapeLike(words)}%` : null;
  // A customer matches when any of their placed orders (or their account's e-mail) does.
  const having = like
    ? sql`bool_or(${orders.deliveryName} ilike ${like} or ${orders.email} ilike ${like} or ${orders.mobileNumber} ilike ${like} or coalesce(${users.email}, '') ilike ${like})`
    : undefined;
  const offset = (query.page - 1) * query.page_size;
  const [rows, all] = await Promise.all([
    customerRows(db, undefined, having, { size: query.page_size, offset }),
    db.select({ n: count() }).from(customerRows(db, undefined, having).as("customers")),
  ]);
  const spend = await spendOf(
    db,
    rows.map((r) => r.key),
  );
  return {
    data: rows.map((r) => toCustomer(r, spend.get(r.key) ?? [])),
    total: all[0]?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** One customer with their latest 100 placed orders. */
export async function customerDetail(db: Db, key: string): Promise<CustomerDetail> {
  const where = keyFilter(key);
  const [row] = await customerRows(db, where, undefined);
  if (!row) throw notFound("Customer");
  const [spend, recent] = await Promise.all([
    spendOf(db, [row.key]),
    db
      .select({
        id: orders.id,
        status: orders.status,
        currency: orders.currency,
        total: orders.total,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(and(placed, where))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(100),
  ]);
  return {
    ...toCustomer(row, spend.get(row.key) ?? []),
    recent_orders: recent.map((o) => ({
      id: o.id,
      status: o.status,
      currency: o.currency as Currency,
      total_minor: o.total,
      created_at: o.createdAt.toISOString(),
    })),
  };
}
