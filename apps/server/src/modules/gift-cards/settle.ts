import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CapturedPayment, ProviderName } from "../payments/provider";
import { queueGiftCardReceipt } from "./emails";
import { dueBy, sendGiftCard } from "./send";
import { giftCardProducts, giftCards, type GiftCardRow } from "./tables";

export type GiftCardSettled = { kind: "settled"; card: GiftCardRow } | { kind: "mismatch"; card: GiftCardRow };

/**
 * A captured payment for a gift card's provider order, from the buyer's verify or the provider's webhook
 * (payments hands the webhook's captures it does not know to this, through services.ts). Under the card's
 * row lock, so the two settle it once between them: the card becomes paid and the buyer gets a receipt, and
 * when its send date is today it is sent at once. Null: not a gift card's provider order.
 */
export async function settleGiftCardCapture(
  db: Db,
  provider: ProviderName,
  capture: CapturedPayment,
): Promise<GiftCardSettled | null> {
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.provider, provider), eq(giftCards.providerOrderId, capture.providerOrderId)))
      .for("update");
    if (!card) return null;
    if (card.status !== "pending_payment") return { kind: "settled", card };
    // Providers charge the amount of the order we created: anything else is tampering or a bug, never "paid".
    if (capture.amount !== card.amount || capture.currency !== card.currency) return { kind: "mismatch", card };
    const [paid] = await tx
      .update(giftCards)
      .set({ status: "paid", paidAt: sql`now()`, providerPaymentId: capture.paymentId })
      .where(eq(giftCards.id, card.id))
      .returning();
    const [product] = await tx
      .select({ name: giftCardProducts.name })
      .from(giftCardProducts)
      .where(eq(giftCardProducts.id, paid!.productId));
    await queueGiftCardReceipt(tx, paid!, product?.name ?? "Gift card");
    if (dueBy(paid!.sendOn, new Date())) await sendGiftCard(tx, paid!);
    const [now] = await tx.select().from(giftCards).where(eq(giftCards.id, card.id));
    return { kind: "settled", card: now! };
  });
}

/** The webhook's hook: true when the capture was a gift card's (settled, or already settled). */
export const giftCardWebhookCapture = (db: Db) => async (provider: ProviderName, capture: CapturedPayment) =>
  (await settleGiftCardCapture(db, provider, capture)) !== null;
