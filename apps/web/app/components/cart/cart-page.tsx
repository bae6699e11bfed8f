import { useCart } from "../../lib/cart";
import { CartContents } from "./cart-contents";
import { CartLoadFailed, CartSkeleton, EmptyCart } from "./cart-states";

/** The cart lives in browser storage: the server renders the skeleton, the browser the cart. */
export function CartPage() {
  const { status, cart, refresh } = useCart();
  const pieces = cart?.count ?? 0;
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
            onRetry={() => refresh().catch((error: unknown) => console.error("Cart fetch failed", error))}
          />
        )}
        {status === "ready" && (cart && cart.data.length > 0 ? <CartContents cart={cart} /> : <EmptyCart />)}
      </div>
    </div>
  );
}
