import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { COD_SHIPPING_FEE_INR, type CodOffer } from "@store/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  countRows,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  storedOrder,
  verifyPayment,
  webhooksSettled,
} from "../checkout/test-support";
import { call, insertOrder, newStaff, roles } from "../admin/test-support";
import { orderEvents, orders } from "../orders/tables";
import { parcelOf } from "../shipping/parcel";
import { sendDueNudges } from "../pay-now/send";
import { payments, refunds } from "../payments/tables";

let app: FastifyInstance;
let owner: Record<string, string>;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  const r = await roles(app);
  owner = r.admin;
  const [picked] = await pickVariants(app, { minStock: 20, count: 1 });
  if (!picked) throw new Error("no variant");
  variant = picked;
});
afterEach(async () => {
  // Each test sets the rules it needs: none carries over.
  for (const rule of (await call(app, owner, "GET", "/api/admin/cod-rules")).json().data)
    await call(app, owner, "DELETE", `/api/admin/cod-rules/${rule.id}`);
  await webhooksSettled(app);
});
afterAll(() => app.close());

const addRule = async (rule: Record<string, unknown>) => {
  const res = await call(app, owner, "POST", "/api/admin/cod-rules", rule);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const lines = (quantity = 1) => [{ variant, quantity }];
/** The COD total of `quantity` pieces, rupees, as the checkout shows it. */
const codTotal = (quantity = 1) => pageTotal(lines(quantity), "INR", { shipping: COD_SHIPPING_FEE_INR });
const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;

async function offer(pin: string, extra: Record<string, string> = {}, quantity = 1) {
  const cartId = await fillCart(app, lines(quantity), "INR");
  const query = new URLSearchParams({ cart_id: cartId, pin_code: pin, ...extra });
  const res = await app.inject({ url: `/api/cod-offer/?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CodOffer>();
}

const codOrder = async (pin: string, extra: Record<string, unknown> = {}, quantity = 1) => {
  const cartId = await fillCart(app, lines(quantity), "INR");
  const body = orderBody(cartId, "cod", "INR", codTotal(quantity), {
    email: `cod.rules.${Math.random().toString(36).slice(2)}@example.in`,
    pin_code: pin,
    city: "",
    state: "",
    ...extra,
  });
  return { cartId, res: await createOrder(app, body) };
};

describe("the checkout's question before choosing: GET /api/cod-offer/", () => {
  it("allows cash on delivery where no rule says otherwise", async () => {
    const total = codTotal() * 100;
    expect(await offer("302002")).toEqual({
      cod: "allowed",
      total_minor: total,
      advance_minor: 0,
      at_door_minor: total,
      sentence: null,
    });
  });

  it("answers each action in one plain sentence: prepaid only, a cap, an advance", async () => {
    await addRule({ scope: "pincode", key: "110001", action: "prepaid_only" });
    await addRule({ scope: "pincode", key: "400001", action: "cap", cap_minor: 100 });
    await addRule({
      scope: "pincode",
      key: "600001",
      action: "advance",
      advance_percent: 10,
      advance_min_minor: 20_000,
    });
    await addRule({ scope: "pincode", key: "700001", action: "cap", cap_minor: 100_000_00 });

    expect(await offer("110001")).toMatchObject({
      cod: "refused",
      sentence: "Cash on delivery is not available at PIN code 110001: please pay online.",
    });
    expect(await offer("400001")).toMatchObject({
      cod: "refused",
      sentence: "Cash on delivery is not available at PIN code 400001 for orders over ₹1: please pay online.",
    });
    expect((await offer("700001")).cod).toBe("allowed");
    const total = codTotal() * 100;
    // 10% of the total, but at least the ₹200 minimum, in whole rupees.
    const advance = Math.max(20_000, Math.ceil(total / 10 / 100) * 100);
    expect(await offer("600001")).toEqual({
      cod: "advance",
      total_minor: total,
      advance_minor: advance,
      at_door_minor: total - advance,
      sentence: `Cash on delivery here needs ${rupees(advance / 100)} paid online now; the rest, ${rupees((total - advance) / 100)}, is paid at the door.`,
    });
  });

  it("lets the most specific rule win: customer over PIN code over area (3 digits over 2) over the shop", async () => {
    await addRule({ scope: "shop", key: "", action: "prepaid_only" });
    await addRule({ scope: "area", key: "30", action: "allowed" });
    await addRule({ scope: "area", key: "302", action: "cap", cap_minor: 100 });
    await addRule({ scope: "pincode", key: "302004", action: "allowed" });
    await addRule({ scope: "customer", key: "Regular@Example.in", action: "allowed" });
    await addRule({ scope: "customer", key: "+91 98290 00001", action: "prepaid_only" });

    expect((await offer("560001")).sentence).toBe("Cash on delivery is not available: please pay online.");
    expect((await offer("301001")).cod).toBe("allowed");
    expect((await offer("302002")).sentence).toBe(
      "Cash on delivery is not available at PIN codes starting 302 for orders over ₹1: please pay online.",
    );
    expect((await offer("302004")).cod).toBe("allowed");
    expect((await offer("560001", { email: "regular@example.in" })).cod).toBe("allowed");
    // A customer's rule matched by what a guest typed never says whose: the sentence stays generic.
    expect(await offer("302004", { mobile_number: "9829000001" })).toMatchObject({
      cod: "refused",
      sentence: "Cash on delivery is not available for this order: please pay online.",
    });
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const cartId = await fillCart(app, lines(), "INR");
    for (const [query, path] of [
      [`cart_id=${cartId}&pin_code=11001`, "pin_code"],
      [`cart_id=${cartId}`, "pin_code"],
      [`cart_id=nope&pin_code=110001`, "cart_id"],
      [`cart_id=${cartId}&pin_code=110001&shipping_method=mule`, "shipping_method"],
    ] as const) {
      const res = await app.inject({ url: `/api/cod-offer/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(`querystring.${path}`);
    }
  });
});

