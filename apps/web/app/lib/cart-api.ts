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
export type NewCartLine = Omit<AddCartItemRequest, "cart_id" | "currency"> & { currency: Currency };

/** The spec's cart calls on the public API; lib/api adds `Authorization: Token ...` whenever a token is stored. */
export const cartApi = {
  get: (cartId: string | null, currency: Currency) =>
    api.get<CartResponse>("/api/get-cart-items/", { cart_id: cartId, currency }),
  add: (body: AddCartItemRequest) => api.post<CartResponse>("/api/cart-items/", body),
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
  };
}

/**
 * The sentence to show for a refused cart change: a 409 (price changed, out of stock, withdrawn) carries
 * the server's message. Anything else is only logged (spec section 8) and answers null.
 */
export function cartFailureMessage(error: unknown, what: string): string | null {
  if (error instanceof ApiError && error.status === 409) return error.message;
  console.error(`${what} failed`, error);
  return null;
}
