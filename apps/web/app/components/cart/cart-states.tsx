import { MESSAGES } from "@store/shared";
import { CartIcon } from "../ui/icons";
import { Skeleton } from "../ui/skeleton";
import { Button, ButtonLink } from "../ui/button";

const SKELETON_LINES = 2;

/** The server's render of the cart page (the cart lives in browser storage), until the browser fills it in. */
export function CartSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your cart"
      className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_380px]"
    >
      <ul className="divide-y divide-linen border-y border-linen">
        {Array.from({ length: SKELETON_LINES }, (_, i) => (
          <li key={i} className="flex gap-4 py-5 sm:gap-6">
            <Skeleton className="aspect-[4/5] w-20 flex-none rounded-xl sm:w-28" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-3/5" />
              <Skeleton className="h-4 w-16" />
              <Skeleton className="h-5 w-24" />
              <Skeleton className="mt-2 h-9 w-40" />
            </div>
          </li>
        ))}
      </ul>
      <Skeleton className="h-96 rounded-2xl" />
    </div>
  );
}

export function EmptyCart() {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-linen">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-linen text-indigo-ink">
        <CartIcon className="h-8 w-8" />
      </span>
      <h2 className="mt-5 text-2xl font-semibold text-indigo-ink">Your cart is empty</h2>
      <p className="mt-2 max-w-md text-charcoal/85">
        Block-printed dresses, kantha cushions, jute rugs: every piece is made by hand in Jaipur.
      </p>
      <ButtonLink to="/collections" size="lg" className="mt-6">
        Start shopping
      </ButtonLink>
    </div>
  );
}

/** Our addition: the spec only logs a failed cart fetch, which would leave the page empty with no way on. */
export function CartLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-3xl bg-white px-6 py-12 text-center ring-1 ring-linen">
      <p className="text-lg text-charcoal">{MESSAGES.cartLoadFailed}</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
