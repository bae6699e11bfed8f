import type { LoginRequest, LoginResponse } from "@store/shared";
import { useState } from "react";
import { FormMessage } from "../account/auth-card";
import { api, STORAGE_KEYS } from "../../lib/api";
import { useSession } from "../../lib/session";
import { browserStorage } from "../../lib/storage";
import { useHydrated } from "../../lib/use-hydrated";
import { TextField } from "../ui/text-field";
import { failureOf, type Failure } from "./failures";
import { BUTTON_PRIMARY, CARD } from "./styles";

/**
 * The back office's own sign-in (the shop's login page is not needed): the normal `POST /api/login/`,
 * and the token is stored as the shop stores it, so the seller is signed in across the site.
 */
export function AdminSignIn({ title, level = 1 }: { title: string; level?: 1 | 2 }) {
  const { signIn } = useSession();
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);
  const Heading = level === 1 ? "h1" : "h2";

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "");
    if (!email || !password) {
      setFailure({ message: "Enter your e-mail and password.", fields: {} });
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const body: LoginRequest = { email, password, cart_id: browserStorage.get(STORAGE_KEYS.cartId) };
      // No token goes with it: signing in over an expired session must not be refused for that session.
      const session = await api.post<LoginResponse>("/api/login/", body, { auth: false });
      signIn(session.token, session.cart_id);
    } catch (error) {
      setFailure(failureOf(error));
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="admin-sign-in" className={`${CARD} mx-auto max-w-md`}>
      <Heading
        id="admin-sign-in"
        tabIndex={-1}
        data-admin-title=""
        className="text-2xl font-semibold text-indigo-ink focus:outline-none"
      >
        {title}
      </Heading>
      <p className="mt-1 text-sm text-charcoal/80">For the shop's staff. Use your administrator e-mail and password.</p>
      <form noValidate onSubmit={submit} aria-busy={sending} className="mt-6 space-y-4">
        <TextField
          id="admin-email"
          name="email"
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="username"
          error={failure?.fields.email}
        />
        <TextField
          id="admin-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={failure?.fields.password}
        />
        {failure && <FormMessage tone="error">{failure.message}</FormMessage>}
        <button type="submit" className={`${BUTTON_PRIMARY} w-full py-3`} disabled={!hydrated || sending}>
          {sending ? "Signing in..." : "Sign in"}
        </button>
      </form>
    </section>
  );
}
