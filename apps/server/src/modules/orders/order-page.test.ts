import { COD_SHIPPING_FEE_INR, LOOKUP_CONTACT_TEXT } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { newShopper, nextClientAddress, tokenHeader } from "../accounts/test-support";
import { newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  codeSentTo,
  confirmCod,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  storedOrder,
  webhooksSettled,
} from "../checkout/test-support";

let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  const [first] = await pickVariants(app, { minStock: 5, count: 1 });
  if (!first) throw new Error("no variant");
  variant = first;
});
afterAll(async () => {
  await webhooksSettled(app);
  await app.close();
});

const page = (id: number | string, query = "", headers: Record<string, string> = {}) =>
  app.inject({ url: `/api/orders/${id}${query}`, headers });
const lookup = (payload: Record<string, string>, remoteAddress?: string) =>
  app.inject({ method: "POST", url: "/api/orders/lookup", payload, remoteAddress });

/** A guest's cash-on-delivery order, confirmed with the e-mailed code. */
async function guestCodOrder(email: string, extra: Record<string, string> = {}): Promise<number> {
  const lines = [{ variant }];
  const cart = await fillCart(app, lines, "INR");
  const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
  const waiting = await createOrder(app, orderBody(cart, "cod", "INR", amount, { email, ...extra }));
  expect(waiting.statusCode).toBe(200);
  const orderId: number = waiting.json().order_id;
  const confirmed = await confirmCod(app, { order_id: orderId, code: await codeSentTo(app, email) });
  expect(confirmed.statusCode).toBe(200);
  return orderId;
}

describe("an order's page for a guest (GET /api/orders/:id?token=)", () => {
  it("opens with the order's secret, shows the timeline as the order moves, and refuses a wrong secret", async () => {
    const orderId = await guestCodOrder("meera.guest@example.in");
    const { order } = await storedOrder(app, orderId);
    expect(order.viewToken).toMatch(/^[0-9a-f]{64}$/);

    const first = await page(orderId, `?token=${order.viewToken}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ id: orderId, status: "cod_confirmed" });
    expect(first.json().data.timeline.map((step: { label: string }) => step.label)).toEqual([
      "Order placed",
      "Confirmed (cash on delivery)",
    ]);

    // The seller ships it; the shopper's page shows the step, and not the seller's later correction.
    const admin = await newAdmin(app);
    const ship = (tracking_number: string) =>
      app.inject({
        method: "POST",
        url: `/api/admin/orders/${orderId}/status`,
        headers: admin.headers,
        payload: { status: "shipped", tracking_number },
      });
    expect((await ship("AWB1001")).statusCode).toBe(200);
    const tracking = await app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${orderId}/tracking`,
      headers: admin.headers,
      payload: { tracking_number: "AWB1002" },
    });
    expect(tracking.statusCode).toBe(200);
    const shipped = (await page(orderId, `?token=${order.viewToken}`)).json().data;
    expect(shipped.timeline.map((step: { label: string }) => step.label)).toEqual([
      "Order placed",
      "Confirmed (cash on delivery)",
      "Shipped",
    ]);
    const times = shipped.timeline.map((step: { at: string }) => Date.parse(step.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));

    const wrong = `${order.viewToken.slice(0, -1)}${order.viewToken.endsWith("0") ? "1" : "0"}`;
    expect((await page(orderId, `?token=${wrong}`)).statusCode).toBe(404);
    expect((await page(orderId + 1000, `?token=${order.viewToken}`)).statusCode).toBe(404);
    expect((await page(orderId)).statusCode).toBe(401);
    expect((await page(orderId, "?token=")).statusCode).toBe(400);
    // A signed-in stranger gets nothing without the secret.
    const stranger = await newShopper(app);
    expect((await page(orderId, "", tokenHeader(stranger.token))).statusCode).toBe(404);
  });
});

