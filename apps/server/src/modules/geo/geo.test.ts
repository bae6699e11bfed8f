import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(() => app.close());

/** Addresses the bundled database maps (looked up once against the shipped .mmdb, 2.3.2026061719). */
const INDIA = "49.44.64.1";
const USA = "8.8.8.8";

const geoFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ url: "/api/geo/", remoteAddress, headers });

describe("GET /api/geo/ from the offline country database", () => {
  it("locates a public Indian and a public US address", async () => {
    const india = await geoFrom(INDIA);
    expect(india.statusCode).toBe(200);
    expect(india.json()).toEqual({ country_code: "IN" });
    expect(india.headers["cache-control"]).toBe("private, no-store");
    expect((await geoFrom(USA)).json()).toEqual({ country_code: "US" });
  });

  it("reads IPv4 clients of a dual-stack socket (::ffff:a.b.c.d) and IPv6 addresses", async () => {
    expect((await geoFrom(`::ffff:${INDIA}`)).json()).toEqual({ country_code: "IN" });
    expect((await geoFrom("2001:4860:4860::8888")).json()).toEqual({ country_code: "US" });
  });

  it("answers null for loopback and private addresses, which the database would otherwise misplace", async () => {
    for (const address of ["127.0.0.1", "::1", "10.1.2.3", "192.168.1.1", "172.20.0.5", "100.64.0.1", "fe80::1"]) {
      expect((await geoFrom(address)).json(), address).toEqual({ country_code: null });
    }
  });

  it("ignores X-Forwarded-For when no proxy is trusted (anyone could forge it)", async () => {
    const res = await geoFrom("127.0.0.1", { "x-forwarded-for": INDIA });
    expect(res.json()).toEqual({ country_code: null });
  });

  it("ignores a CDN country header when none is configured", async () => {
    expect((await geoFrom(USA, { "cf-ipcountry": "IN" })).json()).toEqual({ country_code: "US" });
  });

  it("accepts the path without its trailing slash", async () => {
    expect((await app.inject({ url: "/api/geo", remoteAddress: INDIA })).json()).toEqual({ country_code: "IN" });
  });
});
