import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";

/** A regression found by the generated-bad-input ring (issue 11): a 500 before. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("POST /api/validate-promo-code/ with characters the database cannot store", () => {
  it("a NUL in the promo code is a 400 naming promo_code", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/validate-promo-code/",
      payload: { promo_code: "WELCOME\u000010", amount: 1000, no_of_products: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Invalid body.promo_code: promo_code contains characters that are not allowed",
      code: "VALIDATION_FAILED",
      errors: [{ path: "body.promo_code", message: "promo_code contains characters that are not allowed" }],
    });
  });
});
