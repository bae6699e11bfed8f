import { and, desc, eq, gt, inArray, ne, sql, type Placeholder } from "drizzle-orm";
import { builtForAnySession } from "../../db/prepared";
import type { OrderStatus } from "@store/shared";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/client";
import { lockCart, touchCart } from "../cart/checkout-lines";
import { confirmOrder } from "../confirmation/confirm";
import { releaseHolds } from "../orders/holds";
import { Refusal, refusal } from "../../errors";
import { orderEvents, orders } from "../orders/tables";
import { transition, type OrderRow } from "../orders/transitions";
import type { CapturedPayment, ProviderName, WebhookEvent } from "./provider";
import { refundPayment } from "./refunds";
import { giveBackCredit } from "../store-credit/ledger";
import { payments, webhookEvents } from "./tables";

export type SettleOutcome =
  | { kind: "paid"; orderId: number; status: OrderStatus; viewToken: string }
  /**
   * Committed, then thrown by the shopper's verify (a webhook only acknowledges it). `refundId`: a refund was
   * requested in the same transaction; the caller tries it at once after the commit.
   */
  | { kind: "refused"; orderId: number; refusal: Refusal; refundId: number | null }
  | { kind: "unknown_order" }
  | { kind: "duplicate_event" };

const CLOSED_FALLBACK = "This order was cancelled. Your payment will be refunded.";

/** Statuses an order reaches only once paid: a settled payment's order answers "paid" in any of them. */
const PAID_STATUSES = ["paid", "shipped", "delivered", "returned_to_origin"] as const satisfies readonly OrderStatus[];

const paymentWithOrderQuery = builtForAnySession("payment_with_order", (db) =>
  db
    .select({ payment: payments, orderStatus: orders.status, cartId: orders.cartId, viewToken: orders.viewToken })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.provider, sql.placeholder("provider")),
        eq(payments.providerOrderId, sql.placeholder("providerOrderId")),
      ),
    ),
);

/**
 * A provider order's payment with its order's status, in one read; with the order's view token, so a verify
 * answers its confirmation page without reading the order again. Built once: it runs three times a checkout
 * (the verify and both webhooks).
 */
export async function paymentWithOrder(db: Db, provider: ProviderName, providerOrderId: string) {
  const [row] = await paymentWithOrderQuery(db).execute({ provider, providerOrderId });
  return row;
}
export type PaymentWithOrder = NonNullable<Awaited<ReturnType<typeof paymentWithOrder>>>;

/**
 * This very capture is already recorded on an order that is paid (or further along): settling it again would
 * lock the cart and the order only to change nothing and answer "paid". The shopper's verify after the
 * provider's webhook, and the webhook's second event for one payment, are answered from this one read. A
 * cancelled or refunded order, another payment id or another amount takes the full path under the locks.
 */
export function settledAsPaid(
  known: PaymentWithOrder,
  capture: Pick<CapturedPayment, "paymentId" | "amount" | "currency">,
): { kind: "paid"; orderId: number; status: OrderStatus; viewToken: string } | null {
  const { payment, orderStatus, viewToken } = known;
  const same =
    payment.status === "captured" &&
    payment.providerPaymentId === capture.paymentId &&
    payment.amount === capture.amount &&
    payment.currency === capture.currency;
  return same && (PAID_STATUSES as readonly OrderStatus[]).includes(orderStatus)
    ? { kind: "paid", orderId: payment.orderId, status: orderStatus, viewToken }
    : null;
}

/** What a closed order answers, the same every time (replays included): the reason it was cancelled. */
async function closedRefusal(tx: Tx, orderId: number): Promise<Refusal> {
  const [cancelled] = await tx
    .select({ note: orderEvents.note, data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "cancelled")))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const reason =
    cancelled?.data && typeof cancelled.data === "object" && "reason" in cancelled.data
      ? String(cancelled.data.reason)
      : "ORDER_CLOSED";
  return refusal("conflict", reason, cancelled?.note || CLOSED_FALLBACK);
}

