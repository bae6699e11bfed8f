import { MESSAGES, type Currency, type WishlistItem, type WishlistResponse } from "@store/shared";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { useCurrency } from "../../lib/currency-context";
import { useSession } from "../../lib/session";
import { useWishlist } from "../../lib/wishlist";
import { HeartIcon } from "../ui/icons";
import { Button, ButtonLink } from "../ui/button";
import { Skeleton } from "../ui/skeleton";
import { WishlistLine } from "./wishlist-line";

type Loaded = { status: "loading" | "error" } | { status: "ready"; items: WishlistItem[]; currency: Currency };

/** The saved pieces, priced today in the shopper's currency: the account's from the server, a guest's from this browser. */
function useWishlistItems() {
  const wishlist = useWishlist();
  const { token } = useSession();
  const currency = useCurrency();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const idsKey = wishlist.ids.join(",");

  const fetchItems = useCallback(async () => {
    const response = token
      ? await api.get<WishlistResponse>("/api/wishlist/", { currency })
      : await api.get<WishlistResponse>("/api/wishlist/products", { ids: idsKey, currency }, { auth: false });
    setLoaded({ status: "ready", items: response.data, currency: response.currency });
  }, [token, currency, idsKey]);

  // Fetched when the list gains a piece or the currency changes; a removal only hides the line.
  const known = loaded.status === "ready" ? loaded.items : [];
  const missing = wishlist.ids.some((id) => !known.some((item) => item.id === id));
  const stale = loaded.status !== "ready" || missing || loaded.currency !== currency;
  useEffect(() => {
    if (wishlist.status !== "ready" || !stale) return;
    if (wishlist.ids.length === 0) return setLoaded({ status: "ready", items: [], currency });
    fetchItems().catch((error: unknown) => {
      console.error("Wishlist fetch failed", error);
      setLoaded({ status: "error" });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `stale` is derived from the deps below.
  }, [wishlist.status, idsKey, currency, token]);

  const items = known.filter((item) => wishlist.ids.includes(item.id));
  const status = wishlist.status === "ready" ? loaded.status : wishlist.status;
  const retry = () => (wishlist.status === "error" ? wishlist.reload() : fetchItems());
  return { loaded: status, items, retry };
}

export function WishlistPage() {
  const { loaded, items, retry } = useWishlistItems();
  return (
    <div className="mx-auto max-w-5xl px-4 pb-8 pt-10 sm:pt-14">
      <header className="mb-8 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-4xl font-semibold text-indigo-ink sm:text-5xl">Your wishlist</h1>
        {loaded === "ready" && items.length > 0 && (
          <p className="text-charcoal/80">
            {items.length} {items.length === 1 ? "piece" : "pieces"}
          </p>
        )}
      </header>
      {loaded === "loading" && (
        <div role="status" aria-label="Loading your wishlist" className="flex flex-col gap-4">
          <Skeleton className="h-36 rounded-2xl" />
          <Skeleton className="h-36 rounded-2xl" />
        </div>
      )}
      {loaded === "error" && (
        <div role="alert" className="rounded-3xl bg-white px-6 py-12 text-center ring-1 ring-linen">
          <p className="text-lg text-charcoal">{MESSAGES.wishlistLoadFailed}</p>
          <Button variant="secondary" className="mt-5" onClick={() => void retry().catch(() => undefined)}>
            Try again
          </Button>
        </div>
      )}
      {loaded === "ready" &&
        (items.length > 0 ? (
          <ul className="divide-y divide-linen border-y border-linen">
            {items.map((item) => (
              <WishlistLine key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <EmptyWishlist />
        ))}
    </div>
  );
}

function EmptyWishlist() {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-linen">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-linen text-madder">
        <HeartIcon className="h-8 w-8" />
      </span>
      <h2 className="mt-5 text-2xl font-semibold text-indigo-ink">Your wishlist is empty</h2>
      <p className="mt-2 max-w-md text-charcoal/85">Tap the heart on any piece to keep it here for later.</p>
      <ButtonLink to="/collections" size="lg" className="mt-6">
        Start shopping
      </ButtonLink>
    </div>
  );
}
