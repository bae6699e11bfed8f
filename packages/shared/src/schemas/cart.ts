import { z } from "zod";
import { productSizeSchema } from "./catalog";
import { currencySchema, idParam } from "./common";
import { text } from "./input-rules";

/** Values a client written to the spec may send for "no cart yet" (null, empty, or a stringified null). */
const NO_CART = new Set(["", "null", "undefined"]);

/** A cart_id: a uuid, or nothing yet (null, absent, ""). A malformed id is a 400, never a new cart. */
export const cartIdSchema = z
  .preprocess(
    (value) => (typeof value === "string" && NO_CART.has(value.trim()) ? null : value),
    z.uuid("cart_id is not a valid cart id").nullish(),
  )
  .transform((value) => value ?? null);

export const cartQuantitySchema = z
  .number({ error: "quantity must be a number" })
  .int("quantity must be a whole number")
  .positive("quantity must be at least 1")
  .max(999, "quantity is too large");

/** A price as the client last saw it, in major units of the cart's currency; checked, never stored. */
const seenPrice = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .nonnegative(`${field} must not be negative`)
    .max(1e9, `${field} is too large`);

/** The most a made-to-order line's measurements or notes may hold (decision 099). */
export const LINE_NOTES_MAX = 500;
/** A made-to-order piece's measurements or notes: several lines of text, "" for none. */
const lineNotesSchema = text("notes", LINE_NOTES_MAX, { multiline: true }).default("");

const lineIdentity = {
  product_pk: idParam,
  size: productSizeSchema,
  /** 'Buy now' lines are kept apart from ordinary cart lines of the same product and size. */
  is_direct_buy: z.boolean({ error: "is_direct_buy must be true or false" }).default(false),
  /** Made to order: the shopper's measurements or notes; another note makes another line. */
  notes: lineNotesSchema,
  cart_id: cartIdSchema,
};

/** `POST /api/cart-items/`: adds `quantity` to the line (a new cart when cart_id is empty and no token). */
export const addCartItemRequestSchema = z.object({
  ...lineIdentity,
  quantity: cartQuantitySchema,
  offer_price: seenPrice("offer_price"),
  mrp: seenPrice("mrp"),
  /** The shopper's currency; a cart in another currency is re-priced into it. Absent: the cart's own. */
  currency: currencySchema.optional(),
});

/** `POST /api/remove-cart-items/`: offer_price and mrp are accepted (the spec sends them) and ignored. */
export const removeCartItemRequestSchema = z.object({
  ...lineIdentity,
  offer_price: seenPrice("offer_price").optional(),
  mrp: seenPrice("mrp").optional(),
});

/** `POST /api/update-cart-item/` (ours, for the quantity controls): sets the line's quantity. */
export const updateCartItemRequestSchema = z.object({ ...lineIdentity, quantity: cartQuantitySchema });

/** `GET /api/get-cart-items/?cart_id&currency`: currency re-prices for display only. */
export const getCartQuerySchema = z.object({ cart_id: cartIdSchema, currency: currencySchema.optional() });

/** A displayed cart line (spec "Cart item"); prices are unit prices in major units of `currency`. */
export const cartItemSchema = z.object({
  id: z.number().int(),
  /** A line of an accepted quote, at its locked price (decision 101); absent on an ordinary line. */
  quote_id: z.number().int().optional(),
  product_pk: z.number().int(),
  product_name: z.string(),
  image: z.string(),
  size: z.string(),
  /** The name shoppers read for the size (issue 40): its size scheme's, else the code. */
  size_name: z.string(),
  quantity: z.number().int(),
  offer_price: z.number(),
  mrp: z.number(),
  line_total: z.number(),
  /** Pieces left in this size; 0 when the product was withdrawn. */
  stock: z.number().int(),
  /** False when the product was withdrawn or this size sold out: the checkout will refuse the line. */
  available: z.boolean(),
  is_direct_buy: z.boolean(),
  currency: currencySchema,
  /** Made to order (decision 099): the shopper's notes ("" for none) and the days to make it (null: stocked). */
  notes: z.string(),
  made_to_order_days: z.number().int().nullable(),
});

/**
 * Every cart call answers with the whole cart. `cart_id` is null only when there is no cart yet.
 * `subtotal` and `mrp_total` sum all lines (direct-buy ones too); `count` is the number of pieces.
 * No cart call ever issues a `token` (the spec's client reads one if present; we never send it).
 */
export const cartResponseSchema = z.object({
  cart_id: z.string().nullable(),
  data: z.array(cartItemSchema),
  subtotal: z.number(),
  mrp_total: z.number(),
  count: z.number().int(),
  currency: currencySchema,
});

/**
 * `POST /api/cart/restore/` (ours): the reminder e-mail's link (`/cart/restore?r=&s=`) copies the reminded
 * pieces into the caller's cart (the user's, this browser's cart_id, or a new one); answers that cart.
 */
export const restoreCartRequestSchema = z.object({
  reminder: idParam,
  signature: z.string().trim().min(1, "signature is required").max(100, "signature is too long"),
  cart_id: cartIdSchema,
});

export type AddCartItemRequest = z.infer<typeof addCartItemRequestSchema>;
export type RemoveCartItemRequest = z.infer<typeof removeCartItemRequestSchema>;
export type UpdateCartItemRequest = z.infer<typeof updateCartItemRequestSchema>;
export type GetCartQuery = z.infer<typeof getCartQuerySchema>;
export type CartItem = z.infer<typeof cartItemSchema>;
export type CartResponse = z.infer<typeof cartResponseSchema>;
export type RestoreCartRequest = z.infer<typeof restoreCartRequestSchema>;
