import { cartIdInCookie } from "@store/shared/cart-cookie";
import { CartPage, type ServerCart } from "../components/cart/cart-page";
import { logOnServer } from "../lib/log-failure";
import { pageMeta } from "../lib/seo";
import { isServiceNotFound } from "../lib/service-errors";
import { hasSessionHint } from "@store/shared/session-hint";
import type { Route } from "./+types/cart";

export function meta() {
  return [
    ...pageMeta({
      title: "Your cart",
      description: "The pieces you have chosen, your promo code and delivery options.",
      path: "/cart",
    }),
    // One shopper's cart; nothing to index.
    { name: "robots", content: "noindex" },
  ];
}

const UNKNOWN: ServerCart = { known: false };

/**
 * The cart read on the server from the cookie the browser mirrors its cart id into (decision 057): its
 * lines, or an empty cart when the browser keeps none. A signed-in shopper's cart needs their token, which
 * only the browser holds, so their page starts from the skeleton, as does any cart the server cannot read.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<ServerCart> {
  const cookie = request.headers.get("cookie");
  if (hasSessionHint(cookie)) return UNKNOWN;
  const cartId = cartIdInCookie(cookie);
  if (cartId === null) return { known: true, cart: null };
  // Imported here so the schema stays out of the page's scripts.
  const { getCartQuerySchema } = await import("@store/shared/schemas/cart");
  const query = getCartQuerySchema.safeParse({ cart_id: cartId, currency: context.currency.currency });
  if (!query.success) return UNKNOWN;
  try {
    return { known: true, cart: await context.services.cart.get(query.data, null) };
  } catch (error) {
    // A cart the server no longer knows, or a signed-in shopper's: the browser's own fetch settles it.
    if (!isServiceNotFound(error)) logOnServer(context.log)("Cart for the first paint failed", error);
    return UNKNOWN;
  }
}

/** A navigation in the browser shows the cart the page already holds. */
export function clientLoader(): ServerCart {
  return UNKNOWN;
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return <CartPage serverCart={loaderData} />;
}
