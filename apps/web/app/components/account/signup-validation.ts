import { MESSAGES, MIN_PASSWORD_LENGTH, type SignupRequest } from "@store/shared";
import type { signupRequestSchema } from "@store/shared/schemas/accounts";
import type { Problems } from "./form-problems";

/** The form's fields in the order shown; all required (the spec's five, and our password). */
export const SIGNUP_FIELDS = ["first_name", "last_name", "email", "country_code", "mobile_number", "password"] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];
export type SignupValues = Record<SignupField, string>;

/** Friendlier words than the schema's for values that are present but not right. */
const FORMAT_MESSAGES: Partial<Record<SignupField, string>> = {
  email: "Please enter a valid e-mail address.",
  mobile_number: "Please enter a valid mobile number.",
  password: `Please use at least ${MIN_PASSWORD_LENGTH} characters.`,
};

/**
 * The API's schema, and zod with it (decision 045), load once the shopper starts on the form, not with
 * the page: the first load of every page stays under 130 KB (issue 18). import() keeps the module.
 */
export const loadSignupSchema = () =>
  import("@store/shared/schemas/accounts").then((module) => module.signupRequestSchema);

export type SignupCheck =
  { ok: true; request: SignupRequest } | { ok: false; problems: Problems<SignupField>; terms: string | null };

/**
 * Spec section 5: each empty field says 'Please fill up this field', the unticked terms box 'You must agree
 * to the terms'. Then the API's own schema (e-mail, phone, password length), so bad input is caught here.
 */
export function checkSignup(values: SignupValues, agreed: boolean, schema: typeof signupRequestSchema): SignupCheck {
  const fields: Problems<SignupField>["fields"] = {};
  for (const name of SIGNUP_FIELDS) {
    // A password may be all spaces; everything else counts as empty when blank.
    const empty = name === "password" ? values[name] === "" : values[name].trim() === "";
    if (empty) fields[name] = MESSAGES.fillThisField;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as SignupField;
      fields[name] ??= FORMAT_MESSAGES[name] ?? issue.message;
    }
  }
  const terms = agreed ? null : MESSAGES.agreeToTerms;
  if (parsed.success && !terms && Object.keys(fields).length === 0) return { ok: true, request: parsed.data };
  return { ok: false, problems: { fields, form: null }, terms };
}
