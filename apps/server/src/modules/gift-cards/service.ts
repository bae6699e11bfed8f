import type { GiftCardProductInput } from "@store/shared";
import type { AbuseLimits } from "../../config";
import type { Db, Tx } from "../../db/client";
import { notFound } from "../../lib/failures";
import type { ServiceLog } from "../../log";
import { createProduct, listProducts, productRow, productView, updateProduct } from "./products";
import { createGiftCardPurchases } from "./purchase";
import { redeemForShopper } from "./redeem";
import { sendDueGiftCards } from "./send";
import { adminCards } from "./views";

/**
 * Gift cards without HTTP (issue 42, decision 089): the products on sale, buying and paying for a card, the
 * job that sends due cards, redeeming a code into store credit, and the back office's reads and writes (in
 * the caller's transaction, beside its audit row). `redeemGiftCard(tx, userId, code)` in `redeem.ts` is the
 * function checkout calls in its own transaction.
 */
export function createGiftCardsService(
  db: Db,
  deps: {
    payments: Parameters<typeof createGiftCardPurchases>[1];
    log: ServiceLog;
    limits: AbuseLimits["giftCardRedeems"];
  },
) {
  const purchases = createGiftCardPurchases(db, deps.payments, deps.log);
  return {
    onSale: async () => ({ products: await listProducts(db, true) }),
    async product(id: number) {
      const row = await productRow(db, id);
      if (!row?.active) throw notFound("Gift card");
      return productView(row);
    },
    purchase: purchases.purchase,
    verify: purchases.verify,
    redeem: (userId: number, code: string, client: string) => redeemForShopper(db, deps.limits, userId, code, client),
    sendDue: (now?: Date) => sendDueGiftCards(db, now),
    admin: {
      products: async () => ({ products: await listProducts(db, false) }),
      cards: () => adminCards(db),
      create: async (tx: Tx, input: GiftCardProductInput) => productView(await createProduct(tx, input)),
      async update(tx: Tx, id: number, input: GiftCardProductInput) {
        const { before, after } = await updateProduct(tx, id, input);
        return { before: productView(before), after: productView(after) };
      },
    },
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;
