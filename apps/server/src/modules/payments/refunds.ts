import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import {
  BANK_TRANSFER_METHOD,
  canTransition,
  formatMoney,
  SELLER,
  type Currency,
  type RefundReason,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { adminEmails } from "../accounts/admins";
import { orders } from "../orders/tables";
import { lockOrder, transition, type OrderRow } from "../orders/transitions";
import { queueRefundSentNotice } from "../orders/return-notices";
import { queueEmail } from "../../email/outbox";
import type { PaymentGateway } from "./gateway";
import type { ServiceLog } from "../../log";
import type { ProviderRefundState } from "./provider";
import { payments, refunds } from "./tables";

/**
 * Money owed back is a row, not a promise in memory (decision 059): each refund is asked in the transaction
 * that decides it (a sold-out race, a cancellation, cancelled pieces, a return, the seller's refund of an
 * order), tried at once after the commit, and retried from the database with growing pauses while the provider
 * cannot be reached. It is said refunded only when the provider says the money is back (a refund it took but
 * had not made yet is asked about again), or when the seller records the reference of a transfer they made.
 */

/** The pause after each failed try: 6 tries over about 8.5 hours. */
export const REFUND_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
/** A refund the provider took but had not made yet is asked about again after this long. */
const PROCESSING_CHECK_MS = 30 * 60_000;
/** A claimed refund is left to its runner this long; a runner that died lets another take it over after that. */
const LEASE_MS = 2 * 60_000;

export type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** Refunds that give back all that is left of the order: it is refunded once one is made. */
const WHOLE_ORDER: readonly RefundReason[] = ["payment_refused", "order_cancelled", "order_refunded"];

/** The provider shows this to the shopper beside the refund. */
const NOTE_TO_SHOPPER: Record<RefundReason, string> = {
  payment_refused: "Sold out while you were paying.",
  order_cancelled: "Your order was cancelled.",
  order_refunded: "Your order was refunded.",
  pieces_cancelled: "Pieces of your order were cancelled.",
  return: "Your return was accepted.",
};
const TO_ORIGINAL_PAYMENT = "the card, UPI or wallet you paid with";

export interface RefundAsk {
  reason: RefundReason;
  /** Minor units of the order's currency. */
  amount: number;
  returnId?: number | null;
}

/** Every refund asked of a payment so far (made, under way, or failed and still owed), minor units. */
async function askedOf(tx: Tx, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ asked: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  return row?.asked ?? 0;
}

/** The order's captured online payment, locked while its refunds are counted; undefined when nothing was paid online. */
async function lockCapturedPayment(tx: Tx, orderId: number): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, ["captured", "refunded"]),
        isNotNull(payments.providerPaymentId),
        // A bank transfer goes back as the seller's transfer, never through a provider (decision 098).
        ne(payments.provider, BANK_TRANSFER_METHOD),
      ),
    )
    .for("update");
  return payment;
}

/**
 * In the deciding transaction, on a payment the caller holds locked: `ask` is owed back through its provider.
 * Refunds never add up to more than the payment (refused with the amount left). Answers the refund's id, to try
 * at once after the commit.
 */
export async function refundPayment(tx: Tx, payment: PaymentRow, ask: RefundAsk): Promise<number> {
  const left = payment.amount - (await askedOf(tx, payment.id));
  if (ask.amount > left) {
    const money = (minor: number) => formatMoney(minor / 100, payment.currency as Currency);
    throw new AppError(
      "conflict",
      `Only ${money(Math.max(0, left))} of this payment can still be refunded, and ${money(ask.amount)} was asked.`,
      "REFUND_EXCEEDS_PAYMENT",
    );
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: payment.orderId,
      paymentId: payment.id,
      method: "provider",
      reason: ask.reason,
      returnId: ask.returnId ?? null,
      amount: ask.amount,
      currency: payment.currency,
      idempotencyKey: `refund-${randomUUID()}`,
      nextAt: sql`now()`,
    })
    .returning({ id: refunds.id });
  return row!.id;
}

/**
 * In the deciding transaction: `ask` is owed back on the order's online payment. Answers the refund's id, to
 * try at once after the commit, or null when nothing was paid online (or nothing is owed).
 */
