import type { SearchSuggestionsResponse } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function suggest(query: string) {
  const res = await app.inject(`/api/search/suggestions?${query}`);
  return { status: res.statusCode, body: res.json<SearchSuggestionsResponse>() };
}

describe("GET /api/search/suggestions (issue 40, point 5)", () => {
  it("suggests the search's first products and the matching listings", async () => {
    const { status, body } = await suggest("query=cushion&currency=INR");
    expect(status).toBe(200);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(5);
    expect(body.products.every((p) => /cushion/i.test(p.name) && p.currency === "INR")).toBe(true);
    expect(body.categories).toContainEqual({
      name: "Cushion Cover (Home & Living)",
      path: "/home%20%26%20living/cushion%20cover",
    });
  });

  it("tolerates typos and half-typed words as search does", async () => {
    const typo = await suggest("query=kaftn");
    expect(typo.body.products.some((p) => /kaftan/i.test(p.name))).toBe(true);
    const partial = await suggest("query=sar");
    expect(partial.body.categories.map((c) => c.name)).toContain("Sarong (Women)");
    const misspelt = await suggest("query=cushon");
    expect(misspelt.body.categories.map((c) => c.name)).toContain("Cushion Cover (Home & Living)");
    expect((await suggest("query=wome")).body.categories[0]).toEqual({ name: "Women", path: "/women" });
  });

  it("answers bad input with a 400 naming the field", async () => {
    for (const query of ["", "query=", "query=%20%20", `query=${"a".repeat(101)}`, "query=silk&currency=EUR"]) {
      const res = await app.inject(`/api/search/suggestions?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().errors), query).toMatch(/query|currency/);
    }
  });
});
