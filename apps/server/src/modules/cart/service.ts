import { and, eq, sql } from "drizzle-orm";
import {
  DEFAULT_CURRENCY,
  type AddCartItemRequest,
  type CartResponse,
  type Currency,
  type GetCartQuery,
  type RemoveCartItemRequest,
  type RestoreCartRequest,
  type UpdateCartItemRequest,
} from "@store/shared";
import type { Limit } from "../../config";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { cartForChange, cartForReading, cartNotFound, createCart, discardCart } from "./cart-access";
import { cartItem, cartResponse, cartView } from "./cart-view";
import { claimGuestCart, type ClaimedCart } from "./login-claim";
import { newGuestCarts } from "./new-guest-carts";
import type { ReminderLinks } from "./reminder-links";
import { sendCartReminders } from "./reminders";
import { assertNotQuoted, quoteOfCart } from "./quote-lock";
import { restoreReminded } from "./restore";
import {
  assertInStock,
  assertNotesFit,
  assertPricesCurrent,
  sellable,
  sellableVariantQuery,
  type LineInput,
} from "./sellable";
import { cartLines, carts } from "./tables";
import type { SessionUser } from "../accounts/service";
import { assertTradeQuantities, tradePricingFor, type TradePricing } from "../trade/pricing";

function lineWhere(cartId: string, line: LineInput) {
  return and(
    eq(cartLines.cartId, cartId),
    eq(cartLines.productId, line.product_pk),
    eq(cartLines.size, line.size),
    eq(cartLines.isDirectBuy, line.is_direct_buy),
    eq(cartLines.notes, line.notes),
  );
}

/** The size as sold now, read in the change's transaction. */
async function sellableVariant(tx: Tx, line: LineInput) {
  const [row] = await sellableVariantQuery(tx).execute({ productId: line.product_pk, size: line.size });
  return sellable(row, line);
}
async function lineQuantity(tx: Tx, cartId: string, line: LineInput): Promise<number | undefined> {
  const [row] = await tx
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(lineWhere(cartId, line))
    .limit(1);
  return row?.quantity;
}

/**
 * A trade buyer's pieces of the product, all sizes, once this line holds `quantity`: at least the product's
 * minimum and whole case packs (decision 097). Nothing for a retail buyer.
 */
async function assertTradeLine(
  tx: Tx,
  trade: TradePricing | null,
  cartId: string | null,
  line: LineInput,
  name: string,
  quantity: number,
): Promise<void> {
  if (!trade) return;
  const others = cartId
    ? await tx
        .select({ quantity: cartLines.quantity })
        .from(cartLines)
        .where(
          and(
            eq(cartLines.cartId, cartId),
            eq(cartLines.productId, line.product_pk),
            sql`not (${cartLines.size} = ${line.size} and ${cartLines.isDirectBuy} = ${line.is_direct_buy})`,
          ),
        )
    : [];
  const pieces = others.reduce((sum, l) => sum + l.quantity, quantity);
  await assertTradeQuantities(tx, trade, [{ productId: line.product_pk, name, quantity: pieces }]);
}

function lineNotFound(): AppError {
  return new AppError("not_found", "This item is not in the cart.", "LINE_NOT_FOUND");
}