describe("create-order enforces the rules", () => {
  it("refuses prepaid only and over the cap with a 422 and the same sentence, and stores nothing", async () => {
    await addRule({ scope: "pincode", key: "302001", action: "prepaid_only" });
    const cap = await addRule({ scope: "pincode", key: "302004", action: "cap", cap_minor: 100 });
    const before = await countRows(app);
    const refused = await codOrder("302001");
    expect(refused.res.statusCode).toBe(422);
    expect(refused.res.json()).toMatchObject({
      code: "COD_NOT_OFFERED",
      message: "Cash on delivery is not available at PIN code 302001: please pay online.",
    });
    const capped = await codOrder("302004");
    expect(capped.res.statusCode).toBe(422);
    expect(capped.res.json().message).toBe(
      "Cash on delivery is not available at PIN code 302004 for orders over ₹1: please pay online.",
    );
    expect(await countRows(app)).toEqual(before);
    // Under the cap it is plain cash on delivery: the e-mailed code as before.
    await call(app, owner, "PATCH", `/api/admin/cod-rules/${cap.id}`, { ...cap, cap_minor: 100_000_00 });
    const allowed = await codOrder("302004");
    expect(allowed.res.statusCode, allowed.res.body).toBe(200);
    expect(allowed.res.json().status).toBe("awaiting_confirmation");
  });

  it("an advance: the card provider is asked for it, its payment confirms the order, the courier collects the rest", async () => {
    await addRule({
      scope: "pincode",
      key: "302002",
      action: "advance",
      advance_percent: 10,
      advance_min_minor: 20_000,
    });
    const total = codTotal(2) * 100;
    const advance = Math.max(20_000, Math.ceil(total / 10 / 100) * 100);
    const { cartId, res } = await codOrder("302002", {}, 2);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({
      data: { id: expect.any(String), amount: advance, currency: "INR" },
      key: "rzp_test_simulator",
      order_id: expect.any(Number),
      test_mode: true,
      store_credit: 0,
      to_pay: (total - advance) / 100,
      cod_advance: advance / 100,
    });
    expect((await storedOrder(app, data.order_id)).order).toMatchObject({
      status: "pending_payment",
      paymentMethod: "cod",
      codAdvance: advance,
    });

    const paid = await payByCard(app, data.data.id, data.key);
    const verified = await verifyPayment(app, { amount: advance, razorpay: true, cart_id: cartId, ...paid });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().status).toBe("cod_confirmed");
    await webhooksSettled(app);
    const db = app.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, data.order_id));
    expect(order!.status).toBe("cod_confirmed");
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment).toMatchObject({ amount: advance, status: "captured" });
    const parcel = await db.transaction((tx) => parcelOf(tx, order!, "Primary", `ORDER-${order!.id}`));
    expect(parcel).toMatchObject({ cod: true, amountRupees: (total - advance) / 100 });
    // The order has its one online payment: the pay-now nudge (decision 094) leaves it alone.
    expect(await sendDueNudges(db, new Date(), { orderId: order!.id })).toBe(0);

    // Cancelled by the seller: the advance was money paid online, and goes back through the provider.
    const cancelled = await call(app, owner, "POST", `/api/admin/orders/${order!.id}/status`, {
      status: "cancelled",
      note: "Shopper asked",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const back = await db.select().from(refunds).where(eq(refunds.orderId, order!.id));
    expect(back.map((r) => r.amount)).toEqual([advance]);
  });
});

