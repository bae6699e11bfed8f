import { createHash } from "node:crypto";
import {
  createOrderAmount,
  formatMoney,
  orderTotal,
  SHIPPING_METHODS,
  toMajorUnits,
  type Currency,
  type PaymentMethod,
  type ShippingMethodCode,
} from "@store/shared";
import type { Db } from "../../db/client";
import { cartLineRows, cartViewOf } from "../cart/cart-view";
import { computeDiscount } from "../promo/rules";
import { findPromoRule } from "../promo/service";
import { readShippingFees } from "../settings/service";
import { priceByRateCard } from "../settings/rate-cards";
import { shippingFactsOf } from "../catalog/shipping-facts";
import { estimateCartDuties } from "./duties";
import { quoteForCheckout } from "../quotes/service";
import { refusal } from "../../errors";
import { assertTradeQuantities } from "../trade/pricing";
import type { PricedLine, PricedOrder } from "../orders/save-order";

/** An order as the server prices it now (money in major units of `currency`), ready to be saved. */
export interface Quote extends PricedOrder {
  /** The client's `amount` must equal this: minor units for the card, major units otherwise (spec section 7). */
  expectedAmount: number;
}

/**
 * Prices a cart for checkout with the same rules the shopper saw: the cart view's catalogue prices, the
 * promo rule recomputed now, the shipping method's fee as the seller's settings say now (and cash on
 * delivery's), and the wallet's INR "end in 9" rounding. Every line
 * of the cart is ordered, direct-buy or not, as the cart's subtotal and the promo check count them all.
 * `db` may be a transaction (cash on delivery prices and confirms under one lock). A cart that cannot be
 * ordered as it is (empty, short of stock, a promo that does not apply) is a Refusal, thrown.
 */
export async function quoteCart(
  db: Db,
  /** The cart as just read (its owner too: its lines are priced for them without reading it again). */
  cart: { id: string; updatedAt: Date; userId: number | null },
  input: {
    currency: Currency;
    method: PaymentMethod;
    promoCode: string | null;
    /** Checked against the address by the request's schema. */
    shippingMethod: ShippingMethodCode;
    country: string;
    /** The store credit asked for (checkout/store-credit.ts), part of the attempt's key; null: none. */
    credit?: string | null;
    /** Cash on delivery's advance (decision 093), minor units, part of the attempt's key; absent: none. */
    advance?: number;
  },
  now: Date,
): Promise<Quote> {
  const { currency, method, shippingMethod } = input;
  // The cart view's rows, with the variant ids the order lines keep: one query.
  const rows = await cartLineRows(db, cart.id, cart);
  // A cart holding an accepted quote: its locked prices and agreed shipping, or a Refusal (decision 101).
  const quoted = await quotedTerms(db, rows, cart.userId, input);
  const view = cartViewOf(cart.id, rows, currency);
  if (view.data.length === 0) throw refusal("unprocessable", "CART_EMPTY", "Your cart is empty.");
  const short = view.data.find((line) => !line.available);
  if (short) {
    const what = `${short.product_name} (size ${short.size})`;
    const message =
      short.stock === 0
        ? `Sorry, ${what} is sold out. Please remove it from your cart.`
        : `Only ${short.stock} left of ${what}. Please update your cart.`;
    throw refusal("conflict", "OUT_OF_STOCK", message);
  }

  // Made to order (decision 099): a line without the notes its product now asks for (restored from a reminder,
  // or in the cart before the seller asked) cannot be made.
  const unwritten = rows.find((row) => row.notesRequired && row.notes === "");
  if (unwritten)
    throw refusal(
      "unprocessable",
      "NOTES_REQUIRED",
      `${unwritten.name} is made to order: please remove it and add it again with your measurements or notes.`,
    );
  // A trade buyer's cart (priced at trade prices by the cart's rows) must meet each product's minimum and
  // case pack; a promo code is not combined with trade prices (decision 097).
  const trade = rows[0]?.trade ?? null;
  await assertTradeQuantities(
    db,
    trade,
    view.data.map((l) => ({ productId: l.product_pk, name: l.product_name, quantity: l.quantity })),
  );
  if (trade && input.promoCode)
    throw refusal("unprocessable", "PROMO_NOT_APPLICABLE", "Promo codes cannot be used with trade prices.");

  const lines = view.data.map((l, i): PricedLine => ({
    productId: l.product_pk,
    variantId: rows[i]?.variantId ?? 0,
    name: l.product_name,
    size: l.size,
    sizeName: l.size_name,
    quantity: l.quantity,
    unitPrice: l.offer_price,
    unitMrp: l.mrp,
    isDirectBuy: l.is_direct_buy,
    notes: l.notes,
    leadDays: l.made_to_order_days,
    returnable: rows[i]?.returnable ?? true,
  }));

  let discount = 0;
  let promoCode: string | null = null;
  if (input.promoCode) {
    const rule = await findPromoRule(db, input.promoCode);
    const applied = rule ? computeDiscount(rule, view.subtotal, view.count, currency, now) : null;
    if (!rule || !applied?.ok)
      throw refusal("unprocessable", "PROMO_NOT_APPLICABLE", applied?.message ?? "This promo code does not exist.");
    discount = applied.discount;
    promoCode = rule.code;
  }

  const shippingFee = quoted
    ? toMajorUnits(quoted.shippingPaise)
    : await shippingFeeOf(db, {
        currency,
        country: input.country,
        shippingMethod,
        lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      });
  // Delivered duty paid (the seller's choice for the destination): the estimate is a line of the order,
  // worked on the cart's prices before a promo, as the checkout's notice shows it (decision 081).
  const estimate = await estimateCartDuties(
    db,
    view,
    { country: input.country, currency, discount: 0, shipping: shippingFee },
    now,
  );
  const { shipping, rounding, duties, total } = orderTotal({
    currency,
    subtotal: view.subtotal,
    discount,
    method,
    shippingFee,
    duties: estimate?.ddp ? toMajorUnits(estimate.totalMinor) : 0,
  });
  // A fee the seller changed since is a new price, as a changed catalogue price is: another attempt.
  const key = JSON.stringify([
    cart.id,
    cart.updatedAt.toISOString(),
    method,
    shippingMethod,
    shipping,
    duties,
    currency,
    promoCode,
    total,
    lines.map((l) => [l.productId, l.size, l.quantity, l.unitPrice, l.isDirectBuy]),
    // Absent, not null, without credit: the keys of attempts that use none stay what they were.
    ...(input.credit ? [input.credit] : []),
    // An advance makes another attempt than plain cash on delivery (paid online, not confirmed by a code).
    ...(input.advance ? [`advance:${input.advance}`] : []),
  ]);
  return {
    cartId: cart.id,
    currency,
    method,
    shippingMethod,
    lines,
    subtotal: view.subtotal,
    discount,
    promoCode,
    shipping,
    rounding,
    duties,
    total,
    expectedAmount: createOrderAmount(method, total),
    quoteId: quoted?.quoteId ?? null,
    idempotencyKey: createHash("sha256").update(key).digest("hex"),
  };
}

