import { MESSAGES } from "@store/shared";
import { describe, expect, it } from "vitest";
import { signupRequestSchema } from "@store/shared/schemas/accounts";
import { checkSignup, SIGNUP_FIELDS, type SignupValues } from "./signup-validation";

const valid: SignupValues = {
  first_name: "Asha",
  last_name: "Verma",
  email: "asha@example.com",
  country_code: "+91",
  mobile_number: "98290 12345",
  password: "block-print-42",
};

describe("checkSignup (spec section 5)", () => {
  it("passes a complete form with the terms accepted, sending the password", () => {
    const check = checkSignup(valid, true, signupRequestSchema);
    expect(check.ok && check.request).toMatchObject({ email: "asha@example.com", password: "block-print-42" });
  });

  it("says 'Please fill up this field' for every empty field, and asks for the terms", () => {
    const empty = Object.fromEntries(SIGNUP_FIELDS.map((name) => [name, " "])) as SignupValues;
    const check = checkSignup({ ...empty, password: "" }, false, signupRequestSchema);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    for (const name of SIGNUP_FIELDS) expect(check.problems.fields[name]).toBe(MESSAGES.fillThisField);
    expect(check.terms).toBe(MESSAGES.agreeToTerms);
  });

  it("explains values that are present but not right", () => {
    const check = checkSignup(
      { ...valid, email: "asha@", mobile_number: "call me", password: "short" },
      true,
      signupRequestSchema,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems.fields).toEqual({
      email: "Please enter a valid e-mail address.",
      mobile_number: "Please enter a valid mobile number.",
      password: "Please use at least 8 characters.",
    });
    expect(check.terms).toBeNull();
  });

  it("refuses a complete form without the terms", () => {
    const check = checkSignup(valid, false, signupRequestSchema);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.terms).toBe(MESSAGES.agreeToTerms);
  });
});
