import { useSearchParams } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { CartRestore } from "../components/cart/cart-restore";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Return to your cart",
      description: "Bring back the pieces from your cart reminder.",
      path: "/cart/restore",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** The cart reminder e-mail's link (/cart/restore?r=<reminder>&s=<signature>), on any device. */
export default function CartRestorePage() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Your cart" intro="Bringing back the pieces you chose.">
      <CartRestore reminder={params.get("r") ?? ""} signature={params.get("s") ?? ""} />
    </AuthCard>
  );
}
