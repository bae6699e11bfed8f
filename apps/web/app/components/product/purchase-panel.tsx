import { formatMoney, type ProductDetail } from "@store/shared";

/**
 * The buying area: what the shopper has chosen, and the cart buttons once the cart is wired in (the cart
 * issue passes the handlers). Until then no button pretends to work.
 */
export function PurchasePanel({ product, size, onAddToCart, onBuyNow }: {
  product: ProductDetail;
  size: string;
  onAddToCart?: () => void;
  onBuyNow?: () => void;
}) {
  const soldOut = product.stock <= 0;
  return (
    <div className="rounded-2xl border border-linen bg-white/70 p-5">
      <p className="text-sm text-charcoal/85">
        Your choice: <span className="font-semibold text-charcoal">size {size}</span>, quantity 1,{" "}
        <span className="font-semibold text-charcoal">{formatMoney(product.offer_price, product.currency)}</span>
      </p>
      {onAddToCart && (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <button type="button" onClick={onAddToCart} disabled={soldOut} className="flex-1 rounded-full bg-indigo-ink px-6 py-3 font-medium text-white transition hover:bg-madder disabled:cursor-not-allowed disabled:opacity-50">
            Add to cart
          </button>
          {onBuyNow && (
            <button type="button" onClick={onBuyNow} disabled={soldOut} className="flex-1 rounded-full border-2 border-indigo-ink px-6 py-3 font-medium text-indigo-ink transition hover:bg-indigo-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-50">
              Buy now
            </button>
          )}
        </div>
      )}
    </div>
  );
}