describe("defaults from the store's own history", () => {
  /** A COD order to `pin` that reached its end `daysAgo`. */
  async function ended(pin: string, email: string, rto: boolean, daysAgo = 3) {
    const { order } = await insertOrder(app, { paymentMethod: "cod", status: "shipped" });
    const outcome = rto ? "returned_to_origin" : "delivered";
    await app.database.db
      .update(orders)
      .set({ status: outcome, pinCode: pin, email, deliveryCountry: "IN" })
      .where(eq(orders.id, order.id));
    await app.database.db.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: "shipped",
      toStatus: outcome,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
  }

  it("flags a PIN code and a customer whose COD parcels came back too often; a rule overrides; off turns them off", async () => {
    // 110002: 4 of 5 back, clearly over 35%: flagged. 110005: 3 of 5 (60%) could be chance at 5 parcels: not.
    // 110003: 1 of 5 back, not. 110004: 3 of 4, too few parcels.
    for (const [i, rto] of [true, true, true, true, false].entries()) await ended("110002", `p${i}@example.in`, rto);
    for (const [i, rto] of [true, true, true, false, false].entries()) await ended("110005", `s${i}@example.in`, rto);
    for (const [i, rto] of [true, false, false, false, false].entries()) await ended("110003", `q${i}@example.in`, rto);
    for (const [i, rto] of [true, true, true, false].entries()) await ended("110004", `r${i}@example.in`, rto);
    // A customer, 2 of 2 back, and 3 more old enough to fall outside the look-back.
    for (const days of [1, 2]) await ended("560001", "often.back@example.in", true, days);
    for (const days of [400, 401, 402]) await ended("560001", "often.back@example.in", false, days);
    const history = (await call(app, owner, "GET", "/api/admin/cod-history")).json();
    expect(history.settings).toEqual({
      enabled: true,
      return_share_percent: 35,
      min_parcels: 5,
      lookback_days: 180,
      action: "advance",
      cap_minor: null,
      advance_percent: 10,
      advance_min_minor: 10_000,
    });
    expect(history.flagged).toEqual([{ scope: "pincode", key: "110002", parcels: 5, returned: 4, overridden: false }]);
    expect((await offer("110002")).cod).toBe("advance");
    expect((await offer("110003")).cod).toBe("allowed");
    expect((await offer("110005")).cod).toBe("allowed");

    // Two parcels are enough now: the customer is flagged too, by the e-mail a guest gives.
    const settings = {
      ...history.settings,
      min_parcels: 2,
      action: "prepaid_only",
      advance_percent: null,
      advance_min_minor: null,
    };
    const changed = await call(app, owner, "PUT", "/api/admin/cod-history", settings);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().flagged).toContainEqual({
      scope: "customer",
      key: "often.back@example.in",
      parcels: 2,
      returned: 2,
      overridden: false,
    });
    expect(await offer("302002", { email: "Often.Back@example.in" })).toMatchObject({
      cod: "refused",
      sentence: "Cash on delivery is not available for this order: please pay online.",
    });
    expect((await offer("110002")).sentence).toBe(
      "Cash on delivery is not available at PIN code 110002: please pay online.",
    );

    await addRule({ scope: "pincode", key: "110002", action: "allowed", note: "Our own courier there" });
    expect((await offer("110002")).cod).toBe("allowed");
    const listed = (await call(app, owner, "GET", "/api/admin/cod-history")).json().flagged;
    expect(listed.find((f: { key: string }) => f.key === "110002").overridden).toBe(true);

    await call(app, owner, "PUT", "/api/admin/cod-history", { ...settings, enabled: false });
    expect((await offer("302002", { email: "often.back@example.in" })).cod).toBe("allowed");
    await call(app, owner, "PUT", "/api/admin/cod-history", history.settings);
  });
});

