import { useSearchParams } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { SetPasswordForm } from "../components/account/set-password-form";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Set your password",
      description: "Choose the password for your account.",
      path: "/set-password",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** The page the set-password e-mail links to (/set-password?token=...), for accounts made without a password. */
export default function SetPassword() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Set your password" intro="Choose a password to finish your account; then log in with it.">
      {/* Only the back office is a known destination: any other value would make this page an open redirect. */}
      <SetPasswordForm token={params.get("token") ?? ""} next={params.get("next") === "/admin" ? "/admin" : null} />
    </AuthCard>
  );
}
