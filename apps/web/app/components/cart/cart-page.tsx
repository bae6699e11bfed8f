import type { CartResponse, DutiesNotice, GeoResponse } from "@store/shared";
import { useApiGet } from "../../lib/use-api-get";
import { useCart } from "../../lib/cart";
import { useHydrated } from "../../lib/use-hydrated";
import { CartContents } from "./cart-contents";
import { CartLoadFailed, CartSkeleton, EmptyCart } from "./cart-states";

/**
 * What the server could read of this browser's cart (routes/cart.tsx): the cart, none at all, or not known
 * (a signed-in shopper's, or one it could not read), in which case the page starts from the skeleton.
 */
export type ServerCart =
  { known: true; cart: CartResponse | null; country?: string | null; duties?: DutiesNotice | null } | { known: false };

/**
 * The cart lives in browser storage. The server renders what it read from the cart cookie, and the browser
 * takes over once it has fetched its own cart: the same lines in the same elements, so nothing moves.
 */
export function CartPage({ serverCart }: { serverCart: ServerCart }) {
  const live = useCart();
  const hydrated = useHydrated();
  const { status, cart } =
    live.status === "loading" && serverCart.known ? { status: "ready" as const, cart: serverCart.cart } : live;
  const pieces = cart?.count ?? 0;
  // Abroad, shipping is priced by the seller's rate cards for the address (decision 080): the checkout says it.
  // The server told the country with the cart; a cart only the browser reads asks for it.
  const geo = useApiGet<GeoResponse>("/api/geo/", undefined, !serverCart.known);
  const country = serverCart.known ? serverCart.country : geo.status === "success" ? geo.data.country_code : null;
  const abroad = Boolean(country && country !== "IN");
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-10 sm:pt-14">
      <header className="mb-8 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-4xl font-semibold text-indigo-ink sm:text-5xl">Your cart</h1>
        {status === "ready" && pieces > 0 && (
          <p className="text-charcoal/80">
            {pieces} {pieces === 1 ? "piece" : "pieces"}
          </p>
        )}
      </header>
      {/* As tall as the skeleton on a phone, so the footer does not jump up when an empty cart replaces it. */}
      <div className="min-h-[44rem] lg:min-h-[24rem]">
        {status === "loading" && <CartSkeleton />}
        {status === "error" && (
          <CartLoadFailed
            onRetry={() => live.refresh().catch((error: unknown) => console.error("Cart fetch failed", error))}
          />
        )}
        {status === "ready" &&
          (cart && cart.data.length > 0 ? (
            // Until the page runs, its buttons would do nothing: disabled, as forms are (lib/use-hydrated).
            <fieldset disabled={!hydrated} className="min-w-0">
              <CartContents cart={cart} abroad={abroad} dutiesNotice={dutiesNotice(serverCart, cart)} />
            </fieldset>
          ) : (
            <EmptyCart />
          ))}
      </div>
    </div>
  );
}

/**
 * For a shopper abroad, what the server said of import duties and taxes for the cart it read (decision 081);
 * once the cart changes in the browser, the figure is no longer this cart's, and the checkout has the new one.
 */
function dutiesNotice(serverCart: ServerCart, cart: CartResponse): string | null {
  if (!serverCart.known || !serverCart.duties) return null;
  const same = serverCart.cart?.subtotal === cart.subtotal && serverCart.cart.count === cart.count;
  return same
    ? serverCart.duties.notice
    : "Import duties and taxes are paid to the carrier at delivery; the checkout shows the estimate.";
}