describe("the back office's routes", () => {
  it("refuses bad rules and settings with a 400 naming the field, a second rule for a key with a 409", async () => {
    const stored = async () => ({
      rules: (await call(app, owner, "GET", "/api/admin/cod-rules")).json().data,
      history: (await call(app, owner, "GET", "/api/admin/cod-history")).json(),
    });
    const before = await stored();
    for (const [body, path] of [
      [{ scope: "pincode", key: "11001", action: "allowed" }, "key"],
      [{ scope: "area", key: "1", action: "allowed" }, "key"],
      [{ scope: "customer", key: "not a customer", action: "allowed" }, "key"],
      [{ scope: "shop", key: "all", action: "allowed" }, "key"],
      [{ scope: "pincode", key: "110001", action: "cap" }, "cap_minor"],
      [{ scope: "pincode", key: "110001", action: "allowed", cap_minor: 500 }, "cap_minor"],
      [{ scope: "pincode", key: "110001", action: "advance", advance_percent: 0 }, "advance_percent"],
      [{ scope: "pincode", key: "110001", action: "advance" }, "advance_percent"],
      [{ scope: "pincode", key: "110001", action: "sometimes" }, "action"],
      [{ scope: "planet", key: "110001", action: "allowed" }, "scope"],
    ] as const) {
      const res = await call(app, owner, "POST", "/api/admin/cod-rules", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(`body.${path}`);
    }
    const settings = {
      enabled: true,
      return_share_percent: 35,
      min_parcels: 5,
      lookback_days: 180,
      action: "advance",
      advance_percent: 10,
    };
    for (const [patch, path] of [
      [{ action: "allowed", advance_percent: null }, "action"],
      [{ lookback_days: 3 }, "lookback_days"],
      [{ return_share_percent: 0 }, "return_share_percent"],
    ] as const) {
      const res = await call(app, owner, "PUT", "/api/admin/cod-history", { ...settings, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(`body.${path}`);
    }
    expect(await stored()).toEqual(before);

    const rule = await addRule({ scope: "customer", key: " +91 98290 41234 ", action: "cap", cap_minor: 300_000 });
    expect(rule).toMatchObject({ scope: "customer", key: "9829041234", cap_minor: 300_000, advance_percent: null });
    const twice = await call(app, owner, "POST", "/api/admin/cod-rules", {
      scope: "customer",
      key: "9829041234",
      action: "allowed",
    });
    expect(twice.statusCode).toBe(409);
    const edited = await call(app, owner, "PATCH", `/api/admin/cod-rules/${rule.id}`, {
      scope: "customer",
      key: "9829041234",
      action: "advance",
      advance_percent: 20,
    });
    expect(edited.json()).toMatchObject({
      action: "advance",
      cap_minor: null,
      advance_percent: 20,
      advance_min_minor: 0,
    });
    expect(
      (await call(app, owner, "PATCH", "/api/admin/cod-rules/999999", { scope: "shop", action: "allowed" })).statusCode,
    ).toBe(404);
    expect((await call(app, owner, "DELETE", "/api/admin/cod-rules/999999")).statusCode).toBe(404);
  });

  it("is the owner's alone", async () => {
    const staff = await newStaff(app, owner);
    expect((await call(app, staff.headers, "GET", "/api/admin/cod-rules")).statusCode).toBe(403);
    expect((await call(app, staff.headers, "GET", "/api/admin/cod-history")).statusCode).toBe(403);
    expect((await call(app, {}, "GET", "/api/admin/cod-rules")).statusCode).toBe(401);
  });
});
