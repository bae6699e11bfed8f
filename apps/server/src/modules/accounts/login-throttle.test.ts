import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { loginThrottle } from "./tables";
import { newShopper, postAuth, uniqueEmail } from "./test-support";

let app: FastifyInstance;
beforeAll(async () => {
  // The production defaults: 5 failed log-ins per account per 15 minutes.
  app = await createTestApp({ seed: false, config: { loginThrottle: { maxFailures: 5, windowMs: 15 * 60_000 } } });
});
afterAll(() => app.close());

// postAuth comes from a new client address each time: only the per-account count can refuse these.
const login = (email: string, password: string) => postAuth(app, "/api/login/", { email, password });

async function failTimes(email: string, times: number) {
  for (let i = 0; i < times; i++) expect((await login(email, `wrong guess ${i}`)).statusCode).toBe(401);
}

describe("per-account login throttle", () => {
  it("after 5 failures from any addresses, answers 429 with Retry-After, even to the right password", async () => {
    const shopper = await newShopper(app);
    await failTimes(shopper.email, 5);
    const refused = await login(shopper.email.toUpperCase(), shopper.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: "Too many failed log-ins for this account. Please try again in 15 minutes.",
      code: "LOGIN_THROTTLED",
      errors: [],
    });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    const other = await newShopper(app);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it("throttles an unknown e-mail the same way, so throttling does not tell which accounts exist", async () => {
    const known = await newShopper(app);
    const unknown = uniqueEmail("nobody");
    await failTimes(known.email, 5);
    await failTimes(unknown, 5);
    const [a, b] = [await login(known.email, "again"), await login(unknown, "again")];
    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(a.json()).toEqual(b.json());
  });

  it("counts parallel guesses atomically: 20 at once get at most 5 password checks", async () => {
    const shopper = await newShopper(app);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(shopper.email, `parallel ${i}`)));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(15);
  });

  it("opens again when the window has passed, and a successful log-in clears the count", async () => {
    const shopper = await newShopper(app);
    await failTimes(shopper.email, 5);
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(429);
    // The window started 15 minutes ago: as if the shopper came back later.
    await app.database.db.update(loginThrottle).set({ windowStartedAt: sql`now() - interval '15 minutes'` });
    await failTimes(shopper.email, 4);
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(200);
    await failTimes(shopper.email, 5);
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(429);
  });

  it("keeps only a hash of the e-mail", async () => {
    const email = uniqueEmail("hashed");
    await failTimes(email, 1);
    const rows = await app.database.db.select().from(loginThrottle);
    expect(rows.some((r) => r.emailHash.includes(email) || r.emailHash.includes("hashed"))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.emailHash))).toBe(true);
  });
});
