import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { call, roles } from "./test-support";

/** Regressions found by the generated-bad-input ring (issue 11): each was a 500 before. */
let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  ({ admin } = await roles(app));
});
afterAll(() => app.close());

const api = (method: "GET" | "POST" | "PATCH", path: string, payload?: unknown) =>
  call(app, admin, method, `/api/admin${path}`, payload);
const NOT_ALLOWED = "This contains characters that are not allowed";
const OUT_OF_RANGE = "Use a date from 2000 to 2100";

describe("back-office filters", () => {
  it.each([
    ["/orders?from=0000-01-01", "querystring.from", OUT_OF_RANGE],
    ["/orders?to=0000-01-01", "querystring.to", OUT_OF_RANGE],
    ["/orders.csv?from=0000-01-01", "querystring.from", OUT_OF_RANGE],
    ["/audit-log?entity=product%00", "querystring.entity", "entity contains characters that are not allowed"],
    ["/audit-log?entity_id=1%00", "querystring.entity_id", "entity_id contains characters that are not allowed"],
    ["/products?query=kantha%00", "querystring.query", NOT_ALLOWED],
  ])("GET %s is a 400 naming the filter", async (url, path, message) => {
    const res = await api("GET", url);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });
});

describe("back-office content", () => {
  it.each([
    [{ max_uses: 2_147_483_648 }, "body.max_uses", "This is too large"],
    [{ starts_at: "0000-01-01T00:00:00Z" }, "body.starts_at", OUT_OF_RANGE],
    [{ ends_at: "9999-12-31T23:59:59Z" }, "body.ends_at", OUT_OF_RANGE],
  ])("a promo code with %j is a 400 and is not stored", async (extra, path, message) => {
    const before = (await api("GET", "/promo-codes")).json().data.length;
    const res = await api("POST", "/promo-codes", { code: "BOUNDS", kind: "percent", value: 5, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect((await api("GET", "/promo-codes")).json().data).toHaveLength(before);
  });

  const post = { title: "Indigo", image: "https://example.in/indigo.jpg", description: "<p>Dabu print</p>" };
  it.each([
    [{ description: "<p>Dabu\u0000</p>" }, "body.description", NOT_ALLOWED],
    [{ date: "0000-01-01T00:00:00Z" }, "body.date", OUT_OF_RANGE],
    [
      { product_link: "/wo\u0000men" },
      "body.product_link",
      "Use an address of this shop, e.g. /product/12 or a link copied from the shop",
    ],
  ])("a blog post with %j is a 400, new or edited, and nothing changes", async (extra, path, message) => {
    const created = await api("POST", "/blogs", { ...post, ...extra });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toContainEqual({ path, message });

    const { id } = (await api("GET", "/blogs")).json().data[0];
    const before = (await api("GET", `/blogs/${id}`)).json();
    const edited = await api("PATCH", `/blogs/${id}`, extra);
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors).toContainEqual({ path, message });
    expect((await api("GET", `/blogs/${id}`)).json()).toEqual(before);
  });

  it("keeps line breaks in a blog post's HTML", async () => {
    const res = await api("POST", "/blogs", { ...post, description: "<p>Dabu\n\tprint</p>" });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("a home-strip link with a NUL is a 400", async () => {
    const { id } = (await api("GET", "/home-categories")).json().data[0];
    const res = await api("PATCH", `/home-categories/${id}`, { navigate_link: "/wo\u0000men" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: "body.navigate_link",
      message: "Use a site path (/women) or an https:// address",
    });
  });
});
