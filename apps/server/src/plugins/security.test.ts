import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../testing/test-app";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(() => app.close());

/** What helmet sends for our policy outside production (no provider keys): the same on every answer. */
const EXPECTED = {
  "content-security-policy":
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
    "img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'none'",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

describe("security headers", () => {
  it.each([
    ["a cached catalogue answer", "/api/get-all-category-list/", undefined],
    ["an answer @fastify/compress compressed", "/api/docs/json", "gzip"],
    ["an unknown path", "/api/nowhere", undefined],
    ["bad input", "/api/get-all-products/?category_pk=abc", undefined],
  ])("are all set on %s", async (_what, url, encoding) => {
    const res = await app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(res.headers).toMatchObject(EXPECTED);
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });
});
