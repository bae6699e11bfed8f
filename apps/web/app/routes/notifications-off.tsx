import { useSearchParams } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { NotificationsOffForm } from "../components/account/notifications-off-form";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Stop order updates",
      description: "Turn off order updates by e-mail or WhatsApp.",
      path: "/notifications/off",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** The page the opt-out link in every order update links to (/notifications/off?token=...). */
export default function NotificationsOff() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Order updates" intro="Choose which messages you get from us.">
      <NotificationsOffForm token={params.get("token") ?? ""} />
    </AuthCard>
  );
}