export function createCartService(db: Db, reminderLinks: ReminderLinks, reminderCap: Limit) {
  // A guest's first add to cart is the busiest write: one prepared statement for all who are waiting.
  const addToNewGuestCartOnDb = newGuestCarts(db);

  /** Runs a change in one transaction, then answers the whole cart as it now is. */
  async function mutate(change: (tx: Tx) => Promise<{ cartId: string; currency: Currency }>): Promise<CartResponse> {
    const { cartId, currency } = await db.transaction(async (tx) => {
      const result = await change(tx);
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, result.cartId));
      return result;
    });
    return cartView(db, cartId, currency);
  }

  /** A guest's first add (no cart yet): the answer is built from what was read and written, not read back. */
  async function addToNewGuestCart(input: AddCartItemRequest): Promise<CartResponse> {
    const currency = input.currency ?? DEFAULT_CURRENCY;
    const { variant: read, written } = await addToNewGuestCartOnDb({ ...input, currency });
    const variant = sellable(read, input);
    try {
      assertPricesCurrent(variant, input, currency);
      assertNotesFit(variant, input.notes);
    } catch (err) {
      if (written) await discardCart(db, written.cartId);
      throw err;
    }
    assertInStock(variant, input.quantity);
    // The statement wrote on the same conditions: on sale (else refused above) and in stock.
    if (!written) throw new Error(`a guest's add to cart of product ${input.product_pk} wrote no cart`);
    const line = {
      ...variant,
      id: written.lineId,
      productId: input.product_pk,
      quantity: input.quantity,
      isDirectBuy: input.is_direct_buy,
      isActive: true,
      notes: "",
    };
    return cartResponse(written.cartId, [cartItem(line, currency)], currency);
  }

  return {
    /** `GET /api/get-cart-items/`: the given cart, or the user's own; `currency` re-prices for display only. */
    async get(query: GetCartQuery, user: SessionUser | null): Promise<CartResponse> {
      const cart = await cartForReading(db, query.cart_id, user);
      return cartView(db, cart?.id ?? null, query.currency ?? cart?.currency ?? DEFAULT_CURRENCY);
    },

    /**
     * Adds `quantity` pieces (merging with the same product, size and direct-buy flag). A different
     * currency re-prices the whole cart, since prices are derived from the catalogue, never stored. A stale
     * price, too few pieces or a withdrawn product is a Refusal (a 409 saying what is true now), thrown.
     */
    add(input: AddCartItemRequest, user: SessionUser | null): Promise<CartResponse> {
      // The guests' shared statement writes no notes: a line with notes takes the ordinary way.
      if (!input.cart_id && !user && input.notes === "") return addToNewGuestCart(input);
      return mutate(async (tx) => {
        let cart = await cartForChange(tx, input.cart_id, user);
        const currency = input.currency ?? cart?.currency ?? DEFAULT_CURRENCY;
        if (cart) await assertNotQuoted(tx, cart.id);
        const variant = await sellableVariant(tx, input);
        const trade = await tradePricingFor(tx, user?.id);
        assertPricesCurrent(variant, input, currency, trade);
        assertNotesFit(variant, input.notes);
        const quantity = (cart ? ((await lineQuantity(tx, cart.id, input)) ?? 0) : 0) + input.quantity;
        assertInStock(variant, quantity);
        await assertTradeLine(tx, trade, cart?.id ?? null, input, variant.name, quantity);

        cart ??= await createCart(tx, user?.id ?? null, currency);
        if (cart.currency !== currency) await tx.update(carts).set({ currency }).where(eq(carts.id, cart.id));
        await tx
          .insert(cartLines)
          .values({
            cartId: cart.id,
            productId: input.product_pk,
            size: input.size,
            isDirectBuy: input.is_direct_buy,
            notes: input.notes,
            quantity,
          })
          .onConflictDoUpdate({
            target: [cartLines.cartId, cartLines.productId, cartLines.size, cartLines.isDirectBuy, cartLines.notes],
            set: { quantity },
          });
        return { cartId: cart.id, currency };
      });
    },

    /** Sets a line's quantity (1 to the stock of its size). */
    update(input: UpdateCartItemRequest, user: SessionUser | null): Promise<CartResponse> {
      return mutate(async (tx) => {
        const cart = await cartForChange(tx, input.cart_id, user);
        if (!cart) throw cartNotFound();
        if ((await lineQuantity(tx, cart.id, input)) === undefined) throw lineNotFound();
        await assertNotQuoted(tx, cart.id);
        const variant = await sellableVariant(tx, input);
        assertInStock(variant, input.quantity);
        await assertTradeLine(tx, await tradePricingFor(tx, user?.id), cart.id, input, variant.name, input.quantity);
        await tx.update(cartLines).set({ quantity: input.quantity }).where(lineWhere(cart.id, input));
        return { cartId: cart.id, currency: cart.currency };
      });
    },

    /** Removes a line; the prices the spec's client sends along are not needed and not checked. */
    remove(input: RemoveCartItemRequest, user: SessionUser | null): Promise<CartResponse> {
      return mutate(async (tx) => {
        const cart = await cartForChange(tx, input.cart_id, user);
        if (!cart) throw cartNotFound();
        if ((await lineQuantity(tx, cart.id, input)) === undefined) throw lineNotFound();
        // A quoted cart is changed only by emptying it: removing one of its lines removes the quote (decision 101).
        const quoted = (await quoteOfCart(tx, cart.id)) !== null;
        await tx.delete(cartLines).where(quoted ? eq(cartLines.cartId, cart.id) : lineWhere(cart.id, input));
        return { cartId: cart.id, currency: cart.currency };
      });
    },

    /** `POST /api/cart/restore/`: a reminder's signed link brings its pieces back into the caller's cart. */
    restore(input: RestoreCartRequest, user: SessionUser | null): Promise<CartResponse> {
      return mutate(async (tx) => {
        const cart = await restoreReminded(tx, reminderLinks, input, user);
        return { cartId: cart.id, currency: cart.currency };
      });
    },

    /** The reminder sweep (jobs.ts every ten minutes; `now` later than the clock only in tests and the simulator). */
    sendReminders: (now?: Date, scope?: { email?: string }) =>
      sendCartReminders(db, reminderLinks, reminderCap, now, scope),

    /** At login: the guest's cart joins the user's, unless theirs holds a quote (then `notice` says so). */
    claimOnLogin(userId: number, guestCartId: string | null): Promise<ClaimedCart> {
      return db.transaction((tx) => claimGuestCart(tx, userId, guestCartId));
    },
  };
}
