import { and, eq, sql } from "drizzle-orm";
import { formatMoney, toMajorUnits, type Currency } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import type { GiveBackOnClose } from "../orders/holds";
import { AppError } from "../../errors";
import { queueCreditIssuedEmail } from "./emails";
import { storeCreditEntries } from "./tables";

export type CreditEntry = typeof storeCreditEntries.$inferSelect;

/** Advisory-lock namespaces (the two-key form), one per currency: a shopper's balances move independently. */
const LOCK_SPACE: Record<Currency, number> = { INR: 42_001, USD: 42_002 };

/**
 * Serialises every movement of one shopper's credit in one currency until the transaction ends, so a balance
 * read under it stays true until the movement is written: two debits at once take turns and the second sees
 * the first (decision 087). An advisory lock, not a row lock on `users`, so no other module's row is held.
 */
async function lockBalance(tx: Tx, userId: number, currency: Currency): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE[currency]}::int, ${userId}::int)`);
}

/** A shopper's balance in one currency, in minor units: the sum of the ledger's rows. */
export async function balanceOf(db: Db | Tx, userId: number, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${storeCreditEntries.amountMinor}), 0)::int` })
    .from(storeCreditEntries)
    .where(and(eq(storeCreditEntries.userId, userId), eq(storeCreditEntries.currency, currency)));
  return row?.total ?? 0;
}

function overdrawn(balance: number, debit: number, currency: Currency): AppError {
  return new AppError(
    "conflict",
    `The store credit balance is ${formatMoney(toMajorUnits(balance), currency)}: it cannot go down by ${formatMoney(toMajorUnits(debit), currency)}.`,
    "STORE_CREDIT_TOO_LOW",
  );
}

type Insert = typeof storeCreditEntries.$inferInsert;

async function write(tx: Tx, entry: Insert): Promise<CreditEntry> {
  const [row] = await tx.insert(storeCreditEntries).values(entry).returning();
  return row!;
}

const existing = (tx: Tx, where: ReturnType<typeof and>) =>
  tx
    .select()
    .from(storeCreditEntries)
    .where(where)
    .limit(1)
    .then((rows) => rows[0]);

/**
 * An accepted return's refund, issued as credit in the order's currency, once per return (asked again, the
 * first entry is answered and nothing is written or e-mailed). In the caller's transaction, with the return.
 */
export async function issueReturnCredit(
  tx: Tx,
  input: { userId: number; currency: Currency; amountMinor: number; orderId: number; returnId: number },
): Promise<{ entry: CreditEntry; created: boolean }> {
  await lockBalance(tx, input.userId, input.currency);
  const before = await existing(
    tx,
    and(eq(storeCreditEntries.kind, "return"), eq(storeCreditEntries.returnId, input.returnId)),
  );
  if (before) return { entry: before, created: false };
  const entry = await write(tx, {
    ...input,
    kind: "return",
    reason: `Return #${input.returnId}`,
  });
  await queueCreditIssuedEmail(tx, entry);
  return { entry, created: true };
}

/**
 * The owner's goodwill adjustment: a credit (a delay, a flaw not worth a return) or a debit (a correction),
 * never taking the balance below zero (409). A credit is e-mailed to the shopper.
 */
export async function adjustCredit(
  tx: Tx,
  input: { userId: number; currency: Currency; amountMinor: number; reason: string; actorUserId: number },
): Promise<CreditEntry> {
  await lockBalance(tx, input.userId, input.currency);
  if (input.amountMinor < 0) {
    const balance = await balanceOf(tx, input.userId, input.currency);
    if (balance + input.amountMinor < 0) throw overdrawn(balance, -input.amountMinor, input.currency);
  }
  const entry = await write(tx, { ...input, kind: "goodwill" });
  if (entry.amountMinor > 0) await queueCreditIssuedEmail(tx, entry);
  return entry;
}

/**
 * The balance a checkout may spend, read under the shopper's lock (held until the transaction ends), so the
 * spend that follows in the same transaction finds it unchanged.
 */
export async function lockedBalance(tx: Tx, userId: number, currency: Currency): Promise<number> {
  await lockBalance(tx, userId, currency);
  return balanceOf(tx, userId, currency);
}

/**
 * Credit spent on an order at checkout (decision 088): once per order; asked again (a second tab finding the
 * same order), the first spend is answered. More than the balance is refused (409), so two tabs cannot spend
 * the same credit.
 */
