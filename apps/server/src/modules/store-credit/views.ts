import { and, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import {
  STORE_CREDIT_KIND_LABELS,
  toMajorUnits,
  type AdminStoreCreditLedger,
  type AdminStoreCreditOverview,
  type Currency,
  type StoreCreditBalance,
  type StoreCreditEntry,
  type StoreCreditView,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { notFound } from "../../lib/failures";
import { users } from "../accounts/tables";
import { storeCreditEntries } from "./tables";
import type { CreditEntry } from "./ledger";

const HISTORY_LIMIT = 200;

function entryView(row: CreditEntry): StoreCreditEntry {
  return {
    id: row.id,
    kind: row.kind,
    label: STORE_CREDIT_KIND_LABELS[row.kind],
    currency: row.currency as Currency,
    amount: toMajorUnits(row.amountMinor),
    order_id: row.orderId,
    return_id: row.returnId,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

/** A shopper's balances: every currency they ever held, even at 0 (so "you spent it all" reads as ₹0). */
async function balancesOf(db: Db, userId: number): Promise<StoreCreditBalance[]> {
  const rows = await db
    .select({
      currency: storeCreditEntries.currency,
      total: sql<number>`sum(${storeCreditEntries.amountMinor})::int`,
    })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    .groupBy(storeCreditEntries.currency)
    .orderBy(storeCreditEntries.currency);
  return rows.map((r) => ({ currency: r.currency as Currency, amount: toMajorUnits(r.total) }));
}

const historyOf = (db: Db, userId: number) =>
  db
    .select({ entry: storeCreditEntries, by: users.email })
    .from(storeCreditEntries)
    .leftJoin(users, eq(users.id, storeCreditEntries.actorUserId))
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(desc(storeCreditEntries.createdAt), desc(storeCreditEntries.id))
    .limit(HISTORY_LIMIT);

/** `GET /api/store-credit/`: the shopper's own balances and movements, newest first. */
export async function shopperView(db: Db, userId: number): Promise<StoreCreditView> {
  const history = await historyOf(db, userId);
  return { balances: await balancesOf(db, userId), history: history.map(({ entry }) => entryView(entry)) };
}

/** The back office's ledger of one shopper, with who made each adjustment. */
export async function adminLedger(db: Db, userId: number): Promise<AdminStoreCreditLedger> {
  const [shopper] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!shopper) throw notFound("Shopper");
  const history = await historyOf(db, userId);
  return {
    shopper: { id: shopper.id, name: `${shopper.firstName} ${shopper.lastName}`.trim(), email: shopper.email },
    balances: await balancesOf(db, userId),
    history: history.map(({ entry, by }) => ({ ...entryView(entry), by })),
  };
}

/**
 * What the shop owes in each currency (the sum of every row: a liability until spent), and the shoppers
 * holding a non-zero balance, largest first, optionally those whose name or e-mail matches `query`.
 */
export async function adminOverview(db: Db, query?: string): Promise<AdminStoreCreditOverview> {
  const owed = await db
    .select({ currency: storeCreditEntries.currency, total: sql<number>`sum(${storeCreditEntries.amountMinor})::int` })
    .from(storeCreditEntries)
    .groupBy(storeCreditEntries.currency)
    .orderBy(storeCreditEntries.currency);
  const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const total = sql<number>`sum(${storeCreditEntries.amountMinor})::int`;
  const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;
  const holders = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      currency: storeCreditEntries.currency,
      total,
    })
    .from(storeCreditEntries)
    .innerJoin(users, eq(users.id, storeCreditEntries.userId))
    .where(pattern ? or(ilike(users.email, pattern), ilike(fullName, pattern)) : undefined)
    .groupBy(users.id, storeCreditEntries.currency)
    .having(ne(total, 0))
    .orderBy(desc(total), users.id)
    .limit(HISTORY_LIMIT);
  const accounts = pattern
    ? await db
        .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(and(eq(users.role, "shopper"), or(ilike(users.email, pattern), ilike(fullName, pattern))))
        .orderBy(users.email)
        .limit(10)
    : [];
  return {
    accounts: accounts.map((a) => ({
      user_id: a.userId,
      name: `${a.firstName} ${a.lastName}`.trim(),
      email: a.email,
    })),
    owed: owed.map((r) => ({ currency: r.currency as Currency, amount: toMajorUnits(r.total) })),
    holders: holders.map((h) => ({
      user_id: h.userId,
      name: `${h.firstName} ${h.lastName}`.trim(),
      email: h.email,
      currency: h.currency as Currency,
      amount: toMajorUnits(h.total),
    })),
  };
}

/** Whether this user id is a shopper's account (the adjustment form's target). */
export async function isShopper(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, "shopper")));
  return Boolean(row);
}
