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

  it("says not ready while the process drains (SIGTERM), and still lives and serves", async () => {
    app.lifecycle.draining = true;
    try {
      const ready = await app.inject("/readyz");
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: "This replica is shutting down.", code: "NOT_READY", errors: [] });
      expect((await app.inject("/healthz")).statusCode).toBe(200);
      expect((await app.inject("/api/get-all-category-list/")).statusCode).toBe(200);
    } finally {
      app.lifecycle.draining = false;
    }
  });

  it("answers an unknown API path with a 404 in the error body shape", async () => {
    const res = await app.inject("/api/no-such-thing/");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("/api/no-such-thing/") });
  });

  it("answers malformed JSON with a 400, not a 500", async () => {
    // A real POST route, so the body parser (not a missing route or method) is what refuses.
    const res = await app.inject({
      method: "POST",
      url: "/api/login/",
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), code: "FST_ERR_CTP_INVALID_JSON_BODY", errors: [] });
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
