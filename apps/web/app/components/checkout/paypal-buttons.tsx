import { useEffect, useEffectEvent, useRef } from "react";

/** The container the spec renders the wallet's buttons into. */
export const PAYPAL_CONTAINER_ID = "paypal-buttons";

/**
 * PayPal's buttons for an order that already exists on our server (spec: the wallet's buttons render only
 * after the backend order is created). The SDK owns the container's content, so React renders it empty.
 */
export function PayPalButtons({
  orderId,
  onApprove,
  onCancel,
  onError,
}: {
  orderId: string;
  onApprove: (orderID: string) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  // Effect events: the SDK keeps the callbacks it was given, and they must see the latest props.
  const approve = useEffectEvent(onApprove);
  const cancel = useEffectEvent(onCancel);
  const fail = useEffectEvent(onError);

  useEffect(() => {
    const container = host.current;
    const paypal = window.paypal;
    if (!container) return;
    if (!paypal) {
      fail(new Error("PayPal's script is not loaded"));
      return;
    }
    const buttons = paypal.Buttons({
      createOrder: () => Promise.resolve(orderId),
      onApprove: (data) => approve(data.orderID),
      onCancel: () => cancel(),
      onError: (error) => fail(error),
    });
    buttons.render(container).catch((error: unknown) => fail(error));
    return () => {
      buttons.close?.().catch(() => undefined);
      container.replaceChildren();
    };
  }, [orderId]);

  return <div id={PAYPAL_CONTAINER_ID} ref={host} className="min-h-12" />;
}
