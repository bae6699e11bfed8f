import { useSearchParams } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { VerifyEmailForm } from "../components/account/verify-email-form";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Confirm your e-mail address",
      description: "Confirm the e-mail address of your account.",
      path: "/verify-email",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** The page the sign-up confirmation e-mail links to (/verify-email?token=...). */
export default function VerifyEmail() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Confirm your e-mail address" intro="One click tells us this address is yours.">
      <VerifyEmailForm token={params.get("token") ?? ""} />
    </AuthCard>
  );
}
