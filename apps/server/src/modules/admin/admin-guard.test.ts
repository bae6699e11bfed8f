import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { ADMIN_PREFIX } from "./routes";
import { adminRoutesOf, call, roles } from "./test-support";

let app: FastifyInstance;
let who: Awaited<ReturnType<typeof roles>>;

beforeAll(async () => {
  app = await createTestApp();
  who = await roles(app);
});
afterAll(() => app.close());

/** The admin routes without their patterns (the guard only calls them). */
const adminRoutes = () => adminRoutesOf(app).map(({ method, url }) => ({ method, url }));

describe("the admin guard", () => {
  it("covers every back-office route (the list is not empty by accident)", () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(34);
    expect(routes).toContainEqual({ method: "POST", url: `${ADMIN_PREFIX}/products` });
    expect(routes).toContainEqual({ method: "GET", url: `${ADMIN_PREFIX}/orders.csv` });
    expect(routes).toContainEqual({ method: "DELETE", url: `${ADMIN_PREFIX}/promo-codes/999999` });
  });

  it("answers 401 to a guest on every admin route, whatever the body", async () => {
    for (const { method, url } of adminRoutes()) {
      const res = await call(
        app,
        who.guest,
        method,
        url,
        method === "GET" || method === "DELETE" ? undefined : { anything: 1 },
      );
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 401 });
      expect(res.json().code).toBe("LOGIN_REQUIRED");
    }
  });

  it("answers 403 to a signed-in shopper on every admin route", async () => {
    for (const { method, url } of adminRoutes()) {
      const res = await call(app, who.shopper, method, url, method === "GET" || method === "DELETE" ? undefined : {});
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
      expect(res.json()).toMatchObject({ code: "FORBIDDEN", message: "This needs an administrator account." });
    }
  });

  it("answers 401 to a token that is not valid", async () => {
    const res = await call(app, { authorization: "Token not-a-real-token" }, "GET", `${ADMIN_PREFIX}/dashboard`);
    expect(res.statusCode).toBe(401);
  });

  it("lets an administrator through on every route: a success or a truthful 4xx, never an auth error or a 500", async () => {
    for (const { method, url } of adminRoutes()) {
      const res = await call(app, who.admin, method, url, method === "GET" || method === "DELETE" ? undefined : {});
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: expect.any(Number) });
      expect([401, 403], `${method} ${url}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      // An id that does not exist is a 404; a list or an empty body that fails validation a 200 or 400.
      if (url.includes("999999")) expect([400, 404], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it("rejects a guest's upload before reading its body", async () => {
    const big = `data:image/png;base64,${"A".repeat(7 * 1024 * 1024)}`;
    const res = await call(app, who.guest, "POST", `${ADMIN_PREFIX}/uploads`, { data_url: big });
    expect(res.statusCode).toBe(401);
  });

  it("answers the admin's own routes also with a trailing slash", async () => {
    expect((await call(app, who.admin, "GET", `${ADMIN_PREFIX}/dashboard/`)).statusCode).toBe(200);
    expect((await call(app, who.shopper, "GET", `${ADMIN_PREFIX}/products/`)).statusCode).toBe(403);
  });
});
