import { OrderPage } from "../components/checkout/order-page";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/order";

export function meta({ params }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: `Order #${params.id}`,
      description: "Your order: items, totals, delivery and status.",
      path: `/account/orders/${params.id}`,
    }),
    // One shopper's order; nothing to index.
    { name: "robots", content: "noindex" },
  ];
}

export default function Order({ params }: Route.ComponentProps) {
  return <OrderPage id={params.id} />;
}
