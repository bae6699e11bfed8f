import { Link } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { LoginForm } from "../components/account/login-form";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({ title: "Log in", description: "Log in to your account: your cart comes with you.", path: "/login" }),
    { name: "robots", content: "noindex, follow" },
  ];
}

export default function Login() {
  return (
    <AuthCard
      title="Log in"
      intro="Welcome back. Anything already in your cart comes with you."
      footer={
        <>
          New here?{" "}
          <Link to="/Signup" className="font-semibold text-madder underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
