import { and, eq, sql } from "drizzle-orm";
import { formatMoney, toMajorUnits, type Currency } from "@store/shared";
import type { Db, Tx } from "../../db/client";
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
 * Credit spent on an order (checkout, a later slice of issue 42): once per order; asked again, the first
 * spend is answered. More than the balance is refused (409), so two tabs cannot spend the same credit.
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

/**
 * What an order spent, given back when it is cancelled, expires or is refunded: exactly once, and only what
 * it spent. Null when the order spent no credit.
 */
export async function giveBackCredit(
  tx: Tx,
  orderId: number,
  reason: string,
): Promise<{ entry: CreditEntry; created: boolean } | null> {
  const spent = await existing(tx, and(eq(storeCreditEntries.kind, "spent"), eq(storeCreditEntries.orderId, orderId)));
  if (!spent) return null;
  await lockBalance(tx, spent.userId, spent.currency as Currency);
  const before = await existing(
    tx,
    and(eq(storeCreditEntries.kind, "given_back"), eq(storeCreditEntries.orderId, orderId)),
  );
  if (before) return { entry: before, created: false };
  const entry = await write(tx, {
    userId: spent.userId,
    currency: spent.currency,
    amountMinor: -spent.amountMinor,
    kind: "given_back",
    orderId,
    reason,
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
