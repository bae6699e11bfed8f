import { and, asc, eq, lte, sql } from "drizzle-orm";
import { formatMoney, SELLER, type Currency } from "@store/shared";
import type { Db } from "../../db/client";
import { adminEmails } from "../accounts/admins";
import type { Tx } from "../../db/client";
import { lockOrder, transition } from "../orders/transitions";
import { queueEmail } from "../../email/outbox";
import type { PaymentGateway } from "./gateway";
import type { ServiceLog } from "../../log";
import { payments } from "./tables";

/**
 * Money owed back is a row, not a promise in memory: a refund is requested in the same transaction that
 * decides it (a sold-out race, a late payment, a cancellation), tried at once after the commit, and retried
 * from the database with growing pauses when the provider cannot be reached. After the last try the payment
 * is `refund_failed`, the seller is e-mailed, and the back office offers to try again.
 */

/** The pause after each failed try: 6 tries over about 8.5 hours. */
export const REFUND_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
/** A claimed refund is left to its runner this long; a runner that died lets another take it over after that. */
const LEASE_MS = 2 * 60_000;

type PaymentRow = typeof payments.$inferSelect;

/** In the deciding transaction: the payment is owed back (`amount` minor units, all of it by default), due now. */
export async function requestRefund(
  tx: Tx,
  payment: { id: number; amount: number },
  amount = payment.amount,
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: "refund_requested",
      refundAmount: amount,
      refundAttempts: 0,
      refundNextAt: sql`now()`,
      refundError: null,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, payment.id));
}

function failedRefundEmail(to: string, payment: PaymentRow, error: string) {
  const amount = formatMoney((payment.refundAmount ?? payment.amount) / 100, payment.currency as Currency);
  return {
    to,
    subject: `Refund failed for order #${payment.orderId}: please retry it`,
    text: [
      `The ${payment.provider} refund of ${amount} for order #${payment.orderId} failed ${payment.refundAttempts + 1} times and will not be tried again on its own.`,
      `Last error: ${error}`,
      "",
      `Open the order in the back office and press "Retry refund", or refund it in the ${payment.provider} dashboard.`,
      "",
      `${SELLER.brand} back office`,
    ].join("\n"),
  };
}

/**
 * `tries`: how many tries a refund gets in all (REFUND_TRIES); by default the first try and one per pause of
 * the schedule. Fewer cut the schedule short.
 */
export function createRefundQueue(db: Db, deps: { gateway: PaymentGateway; log: ServiceLog; tries?: number }) {
  const delays = REFUND_RETRY_DELAYS_MS.slice(0, Math.max(0, (deps.tries ?? Infinity) - 1));

  /**
   * Takes one due refund (that one, or the next due) for a short lease: SKIP LOCKED and the lease keep two
   * runners (replicas, or the at-once try and the schedule) from asking the provider together, and no
   * transaction stays open across the network call.
   */
  async function claim(paymentId?: number): Promise<PaymentRow | undefined> {
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, "refund_requested"),
            lte(payments.refundNextAt, sql`now()`),
            paymentId === undefined ? undefined : eq(payments.id, paymentId),
          ),
        )
        .orderBy(asc(payments.refundNextAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return undefined;
      await tx
        .update(payments)
        .set({ refundNextAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
        .where(eq(payments.id, due.id));
      return due;
    });
  }

  async function recordSuccess(payment: PaymentRow, refundId: string, done: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      // A refund of cancelled pieces leaves the rest of the payment captured (and refundable later).
      const part = payment.refundKey !== null;
      await tx
        .update(payments)
        .set({
          refundId,
          ...(done && !part && { status: "refunded" as const }),
          ...(done &&
            part && {
              status: "captured" as const,
              partRefunded: payment.partRefunded + (payment.refundAmount ?? 0),
              refundKey: null,
            }),
          refundAttempts: payment.refundAttempts + 1,
          refundNextAt: null,
          refundError: null,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, payment.id));
      const order = await lockOrder(tx, payment.orderId);
      if (done && !part && order?.status === "cancelled") await transition(tx, order, "refunded", `Refund ${refundId}`);
    });
  }

  async function recordFailure(payment: PaymentRow, error: string): Promise<void> {
    const attempts = payment.refundAttempts + 1;
    const pause = delays[attempts - 1];
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({
          refundAttempts: attempts,
          refundError: error.slice(0, 500),
          updatedAt: sql`now()`,
          ...(pause === undefined
            ? { status: "refund_failed" as const, refundNextAt: null }
            : { refundNextAt: sql`now() + ${`${pause} milliseconds`}::interval` }),
        })
        .where(eq(payments.id, payment.id));
      if (pause === undefined) {
        for (const to of await adminEmails(tx)) await queueEmail(tx, failedRefundEmail(to, payment, error));
      }
    });
    deps.log.error(
      { orderId: payment.orderId, provider: payment.provider, attempts, error },
      pause === undefined ? "refund failed for good; the seller was e-mailed" : "refund failed; it will be retried",
    );
  }

  async function attempt(payment: PaymentRow): Promise<void> {
    const provider = deps.gateway.provider(payment.provider);
    let result;
    try {
      if (!provider) throw new Error(`${payment.provider} is not configured`);
      if (!payment.providerPaymentId) throw new Error("the payment has no provider payment id");
      result = await provider.refund({
        paymentId: payment.providerPaymentId,
        amount: payment.refundAmount ?? payment.amount,
        currency: payment.currency,
        // The same id on every try: the provider refunds once, however often it is asked. A part has its own.
        requestId: payment.refundKey ?? `refund-order-${payment.orderId}`,
      });
    } catch (err) {
      await recordFailure(payment, err instanceof Error ? err.message : String(err));
      return;
    }
    await recordSuccess(payment, result.refundId, result.done);
  }

  /** Right after the deciding transaction committed: the first try, at once (a no-op if another runner has it). */
  async function refundNow(paymentId: number): Promise<void> {
    const payment = await claim(paymentId);
    if (payment) await attempt(payment);
  }

  return {
    refundNow,

    /** The scheduled run: every refund that is due, one after the other. Answers how many were tried. */
    async runDue(limit = 20): Promise<number> {
      let tried = 0;
      for (; tried < limit; tried++) {
        const payment = await claim();
        if (!payment) break;
        await attempt(payment);
      }
      return tried;
    },

    /** The back office's "Retry refund": a refund that failed for good is tried again, at once. Answers whether there was one. */
    async retry(orderId: number): Promise<boolean> {
      const [again] = await db
        .update(payments)
        .set({ status: "refund_requested", refundAttempts: 0, refundNextAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(payments.orderId, orderId), eq(payments.status, "refund_failed")))
        .returning({ id: payments.id });
      if (!again) return false;
      await refundNow(again.id);
      return true;
    },
  };
}
