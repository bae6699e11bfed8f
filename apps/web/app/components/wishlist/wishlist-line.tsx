import { sizePhrase, type ProductSize, type WishlistItem } from "@store/shared";
import { imageSrcSet } from "@store/shared/media";
import { useState } from "react";
import { Link } from "react-router";
import { useCart } from "../../lib/cart";
import { cartFailureMessage } from "../../lib/cart-api";
import { storedWishlistSizes, useWishlist } from "../../lib/wishlist";
import { productPath } from "../product/product-card";
import { stockText } from "../product/stock-status";
import { Button } from "../ui/button";
import { Price } from "../ui/price";

/** A saved piece: today's price, each size's stock, a size to add to the cart, and "Remove". */
export function WishlistLine({ item }: { item: WishlistItem }) {
  const cart = useCart();
  const wishlist = useWishlist();
  const inStock = item.sizes.filter((s) => s.stock > 0);
  // The size chosen when it was saved (the account's, or this browser's for a guest), while it is in stock.
  const saved = item.saved_size ?? storedWishlistSizes()[item.id];
  const [size, setSize] = useState<ProductSize | undefined>(
    inStock.find((s) => s.size === saved)?.size ?? inStock[0]?.size,
  );
  const [state, setState] = useState<{ pending: boolean; message: string | null; problem: string | null }>({
    pending: false,
    message: null,
    problem: null,
  });
  const chosen = item.sizes.find((s) => s.size === size);
  const href = productPath(item.id);
  const selectId = `wishlist-size-${item.id}`;

  async function addToCart() {
    if (!chosen) return;
    setState({ pending: true, message: null, problem: null });
    try {
      await cart.add({
        product_pk: item.id,
        size: chosen.size,
        quantity: 1,
        offer_price: chosen.offer_price,
        mrp: chosen.mrp,
        is_direct_buy: false,
        currency: item.currency,
      });
      setState({ pending: false, message: `Added ${sizePhrase(chosen.size, false)} to your cart`, problem: null });
    } catch (error) {
      setState({ pending: false, message: null, problem: cartFailureMessage(error, "Add to cart") });
    }
  }

  return (
    <li className="flex gap-4 py-5 sm:gap-6" data-testid="wishlist-line">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block w-24 flex-none sm:w-32">
        <img
          src={item.main_image}
          srcSet={imageSrcSet(item.main_image)}
          sizes="128px"
          alt=""
          width={128}
          height={160}
          loading="lazy"
          className="aspect-[4/5] h-auto w-full rounded-xl bg-linen object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2">
        <h2 className="font-serif text-lg text-charcoal">
          <Link to={href} className="hover:text-madder">
            {item.product_name}
          </Link>
        </h2>
        <Price offer={chosen?.offer_price ?? item.offer_price} mrp={chosen?.mrp ?? item.mrp} currency={item.currency} />
        {!item.is_active ? (
          <p className="text-sm font-medium text-charcoal/75">No longer sold</p>
        ) : (
          <>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-charcoal/85" aria-label="Sizes">
              {item.sizes.map((s) => (
                <li key={s.size}>
                  {sizePhrase(s.size)}: {stockText(s.stock)}
                </li>
              ))}
            </ul>
            <div className="mt-1 flex flex-wrap items-end gap-3">
              {inStock.length > 0 && (
                <label htmlFor={selectId} className="text-sm font-semibold text-charcoal">
                  Size
                  <select
                    id={selectId}
                    value={size}
                    onChange={(event) => setSize(event.target.value as ProductSize)}
                    className="ml-2 rounded-full border border-charcoal/25 bg-white px-3 py-2 text-sm"
                  >
                    {inStock.map((s) => (
                      <option key={s.size} value={s.size}>
                        {s.size}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <Button
                size="sm"
                onClick={() => void addToCart()}
                disabled={!chosen || state.pending}
                aria-busy={state.pending}
              >
                {inStock.length === 0 ? "Sold out" : state.pending ? "Adding..." : "Add to cart"}
              </Button>
            </div>
          </>
        )}
        <div>
          <Button
            variant="link"
            onClick={() =>
              wishlist.toggle(item.id).catch((error: unknown) => console.error("Wishlist remove failed", error))
            }
          >
            Remove<span className="sr-only"> {item.product_name}</span>
          </Button>
        </div>
        {state.message && (
          <p role="status" className="text-sm font-medium text-[#3f6b3a]">
            {state.message}
          </p>
        )}
        {state.problem && (
          <p role="alert" className="text-sm font-medium text-madder">
            {state.problem}
          </p>
        )}
      </div>
    </li>
  );
}
