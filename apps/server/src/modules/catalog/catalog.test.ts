import { CATEGORIES, SUBCATEGORIES } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("GET /api/get-all-category-list/", () => {
  it("answers every category of the spec with its subcategories, from the database", async () => {
    const res = await app.inject("/api/get-all-category-list/");
    expect(res.statusCode).toBe(200);
    const { categories } = res.json();
    expect(categories.map((c: { id: number; slug: string }) => [c.id, c.slug])).toEqual(CATEGORIES.map((c) => [c.id, c.segment]));
    const women = categories.find((c: { id: number }) => c.id === 1);
    expect(women.subcategories).toContainEqual({ id: 1, name: "dresses" });
    const allSubcategoryIds = categories.flatMap((c: { subcategories: { id: number }[] }) => c.subcategories.map((s) => s.id)).sort((a: number, b: number) => a - b);
    expect(allSubcategoryIds).toEqual(SUBCATEGORIES.map((s) => s.id).sort((a, b) => a - b));
  });

  it("accepts the path without its trailing slash", async () => {
    const res = await app.inject("/api/get-all-category-list");
    expect(res.statusCode).toBe(200);
    expect(res.json().categories).toHaveLength(CATEGORIES.length);
  });
});
