import { Link } from "react-router";
import { AuthCard } from "./auth-card";
import { LoginForm } from "./login-form";

/**
 * The login page's content. Also what a signed-out visitor of /account sees from the first paint, before
 * the page moves on to /login: the same screen in the same place, so nothing shifts (decision 047).
 */
export function LoginScreen() {
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
