import { cartIdInCookie } from "@store/shared/cart-cookie";
import type { DutiesNotice } from "@store/shared/schemas/duties";
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
    const cart = await context.services.cart.get(query.data, null);
    const country = await countryOf(request, context);
    return { known: true, cart, country, duties: await dutiesFor(context, cartId, country) };
  } catch (error) {
    // A cart the server no longer knows, or a signed-in shopper's: the browser's own fetch settles it.
    if (!isServiceNotFound(error)) logOnServer(context.log)("Cart for the first paint failed", error);
    return UNKNOWN;
  }
}

/** The shopper's country as the CDN's header or the IP database tells it; null when neither can (or fails). */
async function countryOf(request: Request, context: Route.LoaderArgs["context"]): Promise<string | null> {
  const header = context.config.cdnCountryHeader;
  const cdnCountry = header ? (request.headers.get(header) ?? undefined) : undefined;
  try {
    return await context.services.geo.countryFor({ ip: undefined, cdnCountry });
  } catch (error) {
    logOnServer(context.log)("Country for the cart failed", error);
    return null;
  }
}

/**
 * For a shopper abroad, what the cart says of import duties and taxes at delivery, with the estimate where the
 * shop keeps a rule (decision 081); null for India, an unknown country or a failure.
 */
async function dutiesFor(
  context: Route.LoaderArgs["context"],
  cartId: string,
  country: string | null,
): Promise<DutiesNotice | null> {
  if (!country || country === "IN") return null;
  try {
    const { dutiesEstimateQuerySchema } = await import("@store/shared/schemas/duties");
    const query = dutiesEstimateQuerySchema.safeParse({
      cart_id: cartId,
      currency: context.currency.currency,
      country,
    });
    return query.success ? await context.services.checkout.dutiesEstimate(query.data, null) : null;
  } catch (error) {
    logOnServer(context.log)("Duties notice for the cart failed", error);
    return null;
  }
}

/** A navigation in the browser shows the cart the page already holds. */
export function clientLoader(): ServerCart {
  return UNKNOWN;
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return <CartPage serverCart={loaderData} />;
}
