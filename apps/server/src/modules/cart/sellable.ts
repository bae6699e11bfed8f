import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { formatMoney, priceIn, type AddCartItemRequest, type Currency } from "@store/shared";
import { offerPriceFor, type TradePricing } from "../trade/pricing";
import type { Db } from "../../db/client";
import { AppError, Refusal } from "../../errors";
import { productVariants, products } from "../catalog/tables";
import { mainImage } from "./cart-view";

/** The size as the shop sells it now, and the checks a change to a cart makes against it. */

export const cartRefusal = (
  code: "PRICE_CHANGED" | "OUT_OF_STOCK" | "PRODUCT_UNAVAILABLE",
  message: string,
  errors?: { path: string; message: string }[],
) => new Refusal("conflict", code, message, errors);

export type LineInput = Pick<AddCartItemRequest, "product_pk" | "size" | "is_direct_buy" | "notes">;

/**
 * The product and its size as sold now: by the `productId` and `size` placeholders, or by the columns of
 * an outer query (a lateral join, new-guest-carts.ts).
 */
export function sellableVariantQuery(
  db: Db,
  productId: SQLWrapper = sql.placeholder("productId"),
  size: SQLWrapper = sql.placeholder("size"),
) {
  return (
    db
      .select({
        name: products.name,
        isActive: products.isActive,
        image: mainImage.as("image"),
        offerCents: productVariants.offerPriceCents,
        mrpCents: productVariants.mrpCents,
        stock: productVariants.stock,
        madeToOrderDays: products.madeToOrderDays,
        notesRequired: products.madeToOrderNotesRequired,
        prompt: products.madeToOrderPrompt,
      })
      .from(products)
      // A retired size (offered false) is not sold any more, like a size the product never had.
      .leftJoin(
        productVariants,
        and(
          eq(productVariants.productId, products.id),
          eq(productVariants.size, size),
          eq(productVariants.offered, true),
        ),
      )
      .where(eq(products.id, productId))
      .limit(1)
  );
}
export type VariantRow = Awaited<ReturnType<ReturnType<typeof sellableVariantQuery>["execute"]>>[number];
/** Unknown product or size is a 404, a withdrawn product a refusal; otherwise the size as sold. */
export function sellable(row: VariantRow | undefined, line: LineInput) {
  if (!row) throw new AppError("not_found", "Product not found", "PRODUCT_NOT_FOUND");
  if (!row.isActive) throw cartRefusal("PRODUCT_UNAVAILABLE", `${row.name} is no longer available.`);
  if (row.offerCents === null || row.mrpCents === null || row.stock === null) {
    throw new AppError("not_found", `${row.name} is not sold in size ${line.size}.`, "SIZE_NOT_FOUND");
  }
  return {
    name: row.name,
    image: row.image,
    offerCents: row.offerCents,
    mrpCents: row.mrpCents,
    stock: row.stock,
    size: line.size,
    madeToOrderDays: row.madeToOrderDays,
    notesRequired: row.notesRequired,
    prompt: row.prompt,
    productId: line.product_pk,
  };
}

type Variant = ReturnType<typeof sellable>;

export function assertInStock(variant: Variant, quantity: number): void {
  if (quantity <= variant.stock) return;
  throw cartRefusal(
    "OUT_OF_STOCK",
    variant.stock === 0 ? `Size ${variant.size} is sold out.` : `Only ${variant.stock} left in size ${variant.size}.`,
  );
}

/**
 * The client's prices must be today's prices in `currency` (a trade buyer's: the trade price); a stale page
 * must not buy at a stale price.
 */
export function assertPricesCurrent(
  variant: Variant,
  seen: { offer_price: number; mrp: number },
  currency: Currency,
  trade: TradePricing | null = null,
): void {
  const offer = offerPriceFor(trade, currency, variant);
  const mrp = priceIn(currency, variant.mrpCents);
  const errors = [
    ...(seen.offer_price === offer ? [] : [{ path: "offer_price", message: `is now ${offer}` }]),
    ...(seen.mrp === mrp ? [] : [{ path: "mrp", message: `is now ${mrp}` }]),
  ];
  if (errors.length === 0) return;
  throw cartRefusal(
    "PRICE_CHANGED",
    `The price of ${variant.name} in size ${variant.size} is now ${formatMoney(offer, currency)} (MRP ${formatMoney(mrp, currency)}). Please check it and add it again.`,
    errors,
  );
}

/**
 * Made to order (decision 099): a piece whose seller asks for notes needs them, and a stocked piece takes
 * none (they would be lost: nobody makes it to measure). A Refusal (422) saying what to do, thrown.
 */
export function assertNotesFit(variant: Variant, notes: string): void {
  if (variant.madeToOrderDays === null && notes !== "")
    throw new Refusal("unprocessable", "NOTES_NOT_TAKEN", `${variant.name} is not made to order and takes no notes.`, [
      { path: "notes", message: "Leave this empty: the piece is not made to order" },
    ]);
  if (variant.notesRequired && notes === "") {
    const asked = variant.prompt ? ` (${variant.prompt})` : "";
    throw new Refusal(
      "unprocessable",
      "NOTES_REQUIRED",
      `${variant.name} is made to order: please write your measurements or notes${asked} before adding it.`,
      [{ path: "notes", message: "Write your measurements or notes" }],
    );
  }
}
