import { OrdersList } from "../checkout/orders-list";

export const ORDERS_SLOT_ID = "orders";

/**
 * Where the shopper's order history goes (issue 5, with the checkout). Rendered only for a signed-in
 * shopper whose details have loaded; its content may call useSession() for the token.
 */
export function OrdersSlot() {
  return (
    <section id={ORDERS_SLOT_ID} aria-label="Orders" className="mt-10">
      <OrdersList />
    </section>
  );
}
