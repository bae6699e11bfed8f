import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SHIPPING_METHODS, shippingMethod, type ShippingMethodCode } from "@store/shared";
import { createTestApp } from "../../testing/test-app";
import { auditLog } from "../admin/tables";
import { call, newAdmin, newStaff } from "../admin/test-support";
import { products } from "../catalog/tables";
import { priceByRateCard, readShippingRates } from "../settings/rate-cards";
import { shippingFeeOf } from "./quote";
import { shippingPromise } from "./shipping-promise";

let app: FastifyInstance;
let owner: Record<string, string>;
let staff: Record<string, string>;
let kurtaId: number;
let poufId: number;

const INTERNATIONAL = ["international-standard", "international-express"] as const;
const db = () => app.database.db;

beforeAll(async () => {
  app = await createTestApp();
  owner = (await newAdmin(app)).headers;
  staff = (await newStaff(app, owner)).headers;
  const [kurta, pouf] = await db().select({ id: products.id }).from(products).limit(2);
  kurtaId = kurta!.id;
  poufId = pouf!.id;
  // A soft 400 g piece, and a furniture piece with a package and the seller's handling surcharge.
  await db()
    .update(products)
    .set({ shippingGrams: 400, packageLengthCm: null, packageWidthCm: null, packageHeightCm: null })
    .where(eq(products.id, kurtaId));
  await db()
    .update(products)
    .set({
      shippingGrams: 2500,
      packageLengthCm: 45,
      packageWidthCm: 45,
      packageHeightCm: 35,
      handlingPaise: 40000,
      handlingCents: 500,
    })
    .where(eq(products.id, poufId));
});
afterAll(() => app.close());

/** The international methods offered for the test's length, as the international carrier's helper will offer them. */
const offered = new Map<ShippingMethodCode, boolean>();
function offerInternational() {
  for (const code of INTERNATIONAL) {
    offered.set(code, SHIPPING_METHODS[code].offered);
    SHIPPING_METHODS[code].offered = true;
  }
}
afterEach(() => {
  for (const [code, was] of offered) SHIPPING_METHODS[code].offered = was;
  offered.clear();
});

const soft = (grams: number, quantity = 1) => ({ grams, packageCm: null, quantity, handlingMinor: 0 });
const price = (method: ShippingMethodCode, currency: "INR" | "USD", country: string, pieces = [soft(400)]) =>
  priceByRateCard(db(), { method, currency, country, pieces });

describe("international rate cards (decision 080): the migration's seed", () => {
  it("looks the country up in its zone: Nepal is near, the United Kingdom the rest of the world", async () => {
    expect(await price("international-standard", "USD", "np")).toMatchObject({
      ok: true,
      zone: "near",
      feeMinor: 1200,
    });
    expect(await price("international-standard", "USD", "GB")).toMatchObject({
      ok: true,
      zone: "world",
      feeMinor: 1800,
    });
  });

  it("charges the first half kilo, then each further half kilo or part of one", async () => {
    expect(await price("international-express", "USD", "US", [soft(500)])).toMatchObject({ feeMinor: 3000 });
    expect(await price("international-express", "USD", "US", [soft(500, 2)])).toMatchObject({
      feeMinor: 3000 + 900,
      chargeableGrams: 1000,
    });
    expect(await price("international-express", "USD", "US", [soft(501, 2)])).toMatchObject({
      feeMinor: 3000 + 2 * 900,
      chargeableGrams: 1500,
    });
  });

  it("prices USD shoppers from the dollar card and rupee shoppers from the rupee card", async () => {
    expect(await price("international-express", "USD", "GB")).toMatchObject({ feeMinor: 3000 });
    expect(await price("international-express", "INR", "GB")).toMatchObject({ feeMinor: 99900 });
    expect(await price("international-standard", "INR", "AE")).toMatchObject({ feeMinor: 39900 });
  });

  it("refuses a country in no zone in a sentence", async () => {
    expect(await price("international-standard", "USD", "RU")).toEqual({
      ok: false,
      message: "Sorry, we do not ship to Russia yet.",
    });
  });
});

