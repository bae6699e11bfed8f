import { priceIn } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  countRows,
  createListeningTestApp,
  createOrder,
  feeAbroad,
  fillCart,
  orderBody,
  stockOf,
  storedOrder,
  webhooksSettled,
} from "./test-support";

/**
 * Issue 41, point 1: create-order checks a delivery address by its country's format (Google's address
 * metadata, decision 079) and its phone by its calling code, with the same shared schema as the form.
 */
let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  const [picked] = await pickVariants(app, { minStock: 30 });
  if (!picked) throw new Error("no variant");
  variant = picked;
});
afterEach(() => webhooksSettled(app));
afterAll(() => app.close());

/** A card order in USD to `address` (every place field given, so nothing of the Indian default is left). */
async function orderTo(address: Record<string, unknown>) {
  const cartId = await fillCart(app, [{ variant }], "USD");
  const fee = await feeAbroad(app, cartId, address.delivery_country, "USD");
  const amount = (priceIn("USD", variant.offerCents) + fee) * 100;
  const body = { city: "", state: "", pin_code: "", country_code: "", ...address };
  return createOrder(app, orderBody(cartId, "razorpay", "USD", amount, body));
}

/** Placed: answers the order as stored. */
async function placed(address: Record<string, unknown>) {
  const res = await orderTo(address);
  expect(res.statusCode, res.body).toBe(200);
  return (await storedOrder(app, res.json().data.order_id)).order;
}

/** Refused with a 400 naming exactly these fields and messages; no order, payment or stock changed. */
async function refused(address: Record<string, unknown>, errors: Record<string, string | RegExp>) {
  const before = { rows: await countRows(app), stock: await stockOf(app, variant) };
  const res = await orderTo(address);
  expect(res.statusCode, res.body).toBe(400);
  const got = Object.fromEntries(
    (res.json().errors as { path: string; message: string }[]).map((e) => [e.path.replace(/^body\./, ""), e.message]),
  );
  expect(Object.keys(got).sort()).toEqual(Object.keys(errors).sort());
  for (const [field, message] of Object.entries(errors)) expect(got[field]).toMatch(message);
  expect(await countRows(app)).toEqual(before.rows);
  expect(await stockOf(app, variant)).toBe(before.stock);
}

const LONDON = {
  delivery_country: "GB",
  mobile_number: "020 7946 0958",
  city: "London",
  pin_code: "SW1A 1AA",
};
const NEW_YORK = {
  delivery_country: "US",
  mobile_number: "(212) 736-5000",
  city: "New York",
  state: "NY",
  pin_code: "10118",
};

describe("addresses by country", () => {
  it("GB: a town and a postcode, no state; the postcode written as Royal Mail does; +44 from the country", async () => {
    expect(await placed({ ...LONDON, pin_code: "sw1a1aa" })).toMatchObject({
      pinCode: "SW1A 1AA",
      city: "London",
      state: "",
      countryCode: "+44",
      deliveryCountry: "GB",
    });
    await refused({ ...LONDON, pin_code: "302002" }, { pin_code: "Enter a UK postcode, like EC1Y 8SY." });
    await refused(
      { ...LONDON, city: "", pin_code: "" },
      {
        city: "Enter the town or city: addresses in the UK need one.",
        pin_code: "Enter the postcode: addresses in the UK need one.",
      },
    );
  });

  it("GB: the phone must be a number of its code's country", async () => {
    await refused(
      { ...LONDON, country_code: "+44", mobile_number: "7700 900123" },
      { mobile_number: "Enter a valid UK phone number (+44), like 07400 123456." },
    );
    // A London buyer may give an Indian number, with its own code.
    expect(await placed({ ...LONDON, country_code: "+91", mobile_number: "98290 41234" })).toMatchObject({
      countryCode: "+91",
    });
  });

  it("US: city, state from the list (its code or name) and a ZIP code, all required", async () => {
    expect(await placed({ ...NEW_YORK, state: "new york" })).toMatchObject({ state: "NY", countryCode: "+1" });
    await refused({ ...NEW_YORK, state: "" }, { state: "Enter the state: addresses in the US need one." });
    await refused({ ...NEW_YORK, pin_code: "1011" }, { pin_code: "Enter a US ZIP code, like 95014." });
    await refused({ ...NEW_YORK, state: "Ontario" }, { state: /^Choose the state from the list in the US/ });
  });

  it("CA: a province of the list and a Canadian postal code", async () => {
    const toronto = { delivery_country: "CA", mobile_number: "416 555 0199", city: "Toronto", state: "Ontario" };
    expect(await placed({ ...toronto, pin_code: "m5v2t6" })).toMatchObject({ state: "ON", pinCode: "M5V 2T6" });
    await refused({ ...toronto, pin_code: "10118" }, { pin_code: "Enter a postal code of Canada, like H3Z 2Y7." });
    await refused({ ...toronto, state: "NY", pin_code: "M5V 2T6" }, { state: /^Choose the province from the list/ });
  });

  it("AU: a state of the list and a 4-digit postcode", async () => {
    const sydney = { delivery_country: "AU", mobile_number: "02 9374 4000", city: "Sydney", state: "NSW" };
    expect(await placed({ ...sydney, pin_code: "2000" })).toMatchObject({ state: "NSW", pinCode: "2000" });
    await refused({ ...sydney, pin_code: "20000" }, { pin_code: "Enter a postcode of Australia, like 2060." });
  });

  it("AE: an emirate, no postcode and no city required", async () => {
    const dubai = { delivery_country: "AE", mobile_number: "050 123 4567" };
    expect(await placed({ ...dubai, state: "dubai" })).toMatchObject({ state: "Dubai", pinCode: "", city: "" });
    await refused(dubai, { state: "Enter the emirate: addresses in the UAE need one." });
  });

  it("DE: a 5-digit postal code and a city, no state", async () => {
    const berlin = { delivery_country: "DE", mobile_number: "030 901820", city: "Berlin" };
    expect(await placed({ ...berlin, pin_code: "10115" })).toMatchObject({ pinCode: "10115", countryCode: "+49" });
    await refused({ ...berlin, pin_code: "1011" }, { pin_code: "Enter a postal code of Germany, like 26133." });
    await refused(berlin, { pin_code: "Enter the postal code: addresses in Germany need one." });
  });

  it("HK, a country without postcodes: none asked, an area required", async () => {
    const kowloon = { delivery_country: "HK", mobile_number: "5123 4567", city: "Mong Kok" };
    expect(await placed({ ...kowloon, state: "Kowloon" })).toMatchObject({ state: "Kowloon", pinCode: "" });
    await refused(kowloon, { state: "Enter the area: addresses in Hong Kong SAR China need one." });
  });

  it("IN: keeps its rules, a 6-digit PIN code and a state of the GST list", async () => {
    const jaipur = { delivery_country: "IN", mobile_number: "98290 41234", city: "Jaipur", state: "Rajasthan" };
    await refused({ ...jaipur, pin_code: "30200" }, { pin_code: "Enter a valid 6-digit PIN code." });
    await refused({ ...jaipur, pin_code: "" }, { pin_code: "Enter a valid 6-digit PIN code." });
    await refused(
      { ...jaipur, pin_code: "302002", state: "Atlantis" },
      { state: "Enter your state or union territory, for example Rajasthan." },
    );
  });
});
