import { LoginScreen } from "../components/account/login-screen";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({ title: "Log in", description: "Log in to your account: your cart comes with you.", path: "/login" }),
    { name: "robots", content: "noindex, follow" },
  ];
}

export default function Login() {
  return <LoginScreen />;
}
