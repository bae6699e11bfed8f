import { useSearchParams } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { StockAlertConfirmForm } from "../components/account/stock-alert-confirm-form";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Confirm your back-in-stock alerts",
      description: "Confirm the address we write to when a sold-out piece is back.",
      path: "/stock-alerts/confirm",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** The page the back-in-stock confirmation e-mail links to (/stock-alerts/confirm?token=...). */
export default function StockAlertConfirm() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Back-in-stock alerts" intro="One click tells us this address is yours and wants to hear.">
      <StockAlertConfirmForm token={params.get("token") ?? ""} />
    </AuthCard>
  );
}
