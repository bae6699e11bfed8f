import { z } from "zod";
import { emailSchema } from "./accounts";
import { productListItemSchema, productSizeSchema } from "./catalog";
import { currencySchema, idParam } from "./common";
import { requiredText } from "./input-rules";

/** A shopper keeps at most this many pieces; the browser's list for guests is held to the same cap. */
export const WISHLIST_LIMIT = 200;

export const wishlistQuerySchema = z.object({ currency: currencySchema.default("USD") });

/** `GET /api/wishlist/products?ids=1,2,3&currency=`: a guest's browser-held list, shown as the server prices it. */
export const wishlistProductsQuerySchema = z.object({
  ids: z
    .string({ error: "ids must be a list of product ids" })
    .max(2000, "ids is too long")
    .transform((value): unknown[] => (value.trim() === "" ? [] : value.split(",")))
    .pipe(z.array(idParam).max(WISHLIST_LIMIT, `ids may hold at most ${WISHLIST_LIMIT} products`)),
  currency: currencySchema.default("USD"),
});

export const wishlistProductParamsSchema = z.object({ productId: idParam });

/**
 * `PUT /api/wishlist/:productId` body: the size chosen when the heart was pressed on the product page (issue
 * 40); a heart on a grid card sends none. Saving an already-saved piece with a size changes its size.
 */
export const wishlistSaveRequestSchema = z.object({ size: productSizeSchema.optional() }).nullish();

/**
 * `POST /api/wishlist/merge`: the guest's list (held to the same cap in the browser), sent once at login; ids
 * of products no longer sold are skipped.
 */
export const wishlistMergeRequestSchema = z.object({
  product_ids: z
    .array(idParam, { error: "product_ids must be a list of product ids" })
    .max(WISHLIST_LIMIT, `product_ids may hold at most ${WISHLIST_LIMIT} products`),
  /** The size the guest chose for each saved product, by product id (those saved from a card have none). */
  sizes: z.record(z.string().regex(/^\d{1,10}$/, "sizes must be keyed by product id"), productSizeSchema).default({}),
});

export const wishlistSizeSchema = z.object({
  size: productSizeSchema,
  offer_price: z.number(),
  mrp: z.number(),
  stock: z.number().int(),
});

/** A saved piece: its card (today's price in the asked currency), every size it is offered in with stock. */
export const wishlistItemSchema = productListItemSchema.extend({
  sizes: z.array(wishlistSizeSchema),
  /** The size chosen when it was saved; null when saved from a card (or for a guest's list, kept in the browser). */
  saved_size: productSizeSchema.nullable(),
});

export const wishlistResponseSchema = z.object({ data: z.array(wishlistItemSchema), currency: currencySchema });

/** `PUT`/`DELETE /api/wishlist/:productId`: the ids now saved, newest first (the hearts and the header's count). */
export const wishlistIdsResponseSchema = z.object({ product_ids: z.array(z.number().int()) });

/** `POST /api/stock-alerts/`: a signed-in shopper's alert goes to the account's address; a guest gives one. */
export const stockAlertRequestSchema = z.object({
  product_pk: idParam,
  size: productSizeSchema,
  email: emailSchema.optional(),
});

export const stockAlertResponseSchema = z.object({ message: z.string(), email: z.string(), size: productSizeSchema });

/** `GET /api/stock-alerts/confirm?token=` and `POST /api/stock-alerts/confirm {token}`: the e-mailed link's token. */
export const stockAlertConfirmSchema = z.object({ token: requiredText("token", 500) });

/** What a confirmation link is about: the address (masked), its alerts waiting, and whether it is confirmed. */
export const stockAlertConfirmationSchema = z.object({
  email: z.string(),
  alerts: z.number().int(),
  confirmed: z.boolean(),
});

export type WishlistItem = z.infer<typeof wishlistItemSchema>;
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;
export type WishlistIdsResponse = z.infer<typeof wishlistIdsResponseSchema>;
export type StockAlertRequest = z.infer<typeof stockAlertRequestSchema>;
export type StockAlertResponse = z.infer<typeof stockAlertResponseSchema>;
export type StockAlertConfirmation = z.infer<typeof stockAlertConfirmationSchema>;
