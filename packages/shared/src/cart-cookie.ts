import { cookieValue } from "./cookie-header";

/**
 * The cookie the browser mirrors its stored cart id into (decision 057), so the server can render /cart
 * with its lines from the first paint. Browser storage stays the cart's source (spec: `cartId`); the cookie
 * grants nothing the stored id does not, since the API takes the same id as a parameter.
 */
export const CART_COOKIE = "cart_id";

/** The cart id a Cookie header carries (unchecked: the reader validates it), or null. */
export function cartIdInCookie(cookieHeader: string | null | undefined): string | null {
  return cookieValue(cookieHeader, CART_COOKIE);
}
