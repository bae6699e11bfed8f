import { formatMoney } from "@store/shared";
import { PayPalButtons } from "./paypal-buttons";
import type { WalletCheckout } from "./use-checkout";
import { Button } from "../ui/button";

/**
 * The wallet's second step: the order exists on our server, so PayPal's buttons can pay it (spec section
 * 4). The details are locked meanwhile; "Change details" drops this order and unlocks them.
 */
export function WalletStep({
  wallet,
  busy,
  events,
  onEdit,
}: {
  wallet: WalletCheckout;
  busy: boolean;
  events: { approve: (orderID: string) => Promise<void>; cancel: () => void; error: (error: unknown) => void };
  onEdit: () => void;
}) {
  const { order } = wallet;
  return (
    <div className="mt-5 space-y-4">
      <p role="status" className="rounded-xl bg-sage/15 px-4 py-3 text-sm text-charcoal">
        Order #{order.order_id} is ready. Pay {formatMoney(order.amount, order.currency)} with PayPal below.
      </p>
      <div aria-busy={busy}>
        <PayPalButtons orderId={order.id} onApprove={events.approve} onCancel={events.cancel} onError={events.error} />
      </div>
      <Button variant="secondary" className="w-full" onClick={onEdit} disabled={busy}>
        Change details
      </Button>
    </div>
  );
}
