import { COD_SHIPPING_FEE_INR, priceIn } from "@store/shared";
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
  pageTotal,
  stockOf,
  storedOrder,
  webhooksSettled,
} from "./test-support";

let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  const [picked] = await pickVariants(app, { minStock: 20 });
  if (!picked) throw new Error("no variant");
  variant = picked;
});
afterEach(async () => {
  app.services.delivery.connectCourier(undefined);
  await webhooksSettled(app);
});
afterAll(() => app.close());

let guests = 0;
const email = () => `pin.${process.pid}.${++guests}@example.in`;

/** A guest's cash-on-delivery checkout of one piece to `address`. */
async function codCheckout(address: Record<string, unknown>) {
  const cartId = await fillCart(app, [{ variant }], "INR");
  const amount = pageTotal([{ variant }], "INR", { shipping: COD_SHIPPING_FEE_INR });
  return createOrder(app, orderBody(cartId, "cod", "INR", amount, { email: email(), ...address }));
}

/** A refusal that names one field and leaves orders, payments, webhooks and stock as they were. */
async function expectRefusedUnchanged(address: Record<string, unknown>, code: string, path: string, message: RegExp) {
  const before = { rows: await countRows(app), stock: await stockOf(app, variant) };
  const res = await codCheckout(address);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toMatchObject({ code, message: expect.stringMatching(message) });
  expect(res.json().errors).toEqual([{ path, message: res.json().message }]);
  expect(await countRows(app)).toEqual(before.rows);
  expect(await stockOf(app, variant)).toBe(before.stock);
}

describe("an Indian delivery address against India Post's directory", () => {
  it("refuses a PIN code that does not exist, under the PIN code field, and changes nothing", async () => {
    await expectRefusedUnchanged(
      { pin_code: "999999" },
      "PINCODE_UNKNOWN",
      "pin_code",
      /^We do not know the PIN code 999999/,
    );
  });

  it("refuses a state that contradicts the PIN code (the GST place of supply), saying which state it is in", async () => {
    await expectRefusedUnchanged(
      { pin_code: "302022", city: "Jaipur", state: "Maharashtra" },
      "STATE_MISMATCH",
      "state",
      /^PIN code 302022 is in Rajasthan, not Maharashtra\. Choose Rajasthan/,
    );
  });

  it("fills an empty city and state from the PIN code, and keeps a city the shopper typed", async () => {
    const filled = await codCheckout({ pin_code: "400001", city: "", state: "" });
    expect(filled.statusCode, filled.body).toBe(200);
    const { order } = await storedOrder(app, filled.json().order_id);
    expect(order).toMatchObject({ pinCode: "400001", city: "Mumbai", state: "Maharashtra" });

    const typed = await codCheckout({ pin_code: "302022", city: "Sitapura", state: "rajasthan" });
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await storedOrder(app, typed.json().order_id)).order).toMatchObject({
      city: "Sitapura",
      state: "Rajasthan",
    });
  });

  it("asks about a city that names none of the PIN code's places (the issue's 122001 with Mumbai), and takes it once confirmed", async () => {
    await expectRefusedUnchanged(
      { pin_code: "122001", city: "Mumbai", state: "Haryana" },
      "CITY_UNCONFIRMED",
      "city",
      /^PIN code 122001 is in Gurugram, Haryana: use Gurugram as the city, or confirm "Mumbai"\.$/,
    );
    const confirmed = await codCheckout({ pin_code: "122001", city: "Mumbai", state: "Haryana", city_confirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await storedOrder(app, confirmed.json().order_id)).order).toMatchObject({
      city: "Mumbai",
      state: "Haryana",
    });
  });

  it("does not question the old name of a renamed city, nor a locality among the PIN code's post offices", async () => {
    for (const city of ["Gurgaon", "Arjun Nagar", "gurugram"]) {
      const res = await codCheckout({ pin_code: "122001", city, state: "Haryana" });
      expect(res.statusCode, `${city}: ${res.body}`).toBe(200);
    }
  });

  it("accepts either state for a PIN code whose offices lie in two", async () => {
    const res = await codCheckout({ pin_code: "396230", city: "Silvassa", state: "Gujarat" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedOrder(app, res.json().order_id)).order.state).toBe("Gujarat");
  });
});

describe("the courier's serviceability at checkout", () => {
  it("refuses cash on delivery where the courier collects no cash, and a PIN code it does not serve", async () => {
    app.services.delivery.connectCourier(async (pin) => (pin === "302022" ? { days: 4, cod: false } : null));
    await expectRefusedUnchanged(
      { pin_code: "302022" },
      "COD_NOT_AVAILABLE",
      "payment_method",
      /^Cash on delivery is not available at PIN code 302022/,
    );
    await expectRefusedUnchanged(
      { pin_code: "110001", city: "New Delhi", state: "Delhi" },
      "NOT_SERVICEABLE",
      "pin_code",
      /^We cannot deliver to 110001 yet/,
    );
  });

  it("takes a card order where the courier collects no cash", async () => {
    app.services.delivery.connectCourier(async () => ({ days: 4, cod: false }));
    const cartId = await fillCart(app, [{ variant }], "INR");
    const res = await createOrder(app, orderBody(cartId, "razorpay", "INR", priceIn("INR", variant.offerCents) * 100));
    expect(res.statusCode, res.body).toBe(200);
  });

  it("never stops a checkout when the courier is down or slow: the policy answers", async () => {
    app.services.delivery.connectCourier(() => Promise.reject(new Error("connect ECONNREFUSED")));
    expect((await codCheckout({ pin_code: "302022" })).statusCode).toBe(200);
    app.services.delivery.connectCourier(() => new Promise(() => {}));
    const started = Date.now();
    const slow = await codCheckout({ pin_code: "400001", city: "Mumbai", state: "Maharashtra" });
    expect(slow.statusCode, slow.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("an address abroad", () => {
  it("is left as typed: no directory, no courier, what its country requires asked for (a British town)", async () => {
    app.services.delivery.connectCourier(async () => null);
    const london = {
      delivery_country: "GB",
      country_code: "+44",
      pin_code: "SW1A 1AA",
      city: "London",
      state: "Greater London",
    };
    const cartId = await fillCart(app, [{ variant }], "USD");
    const amount = (priceIn("USD", variant.offerCents) + (await feeAbroad(app, cartId, "GB", "USD"))) * 100;
    const res = await createOrder(app, orderBody(cartId, "razorpay", "USD", amount, london));
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedOrder(app, res.json().data.order_id)).order).toMatchObject({
      pinCode: "SW1A 1AA",
      city: "London",
      state: "Greater London",
    });

    const missing = await createOrder(
      app,
      orderBody(cartId, "razorpay", "USD", amount, { ...london, city: "", state: "" }),
    );
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(["body.city"]);
  });
});
