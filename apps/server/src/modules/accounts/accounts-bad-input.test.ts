import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { users } from "./tables";
import { postAuth, signupBody } from "./test-support";

/** Regressions found by the generated-bad-input ring (issue 11): each was a 500 before. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(() => app.close());

const userCount = async () => (await app.database.db.select({ n: count() }).from(users))[0]?.n;

describe("sign-up and log-in with characters the database cannot store", () => {
  it.each(["first_name", "last_name", "country_code"] as const)(
    "a NUL in %s is a 400 naming the field, and no account is made",
    async (field) => {
      const before = await userCount();
      const body = signupBody();
      const res = await postAuth(app, "/api/signup/", { ...body, [field]: `${body[field]}\u0000` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: `body.${field}`, message: `${field} contains characters that are not allowed` },
      ]);
      expect(await userCount()).toBe(before);
    },
  );

  it("a NUL in the e-mail at log-in is a 400, not a 500", async () => {
    const res = await postAuth(app, "/api/login/", {
      email: "asha\u0000@example.in",
      password: "correct horse battery",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: "body.email",
      message: "email contains characters that are not allowed",
    });
  });
});
