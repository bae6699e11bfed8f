import { WishlistPage } from "../components/wishlist/wishlist-page";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Your wishlist",
      description: "The pieces you saved, with today's prices and the sizes in stock.",
      path: "/wishlist",
    }),
    // One shopper's list; nothing to index.
    { name: "robots", content: "noindex" },
  ];
}

export default function Wishlist() {
  return <WishlistPage />;
}
