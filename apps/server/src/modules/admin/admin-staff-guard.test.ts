import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { ADMIN_PREFIX } from "./routes";
import { STAFF_RULES } from "./staff-access";
import { adminRoutesOf, call, newAdmin, newStaff, type AdminMethod } from "./test-support";

let app: FastifyInstance;
let staff: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  const owner = await newAdmin(app);
  staff = (await newStaff(app, owner.headers)).headers;
});
afterAll(() => app.close());

const adminRoutes = () => adminRoutesOf(app);
const ruleOf = (method: string, pattern: string) => STAFF_RULES.find((r) => r.method === method && r.url === pattern);
const bodyFor = (method: AdminMethod) => (method === "GET" || method === "DELETE" ? undefined : {});

describe("the staff allowlist (generated from the OpenAPI document)", () => {
  it("names only routes that exist, and leaves most routes to the owner", () => {
    const routes = adminRoutes();
    for (const rule of STAFF_RULES)
      expect(
        routes.some((r) => r.method === rule.method && r.pattern === rule.url),
        `${rule.method} ${rule.url}`,
      ).toBe(true);
    expect(routes.filter((r) => !ruleOf(r.method, r.pattern)).length).toBeGreaterThan(STAFF_RULES.length);
  });

  it("answers 403 'needs the owner' to staff on every route not on the allowlist, before reading the body", async () => {
    for (const { method, pattern, url } of adminRoutes()) {
      if (ruleOf(method, pattern)) continue;
      const res = await call(app, staff, method, url, bodyFor(method));
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
      expect(res.json()).toMatchObject({ code: "OWNER_ONLY", message: "This needs the owner's account." });
    }
  });

  it("lets staff through on every allowlisted route: a success or a truthful 4xx, never 401/403 or a 500", async () => {
    for (const rule of STAFF_RULES) {
      const url = rule.url.replace(/:[a-z_]+/g, "999999");
      const res = await call(app, staff, rule.method, url, rule.allowedExample ?? bodyFor(rule.method));
      expect([401, 403], `${rule.method} ${url}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${rule.method} ${url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it("applies the body rules: staff may deliver or ship an order, not cancel or refund it", async () => {
    const url = `${ADMIN_PREFIX}/orders/999999/status`;
    for (const status of ["cancelled", "refunded"]) {
      const res = await call(app, staff, "POST", url, { status });
      expect(res.statusCode, status).toBe(403);
      expect(res.json().code).toBe("OWNER_ONLY");
    }
    for (const body of [{ status: "delivered" }, { status: "shipped", tracking_number: "DL123" }]) {
      expect((await call(app, staff, "POST", url, body)).statusCode, body.status).toBe(404);
    }
  });

  it("keeps the guard for staff with a trailing slash too", async () => {
    expect((await call(app, staff, "GET", `${ADMIN_PREFIX}/orders/`)).statusCode).toBe(200);
    expect((await call(app, staff, "GET", `${ADMIN_PREFIX}/promo-codes/`)).statusCode).toBe(403);
  });
});