export async function requestRefund(tx: Tx, orderId: number, ask: RefundAsk): Promise<number | null> {
  if (ask.amount <= 0) return null;
  const payment = await lockCapturedPayment(tx, orderId);
  if (payment) return refundPayment(tx, payment, ask);
  // Paid by bank transfer: owed as the seller's transfer, the seller told (decision 098).
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const left = order ? await bankTransferLeft(tx, orderId) : 0;
  if (order && left > 0) await oweTransfer(tx, order, { ...ask, amount: Math.min(ask.amount, left) });
  return null;
}

/** What the order's bank transfers hold that is neither sent back nor owed back yet, minor units. */
export async function bankTransferLeft(tx: Tx, orderId: number): Promise<number> {
  const [paid] = await tx
    .select({ sum: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, BANK_TRANSFER_METHOD)));
  return (paid?.sum ?? 0) - (await transferredFor(tx, orderId));
}

/**
 * Money received by bank transfer that must go back (decision 098): a transfer refund owed (requested, no
 * reference, never tried by the queue) until the seller records the one they made; the seller is e-mailed.
 */
export async function oweTransfer(tx: Tx, order: OrderRow, ask: RefundAsk & { why?: string }): Promise<number | null> {
  if (ask.amount <= 0) return null;
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      method: "transfer",
      reason: ask.reason,
      returnId: ask.returnId ?? null,
      status: "requested",
      amount: ask.amount,
      currency: order.currency,
      idempotencyKey: `owed-${randomUUID()}`,
      nextAt: null,
    })
    .returning({ id: refunds.id });
  const money = formatMoney(ask.amount / 100, order.currency as Currency);
  for (const to of await adminEmails(tx))
    await queueEmail(tx, {
      to,
      subject: `Order #${order.id}: send ${money} back by bank transfer`,
      text: [
        ask.why ?? `Order #${order.id} was paid by bank transfer and ${money} of it is to go back.`,
        "",
        `Send ${money} to the buyer's account, then record the transfer's reference on the order's page in the back office.`,
        "",
        `${SELLER.brand} back office`,
      ].join("\n"),
    });
  return row!.id;
}

/**
 * A transfer owed back (`oweTransfer`) that the seller has now sent, recorded with its reference, the order
 * locked by the caller: it is refunded and the order follows as for any made refund.
 */
export async function sendOwedTransfer(
  tx: Tx,
  order: OrderRow,
  refundId: number,
  reference: string,
): Promise<RefundRow | null> {
  const [refund] = await tx
    .update(refunds)
    .set({ status: "refunded", reference, refundedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.orderId, order.id),
        eq(refunds.method, "transfer"),
        eq(refunds.status, "requested"),
      ),
    )
    .returning();
  if (!refund) return null;
  await followMadeRefund(tx, order, refund, "the account you paid from");
  return refund;
}

/** What the order's online payment has left to refund (0 when nothing was paid online). */
export async function refundableOnline(tx: Tx, orderId: number): Promise<number> {
  const payment = await lockCapturedPayment(tx, orderId);
  return payment ? payment.amount - (await askedOf(tx, payment.id)) : 0;
}

/** What the seller has refunded by transfer on the order so far (a cash-on-delivery shopper's returns). */
export async function transferredFor(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ sent: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.method, "transfer")));
  return row?.sent ?? 0;
}

/**
 * A refund is made, the order locked by the caller: the payment is refunded once its refunds add up to it, the
 * order is refunded when the refund was for all that was left of it, and the shopper is told where the money went.
 */
async function followMadeRefund(tx: Tx, order: OrderRow, refund: RefundRow, destination: string): Promise<void> {
  if (refund.paymentId !== null) {
    await tx.execute(sql`
      update ${payments} set status = 'refunded', updated_at = now()
      where id = ${refund.paymentId} and amount <= (
        select coalesce(sum(amount), 0) from ${refunds} where payment_id = ${refund.paymentId} and status = 'refunded'
      )`);
  }
  if (WHOLE_ORDER.includes(refund.reason) && canTransition(order.status, "refunded"))
    await transition(tx, order, "refunded", `Refund ${refund.providerRefundId ?? refund.reference}`);
  await queueRefundSentNotice(tx, order, { amountMinor: refund.amount, destination });
}

