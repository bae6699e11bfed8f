import { and, desc, eq, sql } from "drizzle-orm";
import type { OrderStatus } from "@store/shared";
import type { Db } from "../../db/client";
import type { Tx } from "../cart/cart-access";
import { touchCart } from "../cart/checkout-lines";
import { invalidateCatalogCache } from "../catalog/cache";
import { fulfilOrder } from "../checkout/fulfil";
import { refusal, type Refusal } from "../checkout/refusal";
import { orderEvents } from "../checkout/tables";
import { lockOrder, transition } from "../checkout/transitions";
import type { CapturedPayment, ProviderName, WebhookEvent } from "./provider";
import { payments, webhookEvents } from "./tables";

/** Money to give back after the transaction that decided so has committed. */
export interface RefundRequest {
  orderId: number;
  provider: ProviderName;
  paymentId: string;
  amount: number;
  currency: string;
}

export type SettleOutcome =
  | { kind: "paid"; orderId: number; status: OrderStatus }
  | { kind: "refused"; orderId: number; refusal: Refusal; refund: RefundRequest | null }
  | { kind: "unknown_order" }
  | { kind: "duplicate_event" };

const CLOSED_FALLBACK = "This order was cancelled. Your payment will be refunded.";

/** What a closed order answers, the same every time (replays included): the reason it was cancelled. */
async function closedRefusal(tx: Tx, orderId: number): Promise<Refusal> {
  const [cancelled] = await tx
    .select({ note: orderEvents.note, data: orderEvents.data })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "cancelled")))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const reason = cancelled?.data && typeof cancelled.data === "object" && "reason" in cancelled.data ? String(cancelled.data.reason) : "ORDER_CLOSED";
  return refusal("conflict", reason, cancelled?.note || CLOSED_FALLBACK);
}

/**
 * The one place a captured payment changes an order, shared by verify-payment and both webhooks. Under the
 * order's row lock (verify and webhook racing each other queue up here): a pending order becomes paid with
 * its stock taken, or, if a piece sold out meanwhile, cancelled with its payment marked for refund. An
 * order already settled answers as it did the first time and changes nothing. A webhook's event id is
 * recorded in the same transaction, so a replayed delivery is recognised and a failed one can be retried.
 */
export async function settlePayment(db: Db, provider: ProviderName, capture: CapturedPayment, event?: WebhookEvent): Promise<SettleOutcome> {
  let stockTaken = false;
  const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
    if (event) {
      const recorded = await tx.insert(webhookEvents).values({ provider, eventId: event.eventId, payload: event.payload }).onConflictDoNothing().returning({ id: webhookEvents.id });
      if (recorded.length === 0) return { kind: "duplicate_event" };
    }
    const ofOrder = and(eq(payments.provider, provider), eq(payments.providerOrderId, capture.providerOrderId));
    const [known] = await tx.select({ orderId: payments.orderId }).from(payments).where(ofOrder);
    if (!known) return { kind: "unknown_order" };
    const order = await lockOrder(tx, known.orderId);
    const [payment] = await tx.select().from(payments).where(ofOrder);
    if (!order || !payment) return { kind: "unknown_order" };

    const refund = { orderId: order.id, provider, paymentId: capture.paymentId, amount: capture.amount, currency: capture.currency };
    const markPayment = (status: "captured" | "refund_requested") =>
      tx.update(payments).set({ status, providerPaymentId: capture.paymentId, raw: capture.raw, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));

    if (capture.amount !== payment.amount || capture.currency !== payment.currency) {
      // Providers charge the amount of the order we created, so this is tampering or a bug: never "paid".
      return { kind: "refused", orderId: order.id, refusal: refusal("conflict", "PAYMENT_AMOUNT_MISMATCH", "The payment does not match the order."), refund: null };
    }

    switch (order.status) {
      case "pending_payment": {
        const fulfilled = await fulfilOrder(tx, order, "paid", `${provider} payment ${capture.paymentId}`);
        if (fulfilled.ok) {
          stockTaken = true;
          await markPayment("captured");
          return { kind: "paid", orderId: order.id, status: "paid" };
        }
        await transition(tx, order, "cancelled", fulfilled.refusal.message, { reason: fulfilled.refusal.code, paymentId: capture.paymentId });
        await markPayment("refund_requested");
        // The cart keeps its lines; touching it makes the shopper's next checkout a new attempt.
        await touchCart(tx, order.cartId);
        return { kind: "refused", orderId: order.id, refusal: fulfilled.refusal, refund };
      }
      case "paid":
      case "shipped":
      case "delivered":
        return { kind: "paid", orderId: order.id, status: order.status };
      case "cancelled":
      case "refunded": {
        const closed = await closedRefusal(tx, order.id);
        // Money arriving for an order closed before it was paid goes back too.
        const owed = payment.status === "created" || payment.status === "captured";
        if (owed) await markPayment("refund_requested");
        return { kind: "refused", orderId: order.id, refusal: closed, refund: owed ? refund : null };
      }
      case "cod_confirmed":
        throw new Error(`order ${order.id} is cash on delivery but has a ${provider} payment`);
    }
  });
  // Product pages show stock. After the commit: a read in between would cache the count from before it.
  if (stockTaken) invalidateCatalogCache();
  return outcome;
}
