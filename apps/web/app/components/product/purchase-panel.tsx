import { formatMoney, namedSizePhrase, type ProductDetail } from "@store/shared";
import { useState } from "react";
import { Link } from "react-router";
import { clamp, NumericInput } from "../ui/numeric-input";
import { Button } from "../ui/button";

export type PurchaseAction = "add" | "buy";

/**
 * The buying area: size, quantity (the spec's numeric input, 1 to the size's stock) and the cart buttons.
 * The caller does the buying; `problem` is its sentence when the server refused (near the buttons).
 */
export function PurchasePanel({
  product,
  size,
  onAddToCart,
  onBuyNow,
  pending = null,
  disabled = false,
  problem = null,
  children,
}: {
  product: ProductDetail;
  size: string;
  onAddToCart?: (quantity: number) => void;
  onBuyNow?: (quantity: number) => void;
  pending?: PurchaseAction | null;
  /** E.g. while another size's price is still loading, or before the page is interactive. */
  disabled?: boolean;
  problem?: string | null;
  /** Shown under the buttons (the product page's back-in-stock alert on a sold-out size). */
  children?: React.ReactNode;
}) {
  const soldOut = product.stock <= 0;
  const [wanted, setWanted] = useState(1);
  // Another size may have less stock than the quantity chosen for the last one.
  const quantity = clamp(wanted, { min: 1, max: Math.max(1, product.stock) });
  const blocked = soldOut || disabled || pending !== null;
  return (
    <div className="rounded-2xl border border-linen bg-white/70 p-5">
      <p className="text-sm text-charcoal/85">
        Your choice:{" "}
        <span className="font-semibold text-charcoal">
          {namedSizePhrase(size, product.sizes.find((s) => s.size === size)?.size_name, false)}
        </span>
        , quantity {quantity},{" "}
        <span className="font-semibold text-charcoal">{formatMoney(product.offer_price, product.currency)}</span>
        {quantity > 1 && " each"}
      </p>
      {onAddToCart && (
        <>
          <div className="mt-4 flex items-center gap-3">
            <label
              htmlFor="purchase-quantity"
              className="text-sm font-semibold uppercase tracking-wider text-charcoal/80"
            >
              Quantity
            </label>
            <NumericInput
              id="purchase-quantity"
              aria-label="Quantity"
              value={quantity}
              onChange={setWanted}
              min={1}
              max={Math.max(1, product.stock)}
              disabled={soldOut}
            />
          </div>
          <div data-keep-clear className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Button
              size="lg"
              className="flex-1"
              onClick={() => onAddToCart(quantity)}
              disabled={blocked}
              aria-busy={pending === "add"}
            >
              {pending === "add" ? "Adding..." : "Add to cart"}
            </Button>
            {onBuyNow && (
              <Button
                variant="secondary"
                size="lg"
                className="flex-1"
                onClick={() => onBuyNow(quantity)}
                disabled={blocked}
                aria-busy={pending === "buy"}
              >
                Buy now
              </Button>
            )}
          </div>
          {problem && (
            <p role="alert" className="mt-3 rounded-xl bg-madder/10 px-4 py-3 text-sm font-medium text-madder">
              {problem}
            </p>
          )}
        </>
      )}
      {/* A wholesale or custom order: the quote request, with this product and size on its first line (decision 101). */}
      <Link
        className="mt-4 inline-block text-sm font-medium text-indigo-ink underline hover:text-madder"
        to={`/quote?product=${product.id}&size=${encodeURIComponent(size)}`}
      >
        Ask for a wholesale quote
      </Link>
      {children}
    </div>
  );
}
