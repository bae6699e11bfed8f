import { eq, sql } from "drizzle-orm";
import { formatMoney, toMajorUnits, type Currency, type GiftCardRedeemed } from "@store/shared";
import type { AbuseLimits } from "../../config";
import type { Db, Tx } from "../../db/client";
import { takeFromLimit } from "../../db/rate-counters";
import { AppError, refusal } from "../../errors";
import { redeemGiftCardCredit, type CreditEntry } from "../store-credit/ledger";
import { giftCardCodeHash, isWellFormedCode } from "./codes";
import { giftCards, type GiftCardRow } from "./tables";

/** One answer for every code that is not a sent card's: mistyped, made up, or not sent yet. */
const WRONG_CODE =
  "This is not a gift card code we know. Check it against the e-mail (letters and digits, no 0, 1, I or O).";
const TOO_MANY = "Too many gift card codes tried. Please wait and try again later.";

const dayOf = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : "");

/**
 * A gift card's code added to a shopper's store credit, in the caller's transaction: a `gift_card` ledger row
 * in the card's currency, once per card (the card's row lock, then the ledger's unique index). For the
 * account page now, and for checkout to call later ("redeem at checkout"). A wrong code is one generic 400;
 * a card already redeemed is a 409 that says so.
 */
export async function redeemGiftCard(
  tx: Tx,
  userId: number,
  code: string,
): Promise<{ card: GiftCardRow; entry: CreditEntry }> {
  if (!isWellFormedCode(code)) throw refusal("bad_request", "GIFT_CARD_CODE_WRONG", WRONG_CODE);
  const [card] = await tx
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, giftCardCodeHash(code)))
    .for("update");
  if (!card || (card.status !== "sent" && card.status !== "redeemed"))
    throw refusal("bad_request", "GIFT_CARD_CODE_WRONG", WRONG_CODE);
  if (card.status === "redeemed")
    throw refusal(
      "conflict",
      "GIFT_CARD_ALREADY_REDEEMED",
      card.redeemedBy === userId
        ? `This gift card is already in your store credit (added on ${dayOf(card.redeemedAt)}).`
        : `This gift card has already been used (on ${dayOf(card.redeemedAt)}).`,
    );
  const { entry } = await redeemGiftCardCredit(tx, {
    userId,
    currency: card.currency as Currency,
    amountMinor: card.amount,
    giftCardId: card.id,
    reason: `Gift card from ${card.buyerName} (code ending ${card.codeLast4})`,
  });
  await tx
    .update(giftCards)
    .set({ status: "redeemed", redeemedBy: userId, redeemedAt: sql`now()` })
    .where(eq(giftCards.id, card.id));
  return { card, entry };
}

/**
 * `POST /api/gift-cards/redeem`: every try is counted per shopper and per client address before any code is
 * read (committed on its own, so a wrong try still counts), as the order lookup does; a full window is a 429
 * with Retry-After.
 */
export async function redeemForShopper(
  db: Db,
  limits: AbuseLimits["giftCardRedeems"],
  userId: number,
  code: string,
  client: string,
): Promise<GiftCardRedeemed> {
  const now = new Date();
  const taken = await db.transaction(async (tx) => {
    const byShopper = await takeFromLimit(tx, `gift-card-redeem:${userId}`, limits.perShopper, now);
    return byShopper.allowed
      ? takeFromLimit(tx, `gift-card-redeem-client:${client}`, limits.perClient, now)
      : byShopper;
  });
  if (!taken.allowed)
    throw new AppError("rate_limited", TOO_MANY, "TOO_MANY_GIFT_CARD_TRIES", undefined, taken.retryAfterSeconds);
  const { card } = await db.transaction((tx) => redeemGiftCard(tx, userId, code));
  const amount = toMajorUnits(card.amount);
  const currency = card.currency as Currency;
  return {
    currency,
    amount,
    message: `${formatMoney(amount, currency)} from ${card.buyerName}'s gift card is now in your store credit.`,
  };
}
