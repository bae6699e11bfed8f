import { Link } from "react-router";
import { AuthCard } from "../components/account/auth-card";
import { SignupForm } from "../components/account/signup-form";
import { pageMeta } from "../lib/seo";

export function meta() {
  return [
    ...pageMeta({
      title: "Sign up",
      description: "Create an account to keep your cart across devices and follow your orders.",
      path: "/Signup",
    }),
    { name: "robots", content: "noindex, follow" },
  ];
}

export default function Signup() {
  return (
    <AuthCard
      title="Create your account"
      intro="Keep your cart on every device and follow your orders."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-madder underline-offset-4 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <SignupForm />
    </AuthCard>
  );
}
