import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false, config: { cdnCountryHeader: "CF-IPCountry", trustProxy: ["10.0.0.0/8"] } });
});
afterAll(() => app.close());

describe("GET /api/geo/ behind a CDN (CDN_COUNTRY_HEADER set)", () => {
  it("answers the CDN's country, which knows the real client behind every proxy", async () => {
    const res = await app.inject({ url: "/api/geo/", remoteAddress: "10.0.0.7", headers: { "cf-ipcountry": "in" } });
    expect(res.json()).toEqual({ country_code: "IN" });
  });

  it("prefers the header over the address", async () => {
    const res = await app.inject({ url: "/api/geo/", remoteAddress: "49.44.64.1", headers: { "cf-ipcountry": "US" } });
    expect(res.json()).toEqual({ country_code: "US" });
  });

  it("falls back to the database when the header is missing, unknown (XX) or not a country code", async () => {
    for (const headers of [{}, { "cf-ipcountry": "XX" }, { "cf-ipcountry": "India" }]) {
      const res = await app.inject({ url: "/api/geo/", remoteAddress: "49.44.64.1", headers });
      expect(res.json(), JSON.stringify(headers)).toEqual({ country_code: "IN" });
    }
    const local = await app.inject({ url: "/api/geo/", remoteAddress: "127.0.0.1", headers: { "cf-ipcountry": "XX" } });
    expect(local.json()).toEqual({ country_code: null });
  });

  it("takes the client address from X-Forwarded-For sent by a trusted proxy", async () => {
    const res = await app.inject({
      url: "/api/geo/",
      remoteAddress: "10.0.0.7",
      headers: { "x-forwarded-for": "49.44.64.1" },
    });
    expect(res.json()).toEqual({ country_code: "IN" });
  });
});
