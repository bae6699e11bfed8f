import { asc, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { LoginResponse, SignupRequest } from "@store/shared";
import { emailOutbox } from "../../email/tables";

let addressCounter = 0;
/**
 * A fresh client address per call: login and sign-up allow 10 requests a minute per address, and a
 * test file makes more than that on purpose-free paths (the limit itself has its own test).
 */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `198.19.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

let emailCounter = 0;
export function uniqueEmail(prefix = "shopper"): string {
  emailCounter += 1;
  return `${prefix}.${process.pid}.${emailCounter}@example.in`;
}

export function signupBody(overrides: Partial<SignupRequest> = {}): SignupRequest {
  return {
    email: uniqueEmail(),
    mobile_number: "+91 98290 41234",
    country_code: "+91",
    first_name: "Asha",
    last_name: "Meena",
    password: "correct horse battery",
    ...overrides,
  };
}

/** POST through the auth routes from a fresh address (see nextClientAddress). */
export function postAuth(
  app: FastifyInstance,
  url: string,
  payload: InjectOptions["payload"],
  headers: Record<string, string> = {},
) {
  return app.inject({ method: "POST", url, payload, headers, remoteAddress: nextClientAddress() });
}

/** Signs up with a password and logs in; answers the login response (token, user, cart_id). */
export async function newShopper(
  app: FastifyInstance,
  loginExtra: Record<string, unknown> = {},
): Promise<LoginResponse & { email: string; password: string }> {
  const body = signupBody();
  const signup = await postAuth(app, "/api/signup/", body);
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const login = await postAuth(app, "/api/login/", { email: body.email, password: body.password, ...loginExtra });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { ...login.json<LoginResponse>(), email: body.email, password: body.password ?? "" };
}

/** As `newShopper`, with the address confirmed through the link the sign-up e-mailed (users.email_verified_at). */
export async function verifiedShopper(app: FastifyInstance): Promise<Awaited<ReturnType<typeof newShopper>>> {
  const shopper = await newShopper(app);
  const mails = await app.database.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, shopper.email))
    .orderBy(asc(emailOutbox.id));
  const token = mails.map((m) => /\/verify-email\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  const verified = await postAuth(app, "/api/verify-email/", { token });
  if (verified.statusCode !== 200) throw new Error(`verify-email failed: ${verified.body}`);
  return shopper;
}

export function tokenHeader(token: string): Record<string, string> {
  return { authorization: `Token ${token}` };
}