describe("finding an order by its number and contact (POST /api/orders/lookup)", () => {
  it("answers the order's page for its e-mail in any case, or its whole phone number with the country code however written", async () => {
    const orderId = await guestCodOrder("Kabir.Lookup@example.in");
    const { order } = await storedOrder(app, orderId);
    const expected = { order_id: orderId, path: `/orders/${orderId}?token=${order.viewToken}` };
    // Placed with "+91" and "+91 98290 41234". Each try counts against the number: four here, the rest below.
    for (const [number, contact] of [
      [String(orderId), "kabir.lookup@EXAMPLE.in"],
      [`#${orderId}`, " +91 98290 41234 "],
      [String(orderId), "+919829041234"],
      [String(orderId), "0091-98290-41234"],
    ] as const) {
      const found = await lookup({ order_number: number, contact });
      expect(found.statusCode, `${number} ${contact}`).toBe(200);
      expect(found.json().data).toEqual(expected);
    }
    const again = await guestCodOrder("kabir.lookup@example.in");
    for (const contact of ["+91 (0)98290 41234", "+91.98290.41234"])
      expect((await lookup({ order_number: String(again), contact })).statusCode, contact).toBe(200);

    // Placed with the mobile number's trunk 0 and the country code apart: the same number.
    const trunk = await guestCodOrder("trunk.lookup@example.in", {
      country_code: "+91",
      mobile_number: "098290 41299",
    });
    expect((await lookup({ order_number: String(trunk), contact: "+91 98290 41299" })).statusCode).toBe(200);
  });

  it("refuses a phone number without its country code (400, saying how), and finds nothing with part of one", async () => {
    const orderId = await guestCodOrder("partial.lookup@example.in");
    for (const contact of ["98290 41234", "9829041234", "098290 41234", "41234", "not a contact"]) {
      const res = await lookup({ order_number: String(orderId), contact });
      expect(res.statusCode, contact).toBe(400);
      expect(res.json().errors).toEqual([{ path: "body.contact", message: LOOKUP_CONTACT_TEXT }]);
    }
    // The last ten digits behind another country code, or the number cut short, are another number.
    for (const contact of ["+44 98290 41234", "+1 9829041234", "+91 98290 4123", "+91 98290 412345"]) {
      const res = await lookup({ order_number: String(orderId), contact });
      expect(res.statusCode, contact).toBe(404);
    }
  });

  it("gives one answer for a wrong contact, an unknown number and an unplaced order; refuses bad input", async () => {
    const orderId = await guestCodOrder("ira.lookup@example.in");
    const notFound = "We found no order with that number and e-mail or phone number. Please check both, or contact us.";
    for (const body of [
      { order_number: String(orderId), contact: "someone.else@example.in" },
      { order_number: String(orderId), contact: "+91 99999 99999" },
      { order_number: "999999", contact: "ira.lookup@example.in" },
    ]) {
      const answer = await lookup(body);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: notFound, code: "ORDER_NOT_FOUND", errors: [] });
    }

    // Waiting for its cash-on-delivery code, an order is not an order yet.
    const cart = await fillCart(app, [{ variant }], "INR");
    const amount = pageTotal([{ variant }], "INR", { shipping: COD_SHIPPING_FEE_INR });
    const waiting = await createOrder(app, orderBody(cart, "cod", "INR", amount, { email: "ira.lookup@example.in" }));
    expect(
      (await lookup({ order_number: String(waiting.json().order_id), contact: "ira.lookup@example.in" })).statusCode,
    ).toBe(404);

    const missing = await lookup({ order_number: "", contact: "ira.lookup@example.in" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("Please enter your order number.");
    expect((await lookup({ order_number: "12a", contact: "x@example.in" })).statusCode).toBe(400);
    expect((await lookup({ order_number: String(orderId) })).statusCode).toBe(400);
    expect((await lookup({ order_number: String(orderId), contact: "<script>" })).statusCode).toBe(400);
  });

  it("limits tries per order number from any client, existing or not, with one 429 that tells nothing", async () => {
    const orderId = await guestCodOrder("limited.lookup@example.in");
    const { max } = app.config.abuse.orderLookups.perNumber;
    const unknown = String(orderId + 500_000);
    const answers = async (order_number: string, contact: string) => {
      const res = await lookup({ order_number, contact }, nextClientAddress());
      return { status: res.statusCode, body: res.json(), retryAfter: res.headers["retry-after"] };
    };
    for (const number of [String(orderId), unknown]) {
      for (let i = 0; i < max; i++) expect((await answers(number, `guess.${i}@example.in`)).status).toBe(404);
    }
    // The right contact, from yet another client: the number's tries are spent.
    const right = await answers(String(orderId), "limited.lookup@example.in");
    const none = await answers(unknown, "limited.lookup@example.in");
    expect(right.status).toBe(429);
    expect(right.body).toEqual({
      message:
        "Too many tries to find an order. Please try again later, or open the order from the link in its confirmation e-mail.",
      code: "TOO_MANY_LOOKUPS",
      errors: [],
    });
    expect(Number(right.retryAfter)).toBeGreaterThan(0);
    expect(none.status).toBe(429);
    expect(none.body).toEqual(right.body);
  });
});

describe("the lookup's limit per client", () => {
  it("stops one client trying many numbers, not the next client", async () => {
    const strict = await createTestApp({
      seed: false,
      config: {
        abuse: {
          ...app.config.abuse,
          orderLookups: { ...app.config.abuse.orderLookups, perClient: { max: 3, windowMs: 3_600_000 } },
        },
      },
    });
    try {
      const from = (remoteAddress: string, number: number) =>
        strict.inject({
          method: "POST",
          url: "/api/orders/lookup",
          payload: { order_number: String(number), contact: "walker@example.in" },
          remoteAddress,
        });
      for (let n = 1; n <= 3; n++) expect((await from("10.38.0.1", n)).statusCode).toBe(404);
      const walked = await from("10.38.0.1", 4);
      expect(walked.statusCode).toBe(429);
      expect(walked.json().code).toBe("TOO_MANY_LOOKUPS");
      expect((await from("10.38.0.2", 4)).statusCode).toBe(404);
    } finally {
      await strict.close();
    }
  });
});
