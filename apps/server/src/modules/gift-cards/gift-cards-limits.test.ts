import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { createTestApp } from "../../testing/test-app";

/**
 * Issue 42 point 4: gift card codes are 100 random bits, and tries are limited all the same, per shopper and
 * per client address (10 and 30 an hour by default), with a 429 that says when to come back.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const WRONG = "2222-3333-4444-5555-6666";
const tryCode = (token: string, remoteAddress: string) =>
  app.inject({
    method: "POST",
    url: "/api/gift-cards/redeem",
    headers: tokenHeader(token),
    payload: { code: WRONG },
    remoteAddress,
  });

describe("redeeming is rate limited", () => {
  it("per shopper, from any address", async () => {
    const { token } = await newShopper(app);
    for (let i = 0; i < 10; i++) expect((await tryCode(token, `10.1.0.${i}`)).statusCode).toBe(400);
    const limited = await tryCode(token, "10.1.0.99");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "TOO_MANY_GIFT_CARD_TRIES" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(3000);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(3600);
    // Another shopper is not held back by this one.
    expect((await tryCode((await newShopper(app)).token, "10.1.0.100")).statusCode).toBe(400);
  });

  it("per client address, whoever is signed in", async () => {
    const tokens = await Promise.all([1, 2, 3, 4].map(async () => (await newShopper(app)).token));
    for (const token of tokens.slice(0, 3))
      for (let i = 0; i < 10; i++) expect((await tryCode(token, "10.2.0.1")).statusCode).toBe(400);
    expect((await tryCode(tokens[3]!, "10.2.0.1")).statusCode).toBe(429);
    expect((await tryCode(tokens[3]!, "10.2.0.2")).statusCode).toBe(400);
  });
});
