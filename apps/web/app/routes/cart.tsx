import { CartPage } from "../components/cart/cart-page";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Your cart",
      description: "The pieces you have chosen, your promo code and delivery options.",
      path: "/cart",
    }),
    // One shopper's cart; nothing to index.
    { name: "robots", content: "noindex" },
  ];
}

export default function Cart() {
  return <CartPage />;
}
