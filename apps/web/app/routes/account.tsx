import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { AccountPanel } from "../components/account/account-panel";
import { LoginScreen } from "../components/account/login-screen";
import { loginPath } from "../components/account/safe-next";
import { STORAGE_KEYS } from "../lib/api";
import { pageMeta } from "../lib/seo";
import { useSession } from "../lib/session";
import { hasSessionHint } from "@store/shared/session-hint";
import { browserStorage } from "../lib/storage";
import type { Route } from "./+types/account";

export function meta() {
  return [
    ...pageMeta({ title: "Your account", description: "Your details and orders.", path: "/account" }),
    { name: "robots", content: "noindex" },
  ];
}

/** The token lives in the browser: the server goes by the session hint cookie (lib/session-hint). */
export function loader({ request }: Route.LoaderArgs) {
  return { signedIn: hasSessionHint(request.headers.get("cookie")) };
}

/** A navigation in the browser asks its storage, not the server. */
export function clientLoader() {
  return { signedIn: browserStorage.get(STORAGE_KEYS.token) !== null };
}

/**
 * The signed-in shopper's page (AccountPanel). A visitor who is probably signed out sees the login screen
 * from the first paint, and once the browser confirms it, moves on to /login, which shows the same screen
 * in the same place: no flash of the account's skeleton, no layout shift (decision 047). A token found
 * after all shows the account; from then on the panel handles logging out and refused sessions itself.
 */
export default function Account({ loaderData }: Route.ComponentProps) {
  const { token } = useSession();
  const [panel, setPanel] = useState(loaderData.signedIn);
  useEffect(() => {
    if (token) setPanel(true);
  }, [token]);
  return panel ? <AccountPanel /> : <SignedOut />;
}

function SignedOut() {
  const { ready, token } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (ready && !token) void navigate(loginPath("/account"), { replace: true });
  }, [ready, token, navigate]);
  return <LoginScreen />;
}
