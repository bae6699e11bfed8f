import {
  MESSAGES,
  MIN_PASSWORD_LENGTH,
  type LoginResponse,
  type SetPasswordRequest,
  type SetPasswordResponse,
} from "@store/shared";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { api } from "../../lib/api";
import { useSession } from "../../lib/session";
import { useHydrated } from "../../lib/use-hydrated";
import { TextField } from "../ui/text-field";
import { FormMessage } from "./auth-card";
import { noProblems, problemsFromApi, type Problems } from "./form-problems";
import type { LoginNotice } from "./login-form";
import { Button } from "../ui/button";

const FIELDS = ["password"] as const;

/**
 * Uses the e-mailed link's token once to set the password of an account made without one (decision 004).
 * A back-office invitation's link carries `next=/admin`: the new staff member is then signed in with the
 * password just chosen and lands in the back office (decision 078); a shopper goes on to the login page.
 */
export function SetPasswordForm({ token, next }: { token: string; next: "/admin" | null }) {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const hydrated = useHydrated();
  const [problems, setProblems] = useState<Problems<"password">>(noProblems());
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  if (!token) {
    return (
      <FormMessage tone="error">
        This link is incomplete. Please open the link from our e-mail again, or{" "}
        <Link to="/Signup" className="underline">
          sign up
        </Link>
        .
      </FormMessage>
    );
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const input = event.currentTarget.elements.namedItem("password") as HTMLInputElement;
    const password = input.value;
    if (password.length < MIN_PASSWORD_LENGTH) {
      setProblems({
        fields: {
          password: password ? `Please use at least ${MIN_PASSWORD_LENGTH} characters.` : MESSAGES.fillThisField,
        },
        form: null,
      });
      input.focus();
      return;
    }
    inFlight.current = true;
    setSending(true);
    setProblems(noProblems());
    try {
      const body: SetPasswordRequest = { token, password };
      const done = await api.post<SetPasswordResponse>("/api/set-password/", body, { auth: false });
      if (next) {
        const session = await signInAfterSetting(done.email, password);
        if (session) {
          signIn(session.token, session.cart_id);
          await navigate(next);
          return;
        }
      }
      const state: LoginNotice = { notice: done.message };
      await navigate("/login", { state });
    } catch (error) {
      setProblems(problemsFromApi(error, FIELDS, MESSAGES.unexpectedError));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="space-y-5">
      <TextField
        id="new-password"
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={problems.fields.password}
      />
      {problems.form && <FormMessage tone="error">{problems.form}</FormMessage>}
      <Button type="submit" size="xl" className="w-full" disabled={!hydrated || sending}>
        {sending ? "Saving..." : "Set password"}
      </Button>
    </form>
  );
}

/** The password is set either way; if signing in fails (a throttle, the network), the login page follows. */
async function signInAfterSetting(email: string, password: string): Promise<LoginResponse | null> {
  try {
    return await api.post<LoginResponse>("/api/login/", { email, password }, { auth: false });
  } catch (error) {
    console.error("Signing in after setting the password failed", error);
    return null;
  }
}
