import { formatMoney, namedSizePhrase, type CartItem } from "@store/shared";
import { imageSrcSet } from "@store/shared/media";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { useCart } from "../../lib/cart";
import { cartFailureMessage } from "../../lib/cart-api";
import { productPath } from "../product/product-card";
import { TrashIcon } from "../ui/icons";
import { NumericInput } from "../ui/numeric-input";
import { Price } from "../ui/price";

/** Why a line cannot be bought as it is (the checkout would refuse it), or null. */
function availabilityText(item: CartItem): string | null {
  if (item.available) return null;
  return item.stock === 0
    ? "No longer available. Please remove it to continue."
    : `Only ${item.stock} left in ${namedSizePhrase(item.size, item.size_name, false)}. Please lower the quantity.`;
}

/** The line's picture is 80 px wide on a phone, 112 px from sm: the 360 px copy is sharp at either. */
const LINE_IMAGE_SIZES = "(min-width: 640px) 112px, 80px";

/**
 * One cart line: image, name, size, unit prices, quantity (the spec's numeric input) and removal.
 * `firstScreen`: the picture is on the first screen (the full cart's largest paint), so it is not lazy.
 */
export function CartLine({ item, firstScreen = false }: { item: CartItem; firstScreen?: boolean }) {
  const cart = useCart();
  // The quantity being saved, shown until the server's cart replaces it.
  const [saving, setSaving] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const label = `${item.product_name}, ${namedSizePhrase(item.size, item.size_name, false)}${item.is_direct_buy ? " (Buy now)" : ""}`;
  const note = problem ?? availabilityText(item);

  // Quick arrow presses queue several changes; the field follows the last one until it is saved.
  const changes = useRef(0);
  async function changeQuantity(quantity: number) {
    const change = ++changes.current;
    setSaving(quantity);
    setProblem(null);
    try {
      await cart.setQuantity(item, quantity);
    } catch (error) {
      setProblem(cartFailureMessage(error, "Cart quantity change"));
    } finally {
      if (change === changes.current) setSaving(null);
    }
  }

  async function remove() {
    setRemoving(true);
    setProblem(null);
    try {
      await cart.remove(item);
    } catch (error) {
      setProblem(cartFailureMessage(error, "Cart removal"));
      setRemoving(false);
    }
  }

  return (
    <li aria-label={label} aria-busy={saving !== null || removing} className="flex gap-4 py-5 sm:gap-6">
      <Link
        to={productPath(item.product_pk)}
        tabIndex={-1}
        aria-hidden="true"
        className="block w-20 flex-none self-start overflow-hidden rounded-xl bg-linen sm:w-28"
      >
        {item.image && (
          <img
            src={item.image}
            srcSet={imageSrcSet(item.image)}
            sizes={LINE_IMAGE_SIZES}
            alt=""
            width={112}
            height={140}
            loading={firstScreen ? "eager" : "lazy"}
            className="aspect-[4/5] h-auto w-full object-cover"
          />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <h3 className="font-serif text-lg leading-snug text-charcoal">
              <Link to={productPath(item.product_pk)} className="hover:text-madder">
                {item.product_name}
              </Link>
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-charcoal/80">
              <span>{namedSizePhrase(item.size, item.size_name)}</span>
              {item.is_direct_buy && (
                <span className="rounded-full bg-turmeric/20 px-2 py-0.5 text-xs font-semibold text-charcoal">
                  Buy now
                </span>
              )}
            </p>
            {item.made_to_order_days !== null && (
              <p className="mt-1 text-sm text-charcoal/80">
                Made to order: ships in about {item.made_to_order_days} days
              </p>
            )}
            {item.notes && (
              <p className="mt-1 whitespace-pre-line break-words text-sm text-charcoal/80" data-line-notes>
                <span className="font-semibold">Your notes:</span> {item.notes}
              </p>
            )}
            <Price offer={item.offer_price} mrp={item.mrp} currency={item.currency} className="mt-1" />
          </div>
          <p className="text-base font-semibold text-charcoal sm:text-right">
            <span className="text-sm font-normal text-charcoal/75 sm:sr-only">Line total </span>
            {formatMoney(item.line_total, item.currency)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <span className="flex items-center gap-2 text-sm text-charcoal/80">
            <span aria-hidden="true">Qty</span>
            <NumericInput
              aria-label={`Quantity of ${label}`}
              value={saving ?? item.quantity}
              onChange={(quantity) => void changeQuantity(quantity)}
              min={1}
              max={Math.max(1, item.stock)}
              disabled={removing}
            />
          </span>
          <button
            type="button"
            onClick={() => void remove()}
            disabled={removing}
            className="flex items-center gap-1.5 rounded text-sm font-medium text-charcoal/80 hover:text-madder disabled:opacity-50"
          >
            <TrashIcon />
            Remove<span className="sr-only"> {label}</span>
          </button>
        </div>
        {note && (
          <p role={problem ? "alert" : undefined} className="text-sm font-medium text-madder">
            {note}
          </p>
        )}
      </div>
    </li>
  );
}
