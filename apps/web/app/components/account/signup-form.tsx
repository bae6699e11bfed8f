import { MESSAGES, MIN_PASSWORD_LENGTH, type SignupRequest, type SignupResponse } from "@store/shared";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { api } from "../../lib/api";
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
import type { LoginNotice } from "./login-form";
import { checkSignup, loadSignupSchema, SIGNUP_FIELDS, type SignupField } from "./signup-validation";
import { Button } from "../ui/button";

const FIELD_PROPS: Record<
  SignupField,
  {
    label: string;
    type?: string;
    autoComplete: string;
    inputMode?: "tel" | "email";
    placeholder?: string;
    hint?: string;
  }
> = {
  first_name: { label: "First name", autoComplete: "given-name" },
  last_name: { label: "Last name", autoComplete: "family-name" },
  email: { label: "E-mail", type: "email", autoComplete: "email", inputMode: "email" },
  country_code: { label: "Country code", autoComplete: "tel-country-code", inputMode: "tel", placeholder: "+91" },
  mobile_number: { label: "Mobile number", type: "tel", autoComplete: "tel-national", inputMode: "tel" },
  password: {
    label: "Password",
    type: "password",
    autoComplete: "new-password",
    hint: `At least ${MIN_PASSWORD_LENGTH} characters.`,
  },
};

/** Side by side on wider screens: the names, and the country code with the number. */
const ROWS: SignupField[][] = [["first_name", "last_name"], ["email"], ["country_code", "mobile_number"], ["password"]];

/**
 * The spec's sign-up form (section 5 texts) plus the password it never sent (decision 004). Success goes
 * to /login with the server's message (what to expect by e-mail; decision 015); bad input is shown where it belongs.
 */
export function SignupForm() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [problems, setProblems] = useState<Problems<SignupField>>(noProblems());
  const [termsProblem, setTermsProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  const edited = (name: string) =>
    setProblems((current) =>
      current.fields[name as SignupField] ? { ...current, fields: { ...current.fields, [name]: undefined } } : current,
    );

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const form = event.currentTarget;
    const agreed = (form.elements.namedItem("terms") as HTMLInputElement | null)?.checked ?? false;
    const values = readFields(form, SIGNUP_FIELDS);
    inFlight.current = true;
    let schema;
    try {
      schema = await loadSignupSchema();
    } catch (error) {
      console.error("Sign-up form failed to load", error);
      setProblems({ fields: {}, form: MESSAGES.unexpectedError });
      return;
    } finally {
      inFlight.current = false;
    }
    const check = checkSignup(values, agreed, schema);
    if (!check.ok) {
      setProblems(check.problems);
      setTermsProblem(check.terms);
      if (hasProblems(check.problems)) focusFirstProblem(form, SIGNUP_FIELDS, check.problems);
      else (form.elements.namedItem("terms") as HTMLInputElement | null)?.focus();
      return;
    }
    inFlight.current = true;
    setSending(true);
    setProblems(noProblems());
    setTermsProblem(null);
    try {
      // The same answer whether or not the e-mail already has an account (its owner is told by e-mail).
      const created = await api.post<SignupResponse>("/api/signup/", check.request satisfies SignupRequest, {
        auth: false,
      });
      const state: LoginNotice = { notice: created.message, email: check.request.email };
      await navigate("/login", { state });
    } catch (error) {
      const fromApi = problemsFromApi(error, SIGNUP_FIELDS, MESSAGES.unexpectedError);
      setProblems(fromApi);
      focusFirstProblem(form, SIGNUP_FIELDS, fromApi);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={() => void loadSignupSchema().catch(() => undefined)}
      aria-busy={sending}
      className="space-y-5"
    >
      {ROWS.map((row) => (
        <div
          key={row.join()}
          className={
            row.length > 1
              ? row[0] === "country_code"
                ? "grid gap-5 sm:grid-cols-[2fr_3fr]"
                : "grid gap-5 sm:grid-cols-2"
              : undefined
          }
        >
          {row.map((name) => (
            <TextField
              key={name}
              id={`signup-${name}`}
              name={name}
              error={problems.fields[name]}
              onEdit={edited}
              {...FIELD_PROPS[name]}
            />
          ))}
        </div>
      ))}
      <div>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="terms"
            aria-invalid={termsProblem ? true : undefined}
            aria-describedby={termsProblem ? "signup-terms-error" : undefined}
            onChange={() => setTermsProblem(null)}
            className="mt-0.5 h-4 w-4 flex-none accent-indigo-ink"
          />
          <span>
            I agree to the{" "}
            <Link to="/terms-and-conditions" className="font-medium text-madder underline underline-offset-2">
              terms and conditions
            </Link>{" "}
            and the{" "}
            <Link to="/privacy" className="font-medium text-madder underline underline-offset-2">
              privacy policy
            </Link>
          </span>
        </label>
        {termsProblem && (
          <p id="signup-terms-error" className="mt-1.5 text-sm font-medium text-madder">
            {termsProblem}
          </p>
        )}
      </div>
      {problems.form && <FormMessage tone="error">{problems.form}</FormMessage>}
      <Button type="submit" size="xl" className="w-full" disabled={!hydrated || sending}>
        {sending ? "Creating your account..." : "Create account"}
      </Button>
    </form>
  );
}
