import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { emailOutbox } from "../../email/tables";
import { authTokens, users } from "./tables";
import { newShopper, postAuth, signupBody, tokenHeader, uniqueEmail } from "./test-support";
import { MESSAGES_ACCOUNTS } from "./service";
import { hashToken } from "./tokens";

let app: FastifyInstance;
beforeAll(async () => {
  // The production default, so the limit itself is under test.
  app = await createTestApp({ seed: false, config: { authRateLimitMax: 10 } });
});
afterAll(() => app.close());

const me = (headers: Record<string, string> = {}) => app.inject({ url: "/api/me/", headers });
const login = (email: string, password: string) => postAuth(app, "/api/login/", { email, password });

/** The link token in the last e-mail sent to `to`. */
async function linkTokenFor(to: string): Promise<string> {
  const [mail] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  const token = mail && /\/set-password\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no set-password link e-mailed to ${to}`);
  return token;
}

describe("POST /api/signup/", () => {
  it("creates an account with an argon2id password (201) that can log in at once, and e-mails a confirmation link", async () => {
    const body = signupBody();
    const res = await postAuth(app, "/api/signup/", body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: `Thank you for signing up. We have sent a message to ${body.email}: please check your inbox for the next step.`,
    });
    const [row] = await app.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.emailVerifiedAt).toBeNull();
    const [mail] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, body.email));
    expect(mail?.subject).toContain("Confirm your e-mail address");
    expect(mail?.text).toContain("http://localhost:3000/verify-email?token=");
    expect(mail?.text).toContain("Your account is ready");
    const session = await login(body.email, "correct horse battery");
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({
      email: body.email,
      first_name: "Asha",
      last_name: "Meena",
      role: "shopper",
      email_verified: false,
    });
  });

  it.each(["email", "mobile_number", "country_code", "first_name", "last_name"] as const)(
    "rejects a sign-up without %s (400, with the field's path)",
    async (field) => {
      const body: Record<string, unknown> = signupBody();
      delete body[field];
      const res = await postAuth(app, "/api/signup/", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
      expect(res.json().errors).toContainEqual(expect.objectContaining({ path: `body.${field}` }));
    },
  );

  it("rejects blank fields, a bad e-mail, a bad phone number and a short password", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: "   " }, "body.first_name"],
      [{ email: "not-an-email" }, "body.email"],
      [{ mobile_number: "call me" }, "body.mobile_number"],
      [{ password: "short" }, "body.password"],
    ];
    for (const [override, path] of cases) {
      const res = await postAuth(app, "/api/signup/", signupBody(override));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors, path).toContainEqual(expect.objectContaining({ path }));
    }
    const tooShort = await postAuth(app, "/api/signup/", signupBody({ password: "1234567" }));
    expect(tooShort.json().message).toContain("at least 8 characters");
  });
});

describe("sign-up as the spec's client sends it (no password)", () => {
  it("e-mails a one-time set-password link; login is refused until it is used", async () => {
    const { password: _omitted, ...specBody } = signupBody();
    const res = await postAuth(app, "/api/signup/", specBody);
    expect(res.statusCode).toBe(201);

    const [mail] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, specBody.email));
    expect(mail?.subject).toContain("Set your password");
    expect(mail?.text).toContain("http://localhost:3000/set-password?token=");
    const token = await linkTokenFor(specBody.email);
    const [stored] = await app.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(stored?.kind).toBe("set_password");
    const hoursValid = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(47.9);
    expect(hoursValid).toBeLessThanOrEqual(48);
    // Only the hash is stored, never the token itself.
    const all = await app.database.db.select({ hash: authTokens.tokenHash }).from(authTokens);
    expect(all.map((t) => t.hash)).not.toContain(token);

    const refused = await login(specBody.email, "anything at all");
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toContain(
      "If you signed up without a password, set one with the link we e-mailed you",
    );

    const set = await postAuth(app, "/api/set-password/", { token, password: "a new long password" });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toContain("password has been set");
    // The address comes back so the page can sign in with the new password (decision 078).
    expect(set.json().email).toBe(specBody.email);
    const session = await login(specBody.email, "a new long password");
    expect(session.statusCode).toBe(200);
    // The link reached the address, so the address is proved.
    expect(session.json().user.email_verified).toBe(true);

    const reused = await postAuth(app, "/api/set-password/", { token, password: "another password" });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("INVALID_LINK");
    expect((await login(specBody.email, "another password")).statusCode).toBe(401);
  });

  it("refuses an expired link, an unknown one and a short password", async () => {
    const { password: _omitted, ...specBody } = signupBody();
    await postAuth(app, "/api/signup/", specBody);
    const token = await linkTokenFor(specBody.email);
    expect((await postAuth(app, "/api/set-password/", { token, password: "short" })).statusCode).toBe(400);
    expect(
      (await postAuth(app, "/api/set-password/", { token: "made-up", password: "long enough pw" })).statusCode,
    ).toBe(400);
    await app.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const expired = await postAuth(app, "/api/set-password/", { token, password: "long enough pw" });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe("This link has expired or was already used.");
  });
});

describe("POST /api/login/", () => {
  it("answers a random token (stored hashed, 30 days) and the user", async () => {
    const shopper = await newShopper(app);
    expect(shopper.token).toMatch(/^[\w-]{43}$/);
    expect(shopper.user).toMatchObject({
      email: shopper.email,
      first_name: "Asha",
      last_name: "Meena",
      role: "shopper",
    });
    expect(shopper.cart_id).toBeNull();
    const [stored] = await app.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(shopper.token)));
    expect(stored?.kind).toBe("session");
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("gives the same 401 for a wrong password, an unknown e-mail and an account without a password", async () => {
    const shopper = await newShopper(app);
    const { password: _omitted, ...noPassword } = signupBody();
    await postAuth(app, "/api/signup/", noPassword);
    const wrong = await login(shopper.email, "not the password");
    const unknown = await login(uniqueEmail("nobody"), "not the password");
    const unset = await login(noPassword.email, "not the password");
    for (const res of [wrong, unknown, unset]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MESSAGES_ACCOUNTS.badCredentials, code: "BAD_CREDENTIALS", errors: [] });
    }
  });

  it("matches the e-mail in any letter case", async () => {
    const shopper = await newShopper(app);
    expect((await login(shopper.email.toUpperCase(), shopper.password)).statusCode).toBe(200);
  });

  it("rejects a malformed body with a 400", async () => {
    expect((await postAuth(app, "/api/login/", { email: "a@b.in" })).statusCode).toBe(400);
    expect(
      (await postAuth(app, "/api/login/", { email: "a@b.in", password: "x", cart_id: "not-a-uuid" })).statusCode,
    ).toBe(400);
  });

  it("allows 10 attempts a minute from one address, then answers 429", async () => {
    const statuses: number[] = [];
    let last;
    // Another e-mail each time, so the per-account throttle (its own test) stays out of it.
    for (let i = 0; i < 11; i++) {
      last = await app.inject({
        method: "POST",
        url: "/api/login/",
        remoteAddress: "203.0.113.50",
        payload: { email: uniqueEmail("ip"), password: "nope" },
      });
      statuses.push(last.statusCode);
    }
    expect(last?.json().code).toBe("RATE_LIMITED");
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("sessions: GET /api/me/ and POST /api/logout/", () => {
  it("shows the user to a valid token only", async () => {
    const shopper = await newShopper(app);
    const res = await me(tokenHeader(shopper.token));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: shopper.user.id,
      email: shopper.email,
      mobile_number: "+91 98290 41234",
      country_code: "+91",
    });
    expect(res.json().user).not.toHaveProperty("password_hash");
    expect((await me()).statusCode).toBe(401);
    expect((await me()).json().code).toBe("LOGIN_REQUIRED");
  });

  it("answers 401 to a malformed, unknown or expired token", async () => {
    const shopper = await newShopper(app);
    for (const authorization of [
      "Bearer " + shopper.token,
      "Token",
      "Token a b",
      "Token " + shopper.token + "x",
      shopper.token,
    ]) {
      const res = await me({ authorization });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().code).toBe("INVALID_TOKEN");
    }
    await app.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(shopper.token)));
    expect((await me(tokenHeader(shopper.token))).statusCode).toBe(401);
  });

  it("revokes the presented token on logout, and only that one", async () => {
    const shopper = await newShopper(app);
    const second = await login(shopper.email, shopper.password);
    const otherToken: string = second.json().token;
    const out = await app.inject({ method: "POST", url: "/api/logout/", headers: tokenHeader(shopper.token) });
    expect(out.statusCode).toBe(200);
    expect((await me(tokenHeader(shopper.token))).statusCode).toBe(401);
    expect(
      (await app.inject({ method: "POST", url: "/api/logout/", headers: tokenHeader(shopper.token) })).statusCode,
    ).toBe(401);
    expect((await me(tokenHeader(otherToken))).statusCode).toBe(200);
    const [revoked] = await app.database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, hashToken(shopper.token)), eq(authTokens.kind, "session")));
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
  });

  it("requires a token to log out", async () => {
    expect((await app.inject({ method: "POST", url: "/api/logout/" })).statusCode).toBe(401);
  });
});
