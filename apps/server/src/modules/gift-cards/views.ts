import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { GIFT_CARD_STATUS_LABELS, toMajorUnits, type AdminGiftCards, type Currency } from "@store/shared";
import type { Db } from "../../db/client";
import { users } from "../accounts/tables";
import { maskedCode } from "./codes";
import { giftCardProducts, giftCards } from "./tables";

const LIST_LIMIT = 200;

/**
 * The back office's cards, newest first, the code only masked (its hash never leaves the database), and what
 * the shop owes in cards paid but not yet redeemed (a liability until then: the money came in, nothing was
 * supplied). Cards awaiting payment are left out of the sum.
 */
export async function adminCards(db: Db): Promise<AdminGiftCards> {
  const redeemer = alias(users, "redeemer");
  const rows = await db
    .select({ card: giftCards, product: giftCardProducts.name, redeemedBy: redeemer.email })
    .from(giftCards)
    .innerJoin(giftCardProducts, eq(giftCardProducts.id, giftCards.productId))
    .leftJoin(redeemer, eq(redeemer.id, giftCards.redeemedBy))
    .orderBy(desc(giftCards.id))
    .limit(LIST_LIMIT);
  const outstanding = await db
    .select({
      currency: giftCards.currency,
      total: sql<number>`sum(${giftCards.amount})::int`,
      cards: sql<number>`count(*)::int`,
    })
    .from(giftCards)
    .where(inArray(giftCards.status, ["paid", "sent"]))
    .groupBy(giftCards.currency)
    .orderBy(asc(giftCards.currency));
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    outstanding: outstanding.map((o) => ({
      currency: o.currency as Currency,
      amount: toMajorUnits(o.total),
      cards: o.cards,
    })),
    cards: rows.map(({ card, product, redeemedBy }) => ({
      id: card.id,
      product,
      masked_code: maskedCode(card.codeLast4),
      currency: card.currency as Currency,
      amount: toMajorUnits(card.amount),
      buyer_name: card.buyerName,
      buyer_email: card.buyerEmail,
      recipient_name: card.recipientName,
      recipient_email: card.recipientEmail,
      send_on: card.sendOn,
      status: card.status,
      status_label: GIFT_CARD_STATUS_LABELS[card.status],
      paid_at: iso(card.paidAt),
      sent_at: iso(card.sentAt),
      redeemed_by: redeemedBy,
      redeemed_at: iso(card.redeemedAt),
    })),
  };
}
