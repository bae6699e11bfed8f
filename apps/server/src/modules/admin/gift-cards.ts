import type { GiftCardProduct, GiftCardProductInput } from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import type { GiftCardsService } from "../gift-cards/service";
import { recordAudit } from "./audit";

/**
 * The owner's side of gift cards (issue 42, decision 089): the products, each change written with its audit
 * row in one transaction, and the cards sold with what the shop owes in those not yet redeemed.
 */
export function createGiftCardsAdmin(db: Db, giftCards: GiftCardsService) {
  return {
    products: giftCards.admin.products,
    cards: giftCards.admin.cards,
    create: (actor: SessionUser, input: GiftCardProductInput): Promise<GiftCardProduct> =>
      db.transaction(async (tx) => {
        const product = await giftCards.admin.create(tx, input);
        await recordAudit(tx, actor, {
          action: "gift-card-product:create",
          entity: "gift_card_product",
          entityId: product.id,
          before: null,
          after: product,
        });
        return product;
      }),
    update: (actor: SessionUser, id: number, input: GiftCardProductInput): Promise<GiftCardProduct> =>
      db.transaction(async (tx) => {
        const { before, after } = await giftCards.admin.update(tx, id, input);
        await recordAudit(tx, actor, {
          action: "gift-card-product:update",
          entity: "gift_card_product",
          entityId: id,
          before,
          after,
        });
        return after;
      }),
  };
}
