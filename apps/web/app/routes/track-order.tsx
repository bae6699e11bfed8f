import { Link } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { TrackOrderForm } from "../components/account/track-order-form";
import { pageMeta } from "../lib/seo";

export function meta() {
  return pageMeta({
    title: "Track your order",
    description: "Where your order is: enter its number with the e-mail or phone number you ordered with.",
    path: "/track-order",
  });
}

export default function TrackOrder() {
  return (
    <AuthCard
      title="Track your order"
      intro="Enter the order number from your confirmation e-mail, with the e-mail address or the whole phone number you ordered with."
      footer={
        <>
          Have an account?{" "}
          <Link to="/login?next=/account" className="font-semibold text-madder underline-offset-4 hover:underline">
            Log in to see all your orders
          </Link>
        </>
      }
    >
      <TrackOrderForm />
    </AuthCard>
  );
}
