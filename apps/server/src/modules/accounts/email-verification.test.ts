import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { emailOutbox } from "../../email/tables";
import { users } from "./tables";
import { postAuth, signupBody, tokenHeader } from "./test-support";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(() => app.close());

async function verifyLinkToken(to: string): Promise<string> {
  const mails = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  const token = mails.map((m) => /\/verify-email\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no verify-email link e-mailed to ${to}`);
  return token;
}

describe("users.email_verified_at", () => {
  it("is null after a sign-up with a password, set by the e-mailed link once, and on the signed-in user", async () => {
    const body = signupBody();
    await postAuth(app, "/api/signup/", body);
    const session = (await postAuth(app, "/api/login/", { email: body.email, password: body.password })).json();
    // What the auth plugin puts on the request as the signed-in user.
    const seen = async () => (await app.services.accounts.authenticate(session.token)).emailVerifiedAt;
    expect(await seen()).toBeNull();

    const token = await verifyLinkToken(body.email);
    const res = await postAuth(app, "/api/verify-email/", { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Thank you: your e-mail address is confirmed." });
    const [row] = await app.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await seen()).toEqual(row?.emailVerifiedAt);
    expect(
      (await app.inject({ url: "/api/me/", headers: tokenHeader(session.token) })).json().user.email_verified,
    ).toBe(true);

    const reused = await postAuth(app, "/api/verify-email/", { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("INVALID_LINK");
  });

  it("refuses an unknown link, a set-password link, and a missing token (400)", async () => {
    const { password: _omitted, ...noPassword } = signupBody();
    await postAuth(app, "/api/signup/", noPassword);
    const [mail] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, noPassword.email));
    const setPasswordToken = /\/set-password\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    for (const payload of [{ token: "made-up" }, { token: setPasswordToken }, {}]) {
      const res = await postAuth(app, "/api/verify-email/", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await app.database.db.select().from(users).where(eq(users.email, noPassword.email));
    expect(row?.emailVerifiedAt).toBeNull();
  });
});