/**
 * A payment for an attempt that had closed (timed out, or replaced by a newer attempt of the same cart) is
 * honoured only if nothing of that cart was bought since the attempt began: otherwise the shopper would pay
 * twice for one cart (two tabs, two methods).
 */
async function boughtSince(tx: Tx, order: OrderRow): Promise<Refusal | null> {
  const [bought] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderEvents, eq(orderEvents.orderId, orders.id))
    .where(
      and(
        eq(orders.cartId, order.cartId),
        ne(orders.id, order.id),
        inArray(orderEvents.toStatus, ["paid", "cod_confirmed"]),
        // Events within one status (pieces cancelled, tracking corrected) are not a purchase.
        sql`${orderEvents.fromStatus} is distinct from ${orderEvents.toStatus}`,
        gt(orderEvents.createdAt, order.createdAt),
      ),
    )
    .limit(1);
  return bought
    ? refusal(
        "conflict",
        "ALREADY_ORDERED",
        `This cart was already ordered as order #${bought.id}. This payment will be refunded.`,
      )
    : null;
}

const CREDIT_WENT_BACK = () =>
  refusal(
    "conflict",
    "STORE_CREDIT_RETURNED",
    "This order lapsed before it was paid, and its store credit went back to your account. This payment will be refunded.",
  );

/** The order's payment from this provider order: what joins a payment to its order when settling. */
const ofPayment = (provider: ProviderName | Placeholder, providerOrderId: string | Placeholder) =>
  and(eq(payments.orderId, orders.id), eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId))!;

/**
 * Locks the order's cart, then the order (the order every step touching a cart's attempts takes, see
 * `lockOrderWithCart`), and reads the provider order's payment in the order's statement.
 */
async function lockForSettling(
  tx: Tx,
  provider: ProviderName,
  providerOrderId: string,
  orderId: number,
  cartId: string,
) {
  await lockCart(tx, cartId);
  const [locked] = await lockedOrderQuery(tx).execute({ provider, providerOrderId, orderId });
  return locked;
}
// Built once: the whole order and payment, read on every verify (decision 116).
const lockedOrderQuery = builtForAnySession("settling_order_lock", (tx) =>
  tx
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, ofPayment(sql.placeholder("provider"), sql.placeholder("providerOrderId")))
    .where(eq(orders.id, sql.placeholder("orderId")))
    .for("update", { of: orders }),
);

/** What settling needs to know besides the capture; `known` is the caller's read of the payment, when it made one. */
export interface SettleContext {
  /** The webhook's event, recorded in the settling transaction so a replayed delivery is recognised. */
  event?: WebhookEvent;
  known?: Pick<PaymentWithOrder, "payment" | "cartId">;
}

/**
 * The one place a captured payment changes an order, shared by verify-payment and both webhooks. Under the
 * cart's lock, then the order's (verify and webhook racing each other queue up here): an open order becomes
 * paid, its held pieces sold; a closed attempt is paid late when its pieces can still be had and its cart
 * was not bought meanwhile; otherwise it is cancelled and its payment owed back (requested here, tried by
 * the caller after the commit). An order already settled answers as it did the first time and changes
 * nothing. A webhook's event id is recorded in the same transaction, so a replayed delivery is recognised.
 */
