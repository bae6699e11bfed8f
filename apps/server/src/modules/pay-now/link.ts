import { eq, sql } from "drizzle-orm";
import {
  formatMoney,
  MESSAGES,
  type Currency,
  type PayNowPaid,
  type PayNowPayRequest,
  type PayNowPayResponse,
  type PayNowVerify,
  type PayNowView,
} from "@store/shared";
import type { Db } from "../../db/client";
import { refusal } from "../../errors";
import { invalidField } from "../../lib/failures";
import { sameSecret } from "../../lib/secrets";
import type { ServiceLog } from "../../log";
import { toPayByMethod } from "../orders/refund-policy";
import { orderLines, orders } from "../orders/tables";
import { ProviderError, type PaymentProof } from "../payments/provider";
import type { createPaymentsService } from "../payments/service";
import { notConfigured, unknownMethod, verificationFailed, verifiedProvider } from "../payments/refusals";
import { hasOrderParcel } from "../shipping/book";
import { tokenHash } from "./send";
import { closedReason, settlePayNowCapture, type PayNowSettled } from "./settle";
import { payNowNudges, type PayNowNudgeRow } from "./tables";

type Payments = Pick<ReturnType<typeof createPaymentsService>, "gateway" | "options" | "refunds">;

const badLink = () =>
  refusal("not_found", "PAY_NOW_LINK_INVALID", "This link is not valid. Use the latest message we sent.");
const PAID_MESSAGE = "Paid, thank you! Your order is now prepaid: the courier will collect nothing at the door.";

/**
 * The shopper's side of a nudge (decision 094): the link's page, the provider order it pays through (the same
 * providers and widgets as checkout and gift cards) and the widget's proof.
 */
