import { and, eq } from "drizzle-orm";
import {
  formatMoney,
  MESSAGES,
  toMajorUnits,
  toMinorUnits,
  type Currency,
  type GiftCardPaid,
  type GiftCardPurchase,
  type GiftCardPurchaseResponse,
  type GiftCardVerify,
} from "@store/shared";
import type { Db } from "../../db/client";
import { refusal } from "../../errors";
import { invalidField, notFound } from "../../lib/failures";
import { addDays, istDayOf } from "../../lib/seller-time";
import type { ServiceLog } from "../../log";
import { ProviderError, type PaymentProof } from "../payments/provider";
import type { createPaymentsService } from "../payments/service";
import { notConfigured, unknownMethod, verificationFailed, verifiedProvider } from "../payments/refusals";
import { productRow, sellsAmount } from "./products";
import { settleGiftCardCapture } from "./settle";
import { giftCards, type GiftCardRow } from "./tables";

type Payments = Pick<ReturnType<typeof createPaymentsService>, "gateway" | "options">;

/** How far ahead a card may be sent: a year of the seller's India days. */
const SEND_AHEAD_DAYS = 365;

function checkSendOn(sendOn: string, now: Date): void {
  const today = istDayOf(now);
  if (sendOn < today) throw invalidField("body.send_on", "The send date cannot be in the past (India time)");
  if (sendOn > addDays(today, SEND_AHEAD_DAYS))
    throw invalidField("body.send_on", "The send date can be at most a year from today");
}

/** What the buyer and the page are told about a card once paid. */
export function paidView(card: GiftCardRow): GiftCardPaid {
  const amount = formatMoney(toMajorUnits(card.amount), card.currency as Currency);
  const message =
    card.status === "pending_payment"
      ? "The payment has not reached us yet."
      : card.status === "paid"
        ? `Paid. We will e-mail your ${amount} gift card to ${card.recipientName} on ${card.sendOn}; your receipt is on its way.`
        : `Paid and sent: ${card.recipientName} has your ${amount} gift card in their inbox. Your receipt is on its way.`;
  return { gift_card_id: card.id, status: card.status, message };
}

/**
 * Buying a card (not through the cart: no stock, no shipping, no tax invoice) and paying for it through the
 * same providers as checkout, with the same widgets.
 */
export function createGiftCardPurchases(db: Db, payments: Payments, log: ServiceLog) {
  const { gateway } = payments;

  /**
   * Checks the product, amount and send date, stores the card awaiting payment, then creates the provider's
   * order outside any transaction (no lock held across the network).
   */
  async function purchase(
    input: GiftCardPurchase,
    buyerUserId: number | null,
    now = new Date(),
  ): Promise<GiftCardPurchaseResponse> {
    if (!gateway.knows(input.payment_method) || gateway.offline(input.payment_method)) throw unknownMethod();
    const provider = gateway.provider(input.payment_method);
    const offer = payments.options().find((o) => o.name === input.payment_method);
    if (!provider || !offer?.script_url) throw notConfigured();
    const product = await productRow(db, input.product_id);
    if (!product?.active) throw notFound("Gift card");
    if (!offer.currencies.includes(product.currency as Currency))
      throw invalidField("body.payment_method", `${offer.label} does not take ${product.currency}`);
    const amount = toMinorUnits(input.amount);
    if (!sellsAmount(product, amount))
      throw invalidField("body.amount", "This gift card is not sold in that amount: choose one of its amounts");
    checkSendOn(input.send_on, now);
    const [card] = await db
      .insert(giftCards)
      .values({
        productId: product.id,
        currency: product.currency,
        amount,
        recipientName: input.recipient_name,
        recipientEmail: input.recipient_email.toLowerCase(),
        message: input.message,
        sendOn: input.send_on,
        buyerName: input.buyer_name,
        buyerEmail: input.buyer_email.toLowerCase(),
        buyerUserId,
        provider: provider.name,
      })
      .returning();
    let created: { id: string };
    try {
      created = await provider.createOrder({
        orderId: card!.id,
        amount,
        currency: product.currency as Currency,
        requestId: `gift-card-${card!.id}`,
        reference: `gift_card_${card!.id}`,
      });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.error({ err, body: err.body, giftCardId: card!.id }, `${provider.name} refused a gift card's order`);
      throw refusal("unavailable", "PROVIDER_ERROR", MESSAGES.orderCreationFailed);
    }
    await db.update(giftCards).set({ providerOrderId: created.id }).where(eq(giftCards.id, card!.id));
    return {
      gift_card_id: card!.id,
      payment_method: provider.name,
      provider_order_id: created.id,
      key: provider.publicKey,
      amount_minor: amount,
      currency: product.currency as Currency,
      script_url: offer.script_url,
    };
  }

  const cardOf = async (provider: string, providerOrderId: string) =>
    (
      await db
        .select()
        .from(giftCards)
        .where(and(eq(giftCards.provider, provider), eq(giftCards.providerOrderId, providerOrderId)))
    )[0];

  /**
   * The widget's proof: checked by the provider's adapter, the money captured (or found captured), the card
   * settled. A card the webhook settled first is answered from our records without asking the provider again.
   */
  async function verify(body: GiftCardVerify): Promise<GiftCardPaid> {
    const proof: PaymentProof = {
      providerOrderId: body.order_id,
      paymentId: body.payment_id,
      signature: body.signature,
    };
    const provider = verifiedProvider(gateway, body.payment_method, proof);
    const card = await cardOf(provider.name, proof.providerOrderId);
    if (!card) throw verificationFailed();
    if (card.status !== "pending_payment") return paidView(card);
    let failure: "unprocessable" | "unavailable" = "unprocessable";
    try {
      const captured = await provider.capture(proof);
      if (captured.ok) {
        const settled = await settleGiftCardCapture(db, provider.name, captured.payment);
        if (settled?.kind === "settled") return paidView(settled.card);
        throw refusal("conflict", "PAYMENT_AMOUNT_MISMATCH", "The payment does not match the gift card.");
      }
      log.warn({ provider: provider.name, proof, reason: captured.reason }, "gift card payment not captured");
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.error({ err, body: err.body, provider: provider.name }, "gift card capture failed");
      failure = err.status !== null && err.status < 500 ? "unprocessable" : "unavailable";
    }
    // The webhook may have settled it meanwhile.
    const meanwhile = await cardOf(provider.name, proof.providerOrderId);
    if (meanwhile && meanwhile.status !== "pending_payment") return paidView(meanwhile);
    throw refusal(failure, "CAPTURE_FAILED", MESSAGES.captureFailed);
  }

  return { purchase, verify };
}