/**
 * The terms of the quote a cart carries (decision 101), or null for an ordinary cart: the quote must be the
 * cart owner's and still priced and valid; it is sold in rupees, in India, at its own shipping, without a promo.
 */
async function quotedTerms(
  db: Db,
  rows: readonly { quoteId?: number | null }[],
  userId: number | null,
  input: { currency: Currency; country: string; promoCode: string | null },
): Promise<{ quoteId: number; shippingPaise: number } | null> {
  const quoteId = rows.find((r) => r.quoteId != null)?.quoteId ?? null;
  if (quoteId === null) return null;
  const { shippingPaise } = await quoteForCheckout(db, quoteId, userId);
  if (input.currency !== "INR")
    throw refusal("unprocessable", "QUOTE_CURRENCY", "A quote is priced in rupees: pay for it in INR.");
  if (input.country !== "IN") throw refusal("unprocessable", "QUOTE_COUNTRY", "A quote is for delivery in India.");
  if (input.promoCode)
    throw refusal("unprocessable", "PROMO_NOT_APPLICABLE", "A promo code does not apply to a quote's agreed prices.");
  return { quoteId, shippingPaise };
}

/**
 * A shipping method's fee in major units of the order's currency: a rule of the shared method table (India's,
 * from the seller's settings), or the seller's international rate cards by the parcel's chargeable weight
 * (decision 080). A country the cards do not ship to is refused in a sentence for the shopper.
 */
export async function shippingFeeOf(
  db: Db,
  input: {
    currency: Currency;
    country: string;
    shippingMethod: ShippingMethodCode;
    lines: readonly { productId: number; quantity: number }[];
  },
): Promise<number> {
  const { currency, country, shippingMethod } = input;
  const rule = SHIPPING_METHODS[shippingMethod].fee;
  const pieces = input.lines.reduce((sum, l) => sum + l.quantity, 0);
  if (rule) return rule({ currency, country, pieces }, await readShippingFees(db));
  const facts = await shippingFactsOf(
    db,
    input.lines.map((l) => l.productId),
    currency,
  );
  const price = await priceByRateCard(db, {
    method: shippingMethod,
    currency,
    country,
    pieces: input.lines.map((l) => {
      const piece = facts.get(l.productId) ?? { grams: 500, packageCm: null, handlingMinor: 0 };
      return { ...piece, quantity: l.quantity };
    }),
  });
  if (!price.ok) throw refusal("unprocessable", "NOT_SHIPPED_THERE", price.message);
  return toMajorUnits(price.feeMinor);
}

/** A client amount that disagrees with the server's total is refused, never charged. */
export function assertAmountMatches(quote: Quote, amount: number): void {
  if (amount === quote.expectedAmount) return;
  throw refusal(
    "conflict",
    "AMOUNT_MISMATCH",
    `The order total changed to ${formatMoney(quote.total, quote.currency)}. Please review your cart.`,
  );
}
