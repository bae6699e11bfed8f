import { LINE_NOTES_MAX, type ProductDetail } from "@store/shared";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useCart } from "../../lib/cart";
import { cartFailureMessage } from "../../lib/cart-api";
import { useHydrated } from "../../lib/use-hydrated";
import { BackInStockSlot } from "../product/back-in-stock-slot";
import { PurchasePanel, type PurchaseAction } from "../product/purchase-panel";
import { Notice, useNotice } from "../ui/notice";

export const ADDED_TO_CART = "Added to cart";

/**
 * The product page's cart buttons. 'Add to cart' posts the spec's payload with the prices shown (which
 * came from the server) and confirms; 'Buy now' adds a direct-buy line and opens the cart.
 */
export function ProductPurchase({ product, updating }: { product: ProductDetail; updating: boolean }) {
  const cart = useCart();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { notice, show, dismiss } = useNotice();
  const [pending, setPending] = useState<PurchaseAction | null>(null);
  // A refusal belongs to the size it was about; choosing another size hides it.
  const [problem, setProblem] = useState<{ size: string; text: string } | null>(null);
  // Made to order (decision 099): the shopper's measurements or notes, sent with the line.
  const [notes, setNotes] = useState("");
  const made = product.made_to_order;

  async function buy(action: PurchaseAction, quantity: number) {
    setPending(action);
    setProblem(null);
    try {
      await cart.add({
        product_pk: product.id,
        size: product.size,
        quantity,
        offer_price: product.offer_price,
        mrp: product.mrp,
        is_direct_buy: action === "buy",
        currency: product.currency,
        ...(made && { notes: notes.trim() }),
      });
      if (action === "buy") await navigate("/cart");
      else show(ADDED_TO_CART);
    } catch (error) {
      const text = cartFailureMessage(error, action === "buy" ? "Buy now" : "Add to cart");
      if (text) setProblem({ size: product.size, text });
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      {made && (
        <div
          className="mb-4 rounded-2xl border border-linen bg-white/70 p-5 text-sm text-charcoal/85"
          data-made-to-order
        >
          <p className="font-semibold text-charcoal">Made to order: ships in about {made.days} days</p>
          <p className="mt-1">
            {made.returnable
              ? "Made for you after you order; it may be returned like any other piece."
              : "Made for you after you order, so it cannot be returned (a faulty or wrong piece is still put right)."}
          </p>
          {(made.prompt || made.notes_required) && (
            <div className="mt-3">
              <label htmlFor="made-to-order-notes" className="block font-semibold text-charcoal">
                {made.prompt || "Your measurements or notes"}
                {made.notes_required ? " (required)" : " (optional)"}
              </label>
              <textarea
                id="made-to-order-notes"
                className="mt-1 w-full rounded-lg border border-linen bg-white p-2"
                rows={3}
                maxLength={LINE_NOTES_MAX}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                aria-required={made.notes_required}
              />
            </div>
          )}
        </div>
      )}
      <PurchasePanel
        product={product}
        size={product.size}
        onAddToCart={(quantity) => void buy("add", quantity)}
        onBuyNow={(quantity) => void buy("buy", quantity)}
        pending={pending}
        disabled={!hydrated || updating}
        problem={problem?.size === product.size ? problem.text : null}
      >
        {product.stock <= 0 && !updating && (
          <BackInStockSlot key={`${product.id}-${product.size}`} productId={product.id} size={product.size} />
        )}
      </PurchasePanel>
      <Notice notice={notice} onDismiss={dismiss} />
    </>
  );
}