/**
 * In the caller's transaction, the order locked: a transfer the seller made (UPI, NEFT, IMPS) to a shopper who
 * paid cash on delivery, recorded as made with its reference; the order follows as it would a provider's
 * refund. `destination`: where it went, in the shopper's words ("UPI id asha@okaxis").
 */
export async function recordTransfer(
  tx: Tx,
  order: OrderRow,
  transfer: RefundAsk & { reference: string; destination: string },
): Promise<RefundRow> {
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      method: "transfer",
      reason: transfer.reason,
      returnId: transfer.returnId ?? null,
      status: "refunded",
      amount: transfer.amount,
      currency: order.currency,
      idempotencyKey: `transfer-${randomUUID()}`,
      reference: transfer.reference,
      refundedAt: sql`now()`,
    })
    .returning();
  await followMadeRefund(tx, order, refund!, transfer.destination);
  return refund!;
}

/** What a made provider refund means above this module (a return becomes refunded), in the same transaction. */
export type RefundMadeHook = (tx: Tx, refund: RefundRow) => Promise<void>;

function failedRefundEmail(to: string, refund: RefundRow, provider: string, error: string) {
  const amount = formatMoney(refund.amount / 100, refund.currency as Currency);
  return {
    to,
    subject: `Refund failed for order #${refund.orderId}: please retry it`,
    text: [
      `The ${provider} refund of ${amount} for order #${refund.orderId} failed after ${refund.attempts + 1} tries and will not be tried again on its own.`,
      `Last error: ${error}`,
      "",
      `Open the order in the back office and press "Retry refund", or refund it in the ${provider} dashboard.`,
      "",
      `${SELLER.brand} back office`,
    ].join("\n"),
  };
}

/**
 * `tries`: how many tries a refund gets in all (REFUND_TRIES); by default the first try and one per pause of
 * the schedule. Fewer cut the schedule short.
 */
