import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(() => app.close());

describe("health and the error contract", () => {
  it("reports liveness and database readiness", async () => {
    expect((await app.inject("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await app.inject("/readyz/");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
  });

  it("answers an unknown API path with a 404 in the error body shape", async () => {
    const res = await app.inject("/api/no-such-thing/");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("/api/no-such-thing/") });
  });

  it("answers malformed JSON with a 400, not a 500", async () => {
    const res = await app.inject({ method: "POST", url: "/api/get-all-category-list/", headers: { "content-type": "application/json" }, payload: "{oops" });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty("message");
  });

  it("sets security headers", async () => {
    const res = await app.inject("/healthz");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("reports not-ready when the database is gone", async () => {
    await app.database.close();
    const res = await app.inject("/readyz");
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe("NOT_READY");
  });
});
