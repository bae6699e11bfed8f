import { MESSAGES, type LoginRequest, type LoginResponse } from "@store/shared";
import { useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { api, STORAGE_KEYS } from "../../lib/api";
import { useSession } from "../../lib/session";
import { browserStorage } from "../../lib/storage";
import { useHydrated } from "../../lib/use-hydrated";
import { TextField } from "../ui/text-field";
import { FormMessage } from "./auth-card";
import {
  focusFirstProblem,
  hasProblems,
  noProblems,
  problemsFromApi,
  readFields,
  type Problems,
} from "./form-problems";
import { safeNext } from "./safe-next";
import { Button } from "../ui/button";
import type { FlashState } from "../layout/flash-notice";

const LOGIN_FIELDS = ["email", "password"] as const;
type LoginField = (typeof LOGIN_FIELDS)[number];

/** What other screens hand the login page (navigation state): good news to show, the e-mail to prefill. */
export type LoginNotice = { notice?: string; email?: string };

function noticeFrom(state: unknown): LoginNotice {
  return typeof state === "object" && state !== null ? (state as LoginNotice) : {};
}

/**
 * Logs in with the guest's cart_id, so the guest cart joins the shopper's; stores the token and the cart
 * id the server answers, then goes on to ?next= (or the account). The server's refusal is shown as sent
 * (wrong password, or an account that still has to set its password).
 */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { signIn } = useSession();
  const hydrated = useHydrated();
  const [problems, setProblems] = useState<Problems<LoginField>>(noProblems());
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const { notice, email } = noticeFrom(location.state);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const form = event.currentTarget;
    const values = readFields(form, LOGIN_FIELDS);
    const empty: Problems<LoginField> = noProblems();
    if (!values.email.trim()) empty.fields.email = MESSAGES.fillThisField;
    if (!values.password) empty.fields.password = MESSAGES.fillThisField;
    if (hasProblems(empty)) {
      setProblems(empty);
      focusFirstProblem(form, LOGIN_FIELDS, empty);
      return;
    }
    inFlight.current = true;
    setSending(true);
    setProblems(noProblems());
    try {
      const body: LoginRequest = {
        email: values.email.trim(),
        password: values.password,
        cart_id: browserStorage.get(STORAGE_KEYS.cartId),
      };
      // No token goes with it: logging in again over an expired session must not be refused for that session.
      const session = await api.post<LoginResponse>("/api/login/", body, { auth: false });
      signIn(session.token, session.cart_id);
      // A cart holding an accepted quote keeps the guest's pieces out: the next page says so (root's FlashNotice).
      const flash: FlashState | undefined = session.cart_notice ? { flash: session.cart_notice } : undefined;
      await navigate(safeNext(params.get("next")), { replace: true, state: flash });
    } catch (error) {
      setProblems(problemsFromApi(error, LOGIN_FIELDS, MESSAGES.unexpectedError));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="space-y-5">
      {notice && !problems.form && <FormMessage tone="success">{notice}</FormMessage>}
      <TextField
        id="login-email"
        name="email"
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        defaultValue={email}
        error={problems.fields.email}
      />
      <TextField
        id="login-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={problems.fields.password}
      />
      {problems.form && <FormMessage tone="error">{problems.form}</FormMessage>}
      <Button type="submit" size="xl" className="w-full" disabled={!hydrated || sending}>
        {sending ? "Logging in..." : "Log in"}
      </Button>
    </form>
  );
}
