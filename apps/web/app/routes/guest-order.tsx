import { OrderPage } from "../components/checkout/order-page";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/guest-order";

export function meta({ params }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: `Order #${params.id}`,
      description: "Your order: where it is, its items, totals and delivery.",
      path: `/orders/${params.id}`,
    }),
    // One shopper's order, opened with the secret of its e-mailed link; nothing to index.
    { name: "robots", content: "noindex" },
  ];
}

/** `/orders/:id?token=`: the order's page from the e-mails' links or the lookup, signed in or not. */
export default function GuestOrder({ params }: Route.ComponentProps) {
  return <OrderPage id={params.id} guest />;
}
