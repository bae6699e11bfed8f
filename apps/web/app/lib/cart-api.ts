import type {
  AddCartItemRequest,
  CartItem,
  CartResponse,
  Currency,
  RemoveCartItemRequest,
  UpdateCartItemRequest,
} from "@store/shared";
import { api, ApiError } from "./api";

/** A line to add: the spec's payload without cart_id, which the cart fills in from storage. */
export type NewCartLine = Omit<AddCartItemRequest, "cart_id" | "currency" | "notes"> & {
  currency: Currency;
  /** A made-to-order piece's measurements or notes (decision 099); absent for none. */
  notes?: string;
};

/** The spec's cart calls on the public API; lib/api adds `Authorization: Token ...` whenever a token is stored. */
export const cartApi = {
  get: (cartId: string | null, currency: Currency) =>
    api.get<CartResponse>("/api/get-cart-items/", { cart_id: cartId, currency }),
  add: (body: NewCartLine & { cart_id: string | null }) => api.post<CartResponse>("/api/cart-items/", body),
  update: (body: UpdateCartItemRequest) => api.post<CartResponse>("/api/update-cart-item/", body),
  /**
   * Spec: the header is sent only for non-direct-buy lines. Ours always sends it when logged in: the
   * server only lets a user's cart be changed with that user's token (decision 004).
   */
  remove: (body: RemoveCartItemRequest) => api.post<CartResponse>("/api/remove-cart-items/", body),
};

export function lineIdentity(item: CartItem) {
  return {
    product_pk: item.product_pk,
    size: item.size as AddCartItemRequest["size"],
    is_direct_buy: item.is_direct_buy,
    notes: item.notes,
  };
}

/**
 * The sentence to show for a refused cart change: a 409 (price changed, out of stock, withdrawn) carries
 * the server's message. Anything else is only logged (spec section 8) and answers null.
 */
export function cartFailureMessage(error: unknown, what: string): string | null {
  // 422: a made-to-order piece's notes missing, or notes given for a stocked piece (decision 099).
  if (error instanceof ApiError && (error.status === 409 || error.status === 422)) return error.message;
  console.error(`${what} failed`, error);
  return null;
}
