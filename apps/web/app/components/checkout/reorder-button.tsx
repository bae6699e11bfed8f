import { useState } from "react";
import { Link } from "react-router";
import type { ReorderResponse } from "@store/shared";
import { api, ApiError } from "../../lib/api";
import { useCart } from "../../lib/cart";
import { Button } from "../ui/button";

/**
 * "Reorder": the signed-in buyer's past order back in their cart in one step, at today's prices, with what
 * could not be added said (decision 097).
 */
export function ReorderButton({ orderId }: { orderId: number }) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; added: boolean } | null>(null);

  async function reorder() {
    setBusy(true);
    try {
      const res = await api.post<ReorderResponse>("/api/reorder/", { order_id: orderId });
      await cart.refresh();
      setResult({ text: res.message, added: res.added > 0 });
    } catch (error) {
      setResult({
        text: error instanceof ApiError ? error.message : "The order could not be added. Please try again.",
        added: false,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-6 flex flex-col items-start gap-2">
      <Button variant="secondary" onClick={() => void reorder()} disabled={busy}>
        Reorder
      </Button>
      {result && (
        <p role="status" className="text-sm text-charcoal/90">
          {result.text}{" "}
          {result.added && (
            <Link to="/cart" className="font-semibold text-madder underline-offset-4 hover:underline">
              Go to your cart
            </Link>
          )}
        </p>
      )}
    </div>
  );
}
