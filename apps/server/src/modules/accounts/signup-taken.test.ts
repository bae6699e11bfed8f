import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { emailOutbox } from "../../email/tables";
import { users } from "./tables";
import { postAuth, signupBody } from "./test-support";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(() => app.close());

const mailsTo = (to: string) =>
  app.database.db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.to}) = lower(${to})`);
const usersWith = (email: string) =>
  app.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);

describe("sign-up with an e-mail that already has an account (no account enumeration)", () => {
  it("answers exactly as a new sign-up, changes nothing in the account, and e-mails its owner instead", async () => {
    const first = signupBody();
    const created = await postAuth(app, "/api/signup/", first);
    const [before] = await usersWith(first.email);

    const again = await postAuth(
      app,
      "/api/signup/",
      signupBody({ email: `  ${first.email.toUpperCase()} `, first_name: "Mallory", password: "another password" }),
    );
    expect(again.statusCode).toBe(created.statusCode);
    expect(again.statusCode).toBe(201);
    // The message names the address as typed; apart from that, byte for byte the same answer.
    expect(again.body.replace(first.email.toUpperCase(), first.email)).toBe(created.body);
    expect(again.headers["content-type"]).toBe(created.headers["content-type"]);

    expect(await usersWith(first.email)).toEqual([before]);
    const mails = await mailsTo(first.email);
    expect(mails).toHaveLength(2);
    const notice = mails.find((m) => m.subject.includes("You already have an account"));
    expect(notice?.text).toContain("No new account was made");
    expect(notice?.text).toContain("http://localhost:3000/login");
    expect(notice?.text).not.toContain("Mallory");
    expect(notice?.text).not.toContain("token=");
  });

  it("gives the owner of an account without a password a fresh set-password link", async () => {
    const { password: _omitted, ...first } = signupBody();
    const created = await postAuth(app, "/api/signup/", first);
    const again = await postAuth(app, "/api/signup/", first);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(created.body);
    const notice = (await mailsTo(first.email)).find((m) => m.subject.includes("You already have an account"));
    const token = /\/set-password\?token=([\w-]+)/.exec(notice?.text ?? "")?.[1];
    expect(token).toBeDefined();
    const set = await postAuth(app, "/api/set-password/", { token, password: "finally a password" });
    expect(set.statusCode).toBe(200);
    expect(
      (await postAuth(app, "/api/login/", { email: first.email, password: "finally a password" })).statusCode,
    ).toBe(200);
  });

  it("two racing sign-ups for one address make one account and both answer 201", async () => {
    const body = signupBody();
    const answers = await Promise.all([postAuth(app, "/api/signup/", body), postAuth(app, "/api/signup/", body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(await usersWith(body.email)).toHaveLength(1);
    const [user] = await usersWith(body.email);
    expect(
      await app.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, user?.email ?? "")),
    ).toHaveLength(2);
  });
});