export async function settlePayment(
  db: Db,
  provider: ProviderName,
  capture: CapturedPayment,
  { event, known }: SettleContext = {},
): Promise<SettleOutcome> {
  return db.transaction(async (tx): Promise<SettleOutcome> => {
    if (event) {
      const recorded = await tx
        .insert(webhookEvents)
        .values({ provider, eventId: event.eventId, payload: event.payload })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      if (recorded.length === 0) return { kind: "duplicate_event" };
    }
    // A payment's order and an order's cart never change: the caller's read of them is as good as a new one.
    const [owner] = known
      ? [{ orderId: known.payment.orderId, cartId: known.cartId }]
      : await tx
          .select({ orderId: orders.id, cartId: orders.cartId })
          .from(payments)
          .innerJoin(orders, ofPayment(provider, capture.providerOrderId));
    if (!owner) return { kind: "unknown_order" };
    const locked = await lockForSettling(tx, provider, capture.providerOrderId, owner.orderId, owner.cartId);
    if (!locked) return { kind: "unknown_order" };
    const { order, payment } = locked;

    const record = (status?: "captured") =>
      tx
        .update(payments)
        .set({
          ...(status && { status }),
          providerPaymentId: capture.paymentId,
          raw: capture.raw,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, payment.id));
    // The money was taken and cannot be honoured: it goes back, all of it.
    const refuse = async (reason: Refusal): Promise<SettleOutcome> => {
      await record("captured");
      const refundId = await refundPayment(
        tx,
        { ...payment, status: "captured", providerPaymentId: capture.paymentId },
        { reason: "payment_refused", amount: payment.amount },
      );
      return { kind: "refused", orderId: order.id, refusal: reason, refundId };
    };

    if (capture.amount !== payment.amount || capture.currency !== payment.currency) {
      // Providers charge the amount of the order we created, so this is tampering or a bug: never "paid".
      return {
        kind: "refused",
        orderId: order.id,
        refusal: refusal("conflict", "PAYMENT_AMOUNT_MISMATCH", "The payment does not match the order."),
        refundId: null,
      };
    }

    switch (order.status) {
      case "pending_payment":
      case "expired": {
        const late = order.status === "expired";
        // Its store credit went back when it lapsed (decision 088): the shopper may have spent it since.
        let refused = late ? (order.storeCredit > 0 ? CREDIT_WENT_BACK() : await boughtSince(tx, order)) : null;
        if (!refused) {
          try {
            const note = `${provider} payment ${capture.paymentId}${late ? " (after the order expired)" : ""}`;
            // Cash on delivery's advance (decision 093) confirms the order; the rest is collected at the door.
            const to = order.paymentMethod === "cod" ? "cod_confirmed" : "paid";
            // The payment is recorded as captured in the confirmation's statement of writes (one round trip less).
            await confirmOrder(tx, order, to, order.paymentMethod === "cod" ? `Advance paid: ${note}` : note, [
              record("captured"),
            ]);
            return { kind: "paid", orderId: order.id, status: to, viewToken: order.viewToken };
          } catch (err) {
            // Sold out or its promo used up meanwhile (confirmOrder's savepoint undid its part): the money goes back.
            if (!(err instanceof Refusal)) throw err;
            refused = err;
          }
        }
        await releaseHolds(tx, order);
        await transition(tx, order, "cancelled", refused.message, {
          reason: refused.code,
          paymentId: capture.paymentId,
        });
        // The store credit it spent goes back (once: a lapsed order gave it back already).
        await giveBackCredit(tx, { orderId: order.id, cause: "cancelled", reason: `Order #${order.id} was cancelled` });
        // The cart keeps its lines; touching it makes the shopper's next checkout a new attempt.
        await touchCart(tx, order.cartId);
        return refuse(refused);
      }
      case "paid":
      case "shipped":
      case "delivered":
      case "returned_to_origin":
        return { kind: "paid", orderId: order.id, status: order.status, viewToken: order.viewToken };
      case "cancelled":
      case "refunded": {
        const closed = await closedRefusal(tx, order.id);
        // Money arriving for an order closed before it was paid goes back too; a capture seen before was
        // dealt with then (refunded, or the seller's cancellation asked its refund).
        const seen = payment.status !== "created" && payment.providerPaymentId === capture.paymentId;
        if (!seen) return refuse(closed);
        return { kind: "refused", orderId: order.id, refusal: closed, refundId: null };
      }
      case "cod_confirmed":
        // Its advance settled before (decision 093): answered as it was the first time.
        if (order.codAdvance > 0)
          return { kind: "paid", orderId: order.id, status: order.status, viewToken: order.viewToken };
        throw new Error(`order ${order.id} is cash on delivery but has a ${provider} payment`);
      case "awaiting_confirmation":
        throw new Error(`order ${order.id} is cash on delivery but has a ${provider} payment`);
    }
  });
}