export function createRefundQueue(
  db: Db,
  deps: { gateway: PaymentGateway; log: ServiceLog; tries?: number; onMade?: RefundMadeHook },
) {
  const delays = REFUND_RETRY_DELAYS_MS.slice(0, Math.max(0, (deps.tries ?? Infinity) - 1));
  type Claimed = { refund: RefundRow; payment: PaymentRow };

  /**
   * Takes one due refund (that one, or the next due) for a short lease: SKIP LOCKED and the lease keep two
   * runners (replicas, or the at-once try and the schedule) from asking the provider together, and no
   * transaction stays open across the network call.
   */
  async function claim(refundId?: number): Promise<Claimed | undefined> {
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select({ refund: refunds, payment: payments })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(
          and(
            inArray(refunds.status, ["requested", "processing"]),
            lte(refunds.nextAt, sql`now()`),
            refundId === undefined ? undefined : eq(refunds.id, refundId),
          ),
        )
        .orderBy(asc(refunds.nextAt))
        .limit(1)
        .for("update", { of: refunds, skipLocked: true });
      if (!due) return undefined;
      await tx
        .update(refunds)
        .set({ nextAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
        .where(eq(refunds.id, due.refund.id));
      return due;
    });
  }

  async function recordMade({ refund }: Claimed, providerRefundId: string): Promise<void> {
    await db.transaction(async (tx) => {
      // The order first, as every path that asks for a refund locks it before the payment (no deadlock).
      const order = await lockOrder(tx, refund.orderId);
      const [made] = await tx
        .update(refunds)
        .set({
          status: "refunded",
          providerRefundId,
          refundedAt: sql`now()`,
          nextAt: null,
          error: null,
          updatedAt: sql`now()`,
        })
        .where(eq(refunds.id, refund.id))
        .returning();
      if (order) await followMadeRefund(tx, order, made!, TO_ORIGINAL_PAYMENT);
      await deps.onMade?.(tx, made!);
    });
  }

  async function recordProcessing({ refund }: Claimed, providerRefundId: string): Promise<void> {
    await db
      .update(refunds)
      .set({
        status: "processing",
        providerRefundId,
        nextAt: sql`now() + ${`${PROCESSING_CHECK_MS} milliseconds`}::interval`,
        error: null,
        updatedAt: sql`now()`,
      })
      .where(eq(refunds.id, refund.id));
  }

  /** A failed try: retried after the schedule's next pause, or failed for good (the seller is e-mailed). */
  async function recordFailure({ refund, payment }: Claimed, error: string, final = false): Promise<void> {
    const attempts = refund.attempts + 1;
    const pause = final ? undefined : delays[attempts - 1];
    await db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({
          attempts,
          error: error.slice(0, 500),
          updatedAt: sql`now()`,
          ...(pause === undefined
            ? { status: "failed" as const, nextAt: null }
            : { nextAt: sql`now() + ${`${pause} milliseconds`}::interval` }),
        })
        .where(eq(refunds.id, refund.id));
      if (pause === undefined) {
        for (const to of await adminEmails(tx))
          await queueEmail(tx, failedRefundEmail(to, refund, payment.provider, error));
      }
    });
    deps.log.error(
      { orderId: refund.orderId, refundId: refund.id, provider: payment.provider, attempts, error },
      pause === undefined ? "refund failed for good; the seller was e-mailed" : "refund failed; it will be retried",
    );
  }

  async function follow(claimed: Claimed, providerRefundId: string, state: ProviderRefundState): Promise<void> {
    if (state === "refunded") return recordMade(claimed, providerRefundId);
    if (state === "pending") return recordProcessing(claimed, providerRefundId);
    return recordFailure(claimed, `the provider reports refund ${providerRefundId} failed`, true);
  }

  async function attempt(claimed: Claimed): Promise<void> {
    const { refund, payment } = claimed;
    const provider = deps.gateway.provider(payment.provider);
    try {
      if (!provider) throw new Error(`${payment.provider} is not configured`);
      if (!payment.providerPaymentId) throw new Error("the payment has no provider payment id");
      if (refund.status === "processing" && refund.providerRefundId) {
        const state = await provider.refundState({
          paymentId: payment.providerPaymentId,
          refundId: refund.providerRefundId,
        });
        return await follow(claimed, refund.providerRefundId, state);
      }
      const result = await provider.refund({
        paymentId: payment.providerPaymentId,
        amount: refund.amount,
        currency: refund.currency,
        // The same key on every try: the provider refunds once, however often it is asked.
        requestId: refund.idempotencyKey,
        note: NOTE_TO_SHOPPER[refund.reason],
      });
      return await follow(claimed, result.refundId, result.state);
    } catch (err) {
      await recordFailure(claimed, err instanceof Error ? err.message : String(err));
    }
  }

  /** Right after the deciding transaction committed: the first try, at once (a no-op if another runner has it). */
  async function refundNow(refundId: number): Promise<void> {
    const claimed = await claim(refundId);
    if (claimed) await attempt(claimed);
  }

  return {
    refundNow,

    /** The scheduled run: every refund that is due, one after the other. Answers how many were tried. */
    async runDue(limit = 20): Promise<number> {
      let tried = 0;
      for (; tried < limit; tried++) {
        const claimed = await claim();
        if (!claimed) break;
        await attempt(claimed);
      }
      return tried;
    },

    /**
     * The back office's "Retry refund": the order's refunds that failed for good are tried again, at once. One the
     * provider itself refused is asked anew under a new key (the old key would answer the same refusal). Answers
     * whether there was one.
     */
    async retry(orderId: number): Promise<boolean> {
      const again = await db
        .update(refunds)
        .set({
          status: "requested",
          attempts: 0,
          nextAt: sql`now()`,
          idempotencyKey: sql`case when ${refunds.providerRefundId} is null then ${refunds.idempotencyKey} else 'refund-' || gen_random_uuid() end`,
          providerRefundId: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "failed")))
        .returning({ id: refunds.id });
      for (const { id } of again) await refundNow(id);
      return again.length > 0;
    },
  };
}
