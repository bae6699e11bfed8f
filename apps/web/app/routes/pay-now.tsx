import { useParams, useSearchParams } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { PayNowForm } from "../components/pay-now/pay-now-form";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Pay for your order online",
      description: "Pay for your cash-on-delivery order online now, by UPI, card or netbanking.",
      path: "/pay-now",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** The link in the "pay now" message after a cash-on-delivery order (/pay-now/12?token=...; decision 094). */
export default function PayNow() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return (
    <AuthCard title="Pay for your order online" intro="Skip the cash at the door.">
      <PayNowForm id={id ?? ""} token={params.get("token") ?? ""} />
    </AuthCard>
  );
}
