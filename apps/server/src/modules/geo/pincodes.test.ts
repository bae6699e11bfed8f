import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ seed: false });
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ url });

describe("GET /api/pincodes/:pin", () => {
  it("answers the city, district and GST state of a PIN code India Post knows", async () => {
    const res = await get("/api/pincodes/302022");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pin: "302022",
      city: "Jaipur",
      district: "Jaipur",
      state: "Rajasthan",
      state_code: "08",
      places: ["Bilwa", "Goner", "Sitapura Industrial Area", "Vidhani"],
    });
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect((await get("/api/pincodes/400001/")).json()).toMatchObject({ city: "Mumbai", state_code: "27" });
    expect((await get("/api/pincodes/110001")).json()).toMatchObject({ city: "New Delhi", state: "Delhi" });
  });

  it("answers 404 with the shopper's sentence for a well-formed PIN code that does not exist", async () => {
    const res = await get("/api/pincodes/999999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: "PINCODE_UNKNOWN",
      message: expect.stringContaining("We do not know the PIN code 999999"),
    });
  });

  it("answers 400 for what is not a 6-digit PIN code", async () => {
    for (const pin of ["30202", "3020222", "012345", "30202x", "%20", "302%00022"]) {
      const res = await get(`/api/pincodes/${pin}`);
      expect(res.statusCode, pin).toBe(400);
      expect(res.json().errors, pin).toEqual([{ path: "params.pin", message: "Enter a valid 6-digit PIN code." }]);
    }
  });
});

describe("GET /api/delivery-promise", () => {
  it("promises the policy's date for an Indian PIN code, with cash on delivery for INR", async () => {
    const res = await get("/api/delivery-promise?pin=302022");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      pin: "302022",
      city: "Jaipur",
      serviceable: true,
      cod_available: true,
      source: "policy",
      text: expect.stringMatching(/^Deliver to 302022: by \w{3} \d{1,2} \w{3}, cash on delivery available$/),
    });
    const usd = await get("/api/delivery-promise/?pin=302022&currency=USD");
    expect(usd.json()).toMatchObject({ cod_available: false, text: expect.not.stringContaining("cash") });
  });

  it("abroad needs no PIN code and offers no cash on delivery", async () => {
    const res = await get("/api/delivery-promise?country=gb&pin=SW1A%201AA");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      country: "GB",
      pin: null,
      cod_available: false,
      text: expect.stringMatching(/^Deliver to United Kingdom: by /),
    });
  });

  it("refuses a bad or unknown PIN code, a bad country or currency, with a truthful status", async () => {
    expect((await get("/api/delivery-promise")).statusCode).toBe(400);
    expect((await get("/api/delivery-promise?pin=12")).json()).toMatchObject({ errors: [{ path: "pin" }] });
    expect((await get("/api/delivery-promise?pin=999999")).statusCode).toBe(404);
    expect((await get("/api/delivery-promise?pin=302022&country=XX")).statusCode).toBe(400);
    expect((await get("/api/delivery-promise?pin=302022&country=India")).statusCode).toBe(400);
    expect((await get("/api/delivery-promise?pin=302022&currency=EUR")).statusCode).toBe(400);
    expect((await get(`/api/delivery-promise?pin=${"9".repeat(40)}`)).statusCode).toBe(400);
  });

  it("says where the courier cannot deliver, and uses its cash flag", async () => {
    app.services.delivery.connectCourier(async (pin) => (pin === "302022" ? { days: 3, cod: false } : null));
    try {
      expect((await get("/api/delivery-promise?pin=302022")).json()).toMatchObject({
        source: "courier",
        cod_available: false,
      });
      expect((await get("/api/delivery-promise?pin=400001")).json()).toMatchObject({
        serviceable: false,
        text: "We cannot deliver to 400001 yet.",
      });
    } finally {
      app.services.delivery.connectCourier(undefined);
    }
  });
});