export async function spendCredit(
  tx: Tx,
  input: { userId: number; currency: Currency; amountMinor: number; orderId: number },
): Promise<{ entry: CreditEntry; created: boolean }> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new RangeError(`A spend is a positive whole amount, got ${input.amountMinor}`);
  await lockBalance(tx, input.userId, input.currency);
  const before = await existing(
    tx,
    and(eq(storeCreditEntries.kind, "spent"), eq(storeCreditEntries.orderId, input.orderId)),
  );
  if (before) return { entry: before, created: false };
  const balance = await balanceOf(tx, input.userId, input.currency);
  if (balance < input.amountMinor) throw overdrawn(balance, input.amountMinor, input.currency);
  const entry = await write(tx, {
    userId: input.userId,
    currency: input.currency,
    amountMinor: -input.amountMinor,
    kind: "spent",
    orderId: input.orderId,
    reason: `Order #${input.orderId}`,
  });
  return { entry, created: true };
}

/** What the order's credit did, minor units: spent at checkout, given back since, and issued by its returns. */
export async function creditOfOrder(
  tx: Db | Tx,
  orderId: number,
): Promise<{ spent: number; givenBack: number; returned: number }> {
  const sum = (kind: CreditEntry["kind"]) =>
    sql<number>`coalesce(sum(${storeCreditEntries.amountMinor}) filter (where ${storeCreditEntries.kind} = ${kind}), 0)::int`;
  const [row] = await tx
    .select({ spent: sum("spent"), givenBack: sum("given_back"), returned: sum("return") })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.orderId, orderId));
  return { spent: -(row?.spent ?? 0), givenBack: row?.givenBack ?? 0, returned: row?.returned ?? 0 };
}

/** What one cause gave back of an order's credit (0 when nothing). */
export async function givenBackFor(tx: Tx, orderId: number, cause: GiveBackCause): Promise<number> {
  const row = await existing(
    tx,
    and(
      eq(storeCreditEntries.kind, "given_back"),
      eq(storeCreditEntries.orderId, orderId),
      eq(storeCreditEntries.cause, cause),
    ),
  );
  return row?.amountMinor ?? 0;
}

/**
 * Why credit goes back (decision 088), each once per order: its unpaid attempt closed, it was cancelled, the
 * rest of it refunded, some pieces cancelled (the sale's reversal row), or a return refunded.
 */
export type GiveBackCause = "closed" | "cancelled" | "refunded" | `pieces:${number}` | `return:${number}`;

/**
 * Credit an order spent goes back to its shopper: `amountMinor` of it (all that is left when absent), never
 * more than it spent less what went back before, and once per cause (asked again, the first row is answered).
 * Null when the order spent no credit or none is left to give.
 */
export async function giveBackCredit(
  tx: Tx,
  input: { orderId: number; cause: GiveBackCause; reason: string; amountMinor?: number },
): Promise<{ entry: CreditEntry; created: boolean } | null> {
  const { orderId, cause } = input;
  const spent = await existing(tx, and(eq(storeCreditEntries.kind, "spent"), eq(storeCreditEntries.orderId, orderId)));
  if (!spent) return null;
  await lockBalance(tx, spent.userId, spent.currency as Currency);
  const before = await existing(
    tx,
    and(
      eq(storeCreditEntries.kind, "given_back"),
      eq(storeCreditEntries.orderId, orderId),
      eq(storeCreditEntries.cause, cause),
    ),
  );
  if (before) return { entry: before, created: false };
  const { givenBack } = await creditOfOrder(tx, orderId);
  const left = -spent.amountMinor - givenBack;
  const amount = Math.min(input.amountMinor ?? left, left);
  if (amount <= 0) return null;
  const entry = await write(tx, {
    userId: spent.userId,
    currency: spent.currency,
    amountMinor: amount,
    kind: "given_back",
    orderId,
    cause,
    reason: input.reason,
  });
  return { entry, created: true };
}

/**
 * A gift card added to a shopper's store credit, in the card's currency: once per card (the partial unique
 * index); asked again, the first entry is answered. In the gift-cards module's transaction, which marks the
 * card redeemed with it. No "credit issued" e-mail: the shopper is looking at the account page as it happens.
 */
export async function redeemGiftCardCredit(
  tx: Tx,
  input: { userId: number; currency: Currency; amountMinor: number; giftCardId: number; reason: string },
): Promise<{ entry: CreditEntry; created: boolean }> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new RangeError(`A gift card holds a positive whole amount, got ${input.amountMinor}`);
  await lockBalance(tx, input.userId, input.currency);
  const before = await existing(
    tx,
    and(eq(storeCreditEntries.kind, "gift_card"), eq(storeCreditEntries.giftCardId, input.giftCardId)),
  );
  if (before) return { entry: before, created: false };
  const entry = await write(tx, { ...input, kind: "gift_card" });
  return { entry, created: true };
}

/** An unpaid attempt closed (lapsed, replaced by a newer checkout, too many wrong codes): all its credit goes back. */
export const giveBackOnClose: GiveBackOnClose = (tx, orderId) =>
  giveBackCredit(tx, { orderId, cause: "closed", reason: `Order #${orderId} was not completed` });