describe("pricing a cart's products abroad (shippingFeeOf, what the checkout's quote calls)", () => {
  const fee = (method: ShippingMethodCode, currency: "INR" | "USD", lines: { productId: number; quantity: number }[]) =>
    shippingFeeOf(db(), { currency, country: "GB", shippingMethod: method, lines });

  it("charges the volumetric weight when the package is the larger, plus the per-piece handling surcharge", async () => {
    // 45 x 45 x 35 / 5000 = 14.175 kg > 2.5 kg actual: 14.5 kg is 29 half kilos; $30 + 28 x $9 + $5 handling.
    expect(await fee("international-express", "USD", [{ productId: poufId, quantity: 1 }])).toBe(30 + 28 * 9 + 5);
    expect(await fee("international-standard", "INR", [{ productId: poufId, quantity: 1 }])).toBe(599 + 28 * 199 + 400);
  });

  it("adds up the pieces' weights: two 400 g pieces are 1 kg chargeable", async () => {
    expect(await fee("international-standard", "USD", [{ productId: kurtaId, quantity: 2 }])).toBe(18 + 6);
  });

  it("keeps India's methods on the seller's flat fees, without any surcharge", async () => {
    const lines = [{ productId: poufId, quantity: 1 }];
    expect(await shippingFeeOf(db(), { currency: "INR", country: "IN", shippingMethod: "india-standard", lines })).toBe(
      0,
    );
    expect(await shippingFeeOf(db(), { currency: "INR", country: "IN", shippingMethod: "india-express", lines })).toBe(
      99,
    );
  });

  it("refuses a destination the cards do not reach (422, NOT_SHIPPED_THERE)", async () => {
    await expect(
      shippingFeeOf(db(), {
        currency: "USD",
        country: "RU",
        shippingMethod: "international-express",
        lines: [{ productId: kurtaId, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ kind: "unprocessable", code: "NOT_SHIPPED_THERE" });
  });
});

describe("GET /api/shipping-promise/", () => {
  const get = (query: string) => app.inject({ method: "GET", url: `/api/shipping-promise/?${query}` });

  it("answers each offered international method's days and fee from, for one piece to the country", async () => {
    offerInternational();
    const res = await get(`product_pk=${kurtaId}&country=GB&currency=USD`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      country: "GB",
      country_name: "United Kingdom",
      currency: "USD",
      message: null,
      methods: [
        {
          code: "international-standard",
          label: "International standard",
          days: { earliest: 10, latest: 30 },
          from: 18,
        },
        { code: "international-express", label: "International express", days: { earliest: 4, latest: 8 }, from: 30 },
      ],
    });
  });

  it("says plainly when the country is in no zone", async () => {
    offerInternational();
    const res = await get(`product_pk=${kurtaId}&country=RU&currency=USD`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ methods: [], message: "Sorry, we do not ship to Russia yet." });
  });

  it("prices with the methods it is given (the service takes any international method)", async () => {
    const answer = await shippingPromise(db(), { productId: poufId, country: "AE", currency: "INR" }, [
      shippingMethod("international-standard"),
    ]);
    expect(answer.methods).toEqual([expect.objectContaining({ from: 399 + 28 * 129 + 400 })]);
  });

  it.each([
    ["a country code that is none", `product_pk=1&country=XX&currency=USD`, 400],
    ["a country name", `product_pk=1&country=United%20Kingdom&currency=USD`, 400],
    ["no product", `country=GB&currency=USD`, 400],
    ["a product that is not a number", `product_pk=abc&country=GB&currency=USD`, 400],
    ["a currency the shop does not sell in", `product_pk=1&country=GB&currency=EUR`, 400],
    ["a product that does not exist", `product_pk=999999&country=GB&currency=USD`, 404],
  ])("refuses %s with a truthful status", async (_what, query, status) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe("GET/PUT /api/admin/shipping-rates", () => {
  const PATH = "/api/admin/shipping-rates";
  const body = async () => {
    const rates = await readShippingRates(db());
    return {
      zones: rates.zones.map((z) => ({ code: z.code, name: z.name, countries: z.countries.map((c) => c.code) })),
      cards: rates.cards,
    };
  };
  const fieldErrors = (res: { json(): { errors?: { path: string; message: string }[] } }) =>
    Object.fromEntries((res.json().errors ?? []).map((e) => [e.path.replace(/^body\./, ""), e.message]));

  it("answers the seed's zones with country names and the cards in whole rupees and dollars", async () => {
    const res = await call(app, owner, "GET", PATH);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.zones.map((z: { code: string }) => z.code)).toEqual(["near", "world"]);
    expect(answer.zones[1].countries).toContainEqual({ code: "GB", name: "United Kingdom" });
    expect(answer.cards).toContainEqual({
      method: "international-express",
      zone: "world",
      currency: "USD",
      first_half_kg: 30,
      each_half_kg_more: 9,
    });
  });

  it("saves a new zone and its cards whole, prices with them at once and audits the change", async () => {
    const next = await body();
    next.zones[1]!.countries = next.zones[1]!.countries.filter((c) => c !== "GB");
    next.zones.push({ code: "uk", name: "United Kingdom", countries: ["gb"] });
    for (const method of INTERNATIONAL)
      for (const currency of ["INR", "USD"] as const)
        next.cards.push({
          method,
          zone: "uk",
          currency,
          first_half_kg: currency === "USD" ? 15 : 499,
          each_half_kg_more: 5,
        });
    const res = await call(app, owner, "PUT", PATH, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(await price("international-standard", "USD", "GB")).toMatchObject({ zone: "uk", feeMinor: 1500 });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "shipping_rates")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.stringify(audit?.changes)).toContain('"uk"');
  });

  it("is the owner's: staff are refused", async () => {
    expect((await call(app, staff, "GET", PATH)).statusCode).toBe(403);
    expect((await call(app, staff, "PUT", PATH, await body())).statusCode).toBe(403);
  });

  it.each([
    ["a negative rate", (b: Body) => void (b.cards[0]!.first_half_kg = -1), "cards.0.first_half_kg", /negative/],
    ["a rate with decimals", (b: Body) => void (b.cards[0]!.first_half_kg = 12.5), "cards.0.first_half_kg", /whole/],
    [
      "a country that is none",
      (b: Body) => void b.zones[0]!.countries.push("XX"),
      "zones.0.countries.14",
      /not a country/,
    ],
    ["India in a zone", (b: Body) => void b.zones[0]!.countries.push("IN"), "zones.0.countries", /India/],
    [
      "a country in two zones",
      (b: Body) => void b.zones[0]!.countries.push("US"),
      /zones\.1\.countries\.\d+/,
      /United States is already in zone near/,
    ],
    ["a zone code with spaces", (b: Body) => void (b.zones[0]!.code = "near abroad"), "zones.0.code", /lower-case/],
    [
      "a card for a zone that is not there",
      (b: Body) => void (b.cards[0]!.zone = "moon"),
      "cards.0.zone",
      /no zone moon/,
    ],
    [
      "a card for an India method",
      (b: Body) => void (b.cards[0]!.method = "india-express"),
      "cards.0.method",
      /one of/,
    ],
    ["a missing card", (b: Body) => void b.cards.pop(), "cards", /needs a/],
    [
      "a rate typed in paise",
      (b: Body) => void (b.cards.find((c) => c.currency === "INR")!.first_half_kg = 99900),
      /cards\.\d+\.first_half_kg/,
      /not paise/,
    ],
  ])("refuses %s with a message, changing nothing", async (_what, edit, path, message) => {
    const before = await readShippingRates(db());
    const next = await body();
    edit(next);
    const res = await call(app, owner, "PUT", PATH, next);
    expect(res.statusCode, res.body).toBe(400);
    const errors = fieldErrors(res);
    const key = typeof path === "string" ? path : Object.keys(errors).find((k) => path.test(k));
    expect(key && errors[key], res.body).toMatch(message);
    expect(await readShippingRates(db())).toEqual(before);
  });

  it("refuses a body that is not the table", async () => {
    for (const bad of [null, [], { zones: [] }, { zones: "near", cards: [] }]) {
      const res = await call(app, owner, "PUT", PATH, bad);
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});

type Body = {
  zones: { code: string; name: string; countries: string[] }[];
  cards: { method: string; zone: string; currency: "INR" | "USD"; first_half_kg: number; each_half_kg_more: number }[];
};

describe("PATCH /api/admin/products/:id: how a piece ships", () => {
  const patch = (body: unknown) => call(app, owner, "PATCH", `/api/admin/products/${kurtaId}`, body);
  const stored = async () =>
    (await db().select().from(products).where(eq(products.id, kurtaId)).limit(1)).map((p) => ({
      grams: p.shippingGrams,
      sides: [p.packageLengthCm, p.packageWidthCm, p.packageHeightCm],
      handling: [p.handlingPaise, p.handlingCents],
    }))[0];

  it("saves the packed weight, the package and the surcharge, and answers them to the editor", async () => {
    const res = await patch({
      shipping_grams: "650",
      package_length_cm: 40,
      package_width_cm: 30,
      package_height_cm: 10,
      handling_inr: 150,
      handling_usd: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toEqual({ grams: 650, sides: [40, 30, 10], handling: [15000, 200] });
    const read = (await call(app, owner, "GET", `/api/admin/products/${kurtaId}`)).json();
    expect(read).toMatchObject({ shipping_grams: 650, package_length_cm: 40, handling_inr: 150, handling_usd: 2 });
    // Cleared again: a soft piece in the mailer.
    const cleared = await patch({
      package_length_cm: "",
      package_width_cm: "",
      package_height_cm: "",
      handling_inr: 0,
      handling_usd: 0,
      shipping_grams: 400,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await stored()).toEqual({ grams: 400, sides: [null, null, null], handling: [0, 0] });
  });

  it.each([
    ["no weight", { shipping_grams: 0 }, "shipping_grams", /at least 1 g/],
    ["a weight in kilos with decimals", { shipping_grams: 0.5 }, "shipping_grams", /whole grams/],
    [
      "a package side of 0",
      { package_length_cm: 0, package_width_cm: 1, package_height_cm: 1 },
      "package_length_cm",
      /at least 1 cm/,
    ],
    ["one side of a package alone", { package_length_cm: 40 }, "package_width_cm", /all three sides/],
    ["a negative surcharge", { handling_inr: -5 }, "handling_inr", /negative/],
    ["a surcharge in cents", { handling_usd: 2.5 }, "handling_usd", /whole US dollars/],
  ])("refuses %s with a message, changing nothing", async (_what, body, field, message) => {
    const before = await stored();
    const res = await patch(body);
    expect(res.statusCode, res.body).toBe(400);
    const errors = Object.fromEntries(
      (res.json().errors as { path: string; message: string }[]).map((e) => [e.path.replace(/^body\./, ""), e.message]),
    );
    expect(errors[field], res.body).toMatch(message);
    expect(await stored()).toEqual(before);
  });
});
