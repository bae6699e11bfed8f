import { and, asc, eq, sql } from "drizzle-orm";
import { priceIn, sizeName, toMajorUnits, type CartItem, type CartResponse, type Currency } from "@store/shared";
import type { Db } from "../../db/client";
import { builtForAnySession } from "../../db/prepared";
import { sizeNameColumn } from "../catalog/size-schemes";
import { productImages, productVariants, products } from "../catalog/tables";
import { offerPriceFor, tradePricingFor, type TradePricing } from "../trade/pricing";
import { cartLines, carts } from "./tables";

/** A product's main picture (the first by position), as a column of a query over `products`. */
export const mainImage = sql<string | null>`(
    select ${productImages.url} from ${productImages}
    where ${productImages.productId} = ${products.id}
    order by ${productImages.position}, ${productImages.id} limit 1)`;

/**
 * The cart as displayed, priced from the catalogue in `currency` every time (no price is ever stored
 * with a line, so changing currency or catalogue price simply shows the new price).
 */
export async function cartView(db: Db, cartId: string | null, currency: Currency): Promise<CartResponse> {
  if (!cartId) return cartResponse(null, [], currency);
  const rows = await cartLineRows(db, cartId);
  // A quote's locked prices are rupees (decision 101): a quoted cart is shown in INR whatever was asked.
  return cartViewOf(cartId, rows, rows.some((r) => r.quoteId !== null) ? "INR" : currency);
}

/** The answer for a cart whose line rows are already read. */
export function cartViewOf(cartId: string, rows: LineRow[], currency: Currency): CartResponse {
  return cartResponse(
    cartId,
    rows.map((row) => cartItem(row, currency)),
    currency,
  );
}

// A line whose size was withdrawn from the catalogue has no price and no longer shows. Built once: the cart
// answer after every add and every checkout read it (decision 116).
const cartLinesQuery = builtForAnySession("cart_line_rows", (db) =>
  db
    .select({
      id: cartLines.id,
      variantId: productVariants.id,
      productId: cartLines.productId,
      size: cartLines.size,
      sizeName: sizeNameColumn(cartLines.size),
      quantity: cartLines.quantity,
      isDirectBuy: cartLines.isDirectBuy,
      notes: cartLines.notes,
      madeToOrderDays: products.madeToOrderDays,
      notesRequired: products.madeToOrderNotesRequired,
      returnable: sql<boolean>`${products.madeToOrderDays} is null or ${products.madeToOrderReturnable}`,
      name: products.name,
      isActive: products.isActive,
      image: mainImage,
      offerCents: productVariants.offerPriceCents,
      mrpCents: productVariants.mrpCents,
      stock: productVariants.stock,
      quoteId: cartLines.quoteId,
      quotedPricePaise: cartLines.quotedPricePaise,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .innerJoin(
      productVariants,
      and(eq(productVariants.productId, cartLines.productId), eq(productVariants.size, cartLines.size)),
    )
    .where(eq(cartLines.cartId, sql.placeholder("cartId")))
    .orderBy(asc(cartLines.id)),
);

/**
 * A cart's lines with their product sizes as the catalogue has them now, in the order they were added: the
 * one place the cart's answer and the checkout's quote read prices. A signed-in approved trade buyer's cart
 * carries the buyer's trade pricing (decision 097); a guest cart never does.
 */
export async function cartLineRows(
  db: Db,
  cartId: string,
  /** The cart's owner when the caller has just read the cart (checkout): then it is not read again. */
  known?: { userId: number | null },
): Promise<(LineRow & { variantId: number })[]> {
  const owner = known ?? (await db.select({ userId: carts.userId }).from(carts).where(eq(carts.id, cartId)))[0];
  const trade = await tradePricingFor(db, owner?.userId);
  const rows = await cartLinesQuery(db).execute({ cartId });
  return rows.map((row) => ({ ...row, trade }));
}

/** A cart line and its product size as the catalogue has them now (prices in USD cents). */
export interface LineRow {
  id: number;
  productId: number;
  size: string;
  /** The size scheme's name for it; absent or null: the code is its name. */
  sizeName?: string | null;
  quantity: number;
  isDirectBuy: boolean;
  /** Made to order (decision 099): the shopper's notes, the days to make it (null: stocked), returnable. */
  notes: string;
  madeToOrderDays: number | null;
  notesRequired?: boolean;
  returnable?: boolean;
  name: string;
  isActive: boolean;
  image: string | null;
  offerCents: number;
  mrpCents: number;
  stock: number;
  /** The buyer's trade pricing; absent or null: retail prices. */
  trade?: TradePricing | null;
  /** A line of an accepted quote and its locked GST-inclusive unit price in paise (decision 101); else null. */
  quoteId?: number | null;
  quotedPricePaise?: number | null;
}

/** One line as displayed, priced in `currency`; a withdrawn product shows no stock. */
export function cartItem(r: LineRow, currency: Currency): CartItem {
  // Precedence: a quote's locked price, then the trade buyer's, then the catalogue's. A quoted line stays for
  // sale even when its product is hidden from the shop (custom work is sold as a hidden product, decision 101).
  const quoted = r.quotedPricePaise ?? null;
  const offer = quoted !== null ? toMajorUnits(quoted) : offerPriceFor(r.trade ?? null, currency, r);
  const stock = r.isActive || quoted !== null ? r.stock : 0;
  return {
    id: r.id,
    product_pk: r.productId,
    product_name: r.name,
    image: r.image ?? "",
    size: r.size,
    size_name: sizeName(r.size, r.sizeName),
    quantity: r.quantity,
    offer_price: offer,
    mrp: priceIn(currency, r.mrpCents),
    line_total: quoted !== null ? toMajorUnits(quoted * r.quantity) : offer * r.quantity,
    stock,
    available: stock >= r.quantity,
    is_direct_buy: r.isDirectBuy,
    ...(quoted !== null && r.quoteId != null && { quote_id: r.quoteId }),
    currency,
    notes: r.notes,
    made_to_order_days: r.madeToOrderDays,
  };
}

/** The cart's answer: its lines and their totals. */
export function cartResponse(cartId: string | null, data: CartItem[], currency: Currency): CartResponse {
  return {
    cart_id: cartId,
    data,
    // Rounded to the paisa: a quote's locked prices may have paise, whose sums floating point would blur.
    subtotal: Math.round(data.reduce((sum, line) => sum + line.line_total, 0) * 100) / 100,
    mrp_total: data.reduce((sum, line) => sum + line.mrp * line.quantity, 0),
    count: data.reduce((sum, line) => sum + line.quantity, 0),
    currency,
  };
}