export function createPayNowLinks(db: Db, payments: Payments, log: ServiceLog) {
  const { gateway } = payments;

  /** The nudge of a link; a wrong order or token is one 404, as for every tokened link. */
  async function nudgeOf(orderId: number, token: string): Promise<PayNowNudgeRow> {
    const [nudge] = await db.select().from(payNowNudges).where(eq(payNowNudges.orderId, orderId));
    if (!nudge?.tokenHash || !sameSecret(tokenHash(token), nudge.tokenHash)) throw badLink();
    return nudge;
  }

  async function orderOf(orderId: number) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw badLink();
    return order;
  }

  /** What paying takes now: what is left after store credit (pieces may have been cancelled since) less the discount. */
  const dueOf = (order: typeof orders.$inferSelect, nudge: PayNowNudgeRow) => {
    const left = toPayByMethod(order);
    const discount = Math.max(0, Math.min(nudge.discount, left - 100));
    return { left, discount, due: left - discount };
  };

  async function view(orderId: number, token: string): Promise<PayNowView> {
    const nudge = await nudgeOf(orderId, token);
    if (!nudge.openedAt)
      await db
        .update(payNowNudges)
        .set({ openedAt: sql`now()` })
        .where(eq(payNowNudges.orderId, orderId));
    const order = await orderOf(orderId);
    if (!nudge.convertedAt) {
      const closed = closedReason(order, await hasOrderParcel(db, orderId));
      if (closed) throw closed;
    }
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
    const { discount, due } = nudge.convertedAt
      ? { discount: nudge.discount, due: nudge.amountDue }
      : dueOf(order, nudge);
    return {
      order_id: orderId,
      currency: order.currency as Currency,
      delivery_name: order.deliveryName,
      lines: lines
        .filter((l) => l.quantity > l.cancelledQuantity)
        .map((l) => ({ name: l.productName, size: l.size, quantity: l.quantity - l.cancelledQuantity })),
      total_minor: nudge.convertedAt ? order.total + nudge.discount : order.total,
      store_credit_minor: order.storeCredit,
      discount_minor: discount,
      due_minor: due,
      state: nudge.convertedAt ? "paid" : "open",
      message: nudge.convertedAt
        ? PAID_MESSAGE
        : `Pay ${formatMoney(due / 100, order.currency as Currency)} now and the courier collects nothing at the door.`,
    };
  }

  /**
   * The provider's order for the widget, made outside any transaction. One per nudge while its amount stands
   * (opening the page twice pays the same provider order); a changed amount (pieces cancelled) makes a new one.
   */
  async function pay(orderId: number, token: string, input: PayNowPayRequest): Promise<PayNowPayResponse> {
    if (!gateway.knows(input.payment_method) || gateway.offline(input.payment_method)) throw unknownMethod();
    const nudge = await nudgeOf(orderId, token);
    const order = await orderOf(orderId);
    const closed = closedReason(order, await hasOrderParcel(db, orderId));
    if (closed) throw closed;
    const provider = gateway.provider(input.payment_method);
    const offer = payments.options().find((o) => o.name === input.payment_method);
    if (!provider || !offer?.script_url) throw notConfigured();
    const currency = order.currency as Currency;
    if (!offer.currencies.includes(currency))
      throw invalidField("body.payment_method", `${offer.label} does not take ${currency}`);
    const { discount, due } = dueOf(order, nudge);
    const answer = (providerOrderId: string): PayNowPayResponse => ({
      order_id: orderId,
      payment_method: provider.name,
      provider_order_id: providerOrderId,
      key: provider.publicKey,
      amount_minor: due,
      currency,
      script_url: offer.script_url!,
    });
    if (nudge.providerOrderId && nudge.provider === provider.name && nudge.amountDue === due)
      return answer(nudge.providerOrderId);
    let created: { id: string };
    try {
      created = await provider.createOrder({
        orderId,
        amount: due,
        currency,
        requestId: `pay-now-${orderId}-${due}`,
        reference: `pay_now_${orderId}`,
      });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.error({ err, body: err.body, orderId }, `${provider.name} refused a pay-now order`);
      throw refusal("unavailable", "PROVIDER_ERROR", MESSAGES.orderCreationFailed);
    }
    await db
      .update(payNowNudges)
      .set({ provider: provider.name, providerOrderId: created.id, amountDue: due, discount })
      .where(eq(payNowNudges.orderId, orderId));
    return answer(created.id);
  }

  /** Settled: the order's words; too late: its refund tried at once and the reason thrown. */
  async function outcome(settled: PayNowSettled | null, orderId: number): Promise<PayNowPaid> {
    if (settled?.kind === "converted") return { order_id: orderId, message: PAID_MESSAGE };
    if (settled?.kind === "refused") {
      if (settled.refundId !== null) await payments.refunds.refundNow(settled.refundId);
      throw settled.refusal;
    }
    if (settled?.kind === "mismatch")
      throw refusal("conflict", "PAYMENT_AMOUNT_MISMATCH", "The payment does not match the amount due.");
    throw verificationFailed();
  }

  /**
   * The widget's proof: checked by the provider's adapter, captured, settled. A nudge the webhook settled first
   * answers from our records without asking the provider again.
   */
  async function verify(body: PayNowVerify): Promise<PayNowPaid> {
    const proof: PaymentProof = {
      providerOrderId: body.order_id,
      paymentId: body.payment_id,
      signature: body.signature,
    };
    const provider = verifiedProvider(gateway, body.payment_method, proof);
    const [nudge] = await db
      .select()
      .from(payNowNudges)
      .where(
        sql`${payNowNudges.provider} = ${provider.name} and ${payNowNudges.providerOrderId} = ${proof.providerOrderId}`,
      );
    if (!nudge) throw verificationFailed();
    if (nudge.convertedAt) return { order_id: nudge.orderId, message: PAID_MESSAGE };
    let failure: "unprocessable" | "unavailable" = "unprocessable";
    try {
      const captured = await provider.capture(proof);
      if (captured.ok) return outcome(await settlePayNowCapture(db, provider.name, captured.payment), nudge.orderId);
      log.warn({ provider: provider.name, proof, reason: captured.reason }, "pay-now payment not captured");
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.error({ err, body: err.body, provider: provider.name }, "pay-now capture failed");
      failure = err.status !== null && err.status < 500 ? "unprocessable" : "unavailable";
    }
    const [meanwhile] = await db.select().from(payNowNudges).where(eq(payNowNudges.orderId, nudge.orderId));
    if (meanwhile?.convertedAt) return { order_id: nudge.orderId, message: PAID_MESSAGE };
    throw refusal(failure, "CAPTURE_FAILED", MESSAGES.captureFailed);
  }

  return { view, pay, verify };
}
