import { eq } from "drizzle-orm";
import { formatMoney, MESSAGES, priceIn } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pickVariants } from "../cart/test-support";
import { promoCodes } from "../promo/tables";
import {
  countRows,
  createListeningTestApp,
  createOrder,
  emailsTo,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  stockOf,
  storedOrder,
  verifyPayment,
  webhooksSettled,
} from "./test-support";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createListeningTestApp();
});
afterEach(async () => {
  app.paymentSimulator?.webhooks.release();
  await webhooksSettled(app);
});
afterAll(() => app.close());

const getCart = (cartId: string) => app.inject({ url: `/api/get-cart-items/?cart_id=${cartId}` });

/** A fresh INR cart of two products (2 + 1 pieces) and its card order, created. */
async function cardOrder(extra: Record<string, unknown> = {}) {
  const [a, b] = await pickVariants(app, { minStock: 5, count: 2 });
  if (!a || !b) throw new Error("no variants");
  const lines = [{ variant: a, quantity: 2 }, { variant: b }];
  const cartId = await fillCart(app, lines, "INR");
  const total = pageTotal(lines, "INR");
  const res = await createOrder(app, orderBody(cartId, "razorpay", "INR", total * 100, extra));
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  return {
    a,
    b,
    cartId,
    total,
    rzpOrderId: data.data.id as string,
    key: data.key as string,
    orderId: data.order_id as number,
  };
}

describe("card payment (Razorpay) through the simulator", () => {
  it("creates the order, pays and verifies: paid, line snapshots, stock taken, cart emptied, e-mail queued", async () => {
    app.paymentSimulator?.webhooks.hold(); // the browser is back before the webhooks
    const [a, b] = await pickVariants(app, { minStock: 5, count: 2 });
    if (!a || !b) throw new Error("no variants");
    const lines = [{ variant: a, quantity: 2 }, { variant: b }];
    const cartId = await fillCart(app, lines, "INR");
    const before = [await stockOf(app, a), await stockOf(app, b)];
    const total = pageTotal(lines, "INR");

    const created = await createOrder(
      app,
      orderBody(cartId, "razorpay", "INR", total * 100, { email: "card.buyer@example.in" }),
    );
    expect(created.statusCode).toBe(200);
    const { data } = created.json();
    expect(data).toEqual({
      data: { id: expect.stringMatching(/^order_\w{14}$/), amount: total * 100, currency: "INR" },
      key: "rzp_test_simulator",
      order_id: expect.any(Number),
      test_mode: true,
      store_credit: 0,
      to_pay: total,
    });
    // Held from the moment the order exists: nobody else can buy these pieces while the shopper pays.
    expect([await stockOf(app, a), await stockOf(app, b)]).toEqual([before[0]! - 2, before[1]! - 1]);

    const paid = await payByCard(app, data.data.id, data.key);
    const verified = await verifyPayment(app, { amount: total * 100, razorpay: true, cart_id: cartId, ...paid });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message: expect.any(String),
      order_id: data.order_id,
      status: "paid",
      order_page: expect.stringMatching(new RegExp(`^/orders/${data.order_id}\\?token=[0-9a-f]{64}&placed=1$`)),
    });

    const stored = await storedOrder(app, data.order_id);
    expect(stored.order).toMatchObject({
      status: "paid",
      paymentMethod: "razorpay",
      currency: "INR",
      rateMilli: 33600,
      subtotal: total * 100,
      discount: 0,
      shipping: 0,
      rounding: 0,
      total: total * 100,
      isTest: true,
      cartId,
      deliveryName: "Asha Meena",
      city: "Jaipur",
      pinCode: "302002",
      email: "card.buyer@example.in",
    });
    expect(stored.lines.map((l) => [l.productId, l.productName, l.size, l.unitPrice, l.unitMrp, l.quantity])).toEqual([
      [a.productId, a.name, a.size, priceIn("INR", a.offerCents) * 100, priceIn("INR", a.mrpCents) * 100, 2],
      [b.productId, b.name, b.size, priceIn("INR", b.offerCents) * 100, priceIn("INR", b.mrpCents) * 100, 1],
    ]);
    expect(stored.payment).toMatchObject({
      provider: "razorpay",
      providerOrderId: data.data.id,
      providerPaymentId: paid.razorpay_payment_id,
      status: "captured",
      amount: total * 100,
    });
    expect(stored.events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, "pending_payment"],
      ["pending_payment", "paid"],
    ]);
    expect([await stockOf(app, a), await stockOf(app, b)]).toEqual([before[0]! - 2, before[1]! - 1]);
    expect((await getCart(cartId)).json().data).toEqual([]);
    const mail = await emailsTo(app, "card.buyer@example.in");
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain(`order #${data.order_id} is confirmed`);
    expect(mail[0]?.text).toContain(formatMoney(total, "INR"));

    // The late webhooks (payment.captured, order.paid) are recorded and change nothing.
    const rowsBefore = await countRows(app);
    app.paymentSimulator?.webhooks.release();
    await webhooksSettled(app);
    expect((await countRows(app)).webhookEvents).toBe(rowsBefore.webhookEvents + 2);
    expect((await storedOrder(app, data.order_id)).events).toHaveLength(2);
    expect([await stockOf(app, a), await stockOf(app, b)]).toEqual([before[0]! - 2, before[1]! - 1]);
    expect(await emailsTo(app, "card.buyer@example.in")).toHaveLength(1);
  });

  it("answers a replayed verify the same way and takes the stock once", async () => {
    const { a, cartId, total, rzpOrderId, key, orderId } = await cardOrder();
    const held = await stockOf(app, a);
    const paid = await payByCard(app, rzpOrderId, key);
    const body = { amount: total * 100, razorpay: true, cart_id: cartId, ...paid };
    const first = await verifyPayment(app, body);
    const again = await verifyPayment(app, body);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    await webhooksSettled(app);
    expect(await stockOf(app, a)).toBe(held);
    expect((await storedOrder(app, orderId)).events.filter((e) => e.toStatus === "paid")).toHaveLength(1);
  });

  it("refuses a wrong signature with 400 and changes nothing", async () => {
    app.paymentSimulator?.webhooks.hold();
    const { a, cartId, total, rzpOrderId, key, orderId } = await cardOrder();
    const before = await stockOf(app, a);
    const paid = await payByCard(app, rzpOrderId, key);
    for (const signature of [
      paid.razorpay_signature.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
      "",
      "not-a-signature",
    ]) {
      const res = await verifyPayment(app, {
        amount: total * 100,
        razorpay: true,
        cart_id: cartId,
        ...paid,
        razorpay_signature: signature,
      });
      expect(res.statusCode).toBe(400);
      if (signature)
        expect(res.json()).toEqual({ message: MESSAGES.verificationFailed, code: "VERIFICATION_FAILED", errors: [] });
    }
    // A genuine signature for another order's payment proves nothing about this one.
    const other = await cardOrder();
    const swapped = await verifyPayment(app, {
      razorpay: true,
      cart_id: cartId,
      ...paid,
      razorpay_order_id: other.rzpOrderId,
    });
    expect(swapped.statusCode).toBe(400);
    const stored = await storedOrder(app, orderId);
    expect(stored.order.status).toBe("pending_payment");
    expect(stored.payment?.status).toBe("created");
    expect(await stockOf(app, a)).toBe(before);
    expect((await getCart(cartId)).json().data).toHaveLength(2);
  });

  it("reconciles a payment whose browser never came back through the webhook", async () => {
    const { a, cartId, rzpOrderId, key, orderId } = await cardOrder({ email: "gone@example.in" });
    const held = await stockOf(app, a);
    await payByCard(app, rzpOrderId, key); // paid, then the tab was closed: no verify-payment
    await webhooksSettled(app);
    const stored = await storedOrder(app, orderId);
    expect(stored.order.status).toBe("paid");
    expect(stored.payment?.status).toBe("captured");
    expect(await stockOf(app, a)).toBe(held);
    expect((await getCart(cartId)).json().data).toEqual([]);
    expect(await emailsTo(app, "gone@example.in")).toHaveLength(1);
  });

  it("refuses a tampered amount with 409 before any provider order exists", async () => {
    const [a] = await pickVariants(app, { minStock: 2 });
    if (!a) throw new Error("no variant");
    const cartId = await fillCart(app, [{ variant: a }], "INR");
    const total = pageTotal([{ variant: a }], "INR");
    const before = await countRows(app);
    for (const amount of [(total - 100) * 100, total, 100]) {
      const res = await createOrder(app, orderBody(cartId, "razorpay", "INR", amount));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: `The order total changed to ${formatMoney(total, "INR")}. Please review your cart.`,
        code: "AMOUNT_MISMATCH",
        errors: [],
      });
    }
    expect(await countRows(app)).toEqual(before);
  });

  it("gives two tabs checking out the same cart one order and one provider order", async () => {
    const [a] = await pickVariants(app, { minStock: 2 });
    if (!a) throw new Error("no variant");
    const cartId = await fillCart(app, [{ variant: a }], "INR");
    const amount = pageTotal([{ variant: a }], "INR") * 100;
    const before = await countRows(app);
    const [one, two] = await Promise.all([
      createOrder(app, orderBody(cartId, "razorpay", "INR", amount)),
      createOrder(app, orderBody(cartId, "razorpay", "INR", amount, { name: "Asha M." })),
    ]);
    expect(one.statusCode).toBe(200);
    expect(two.json().data).toEqual(one.json().data);
    expect(await countRows(app)).toMatchObject({ orders: before.orders + 1, payments: before.payments + 1 });
  });

  it("recomputes the promo discount at order time and refuses a bigger one", async () => {
    app.paymentSimulator?.webhooks.hold();
    const [a] = await pickVariants(app, { minStock: 3 });
    if (!a) throw new Error("no variant");
    const lines = [{ variant: a, quantity: 2 }];
    const cartId = await fillCart(app, lines, "INR");
    const subtotal = pageTotal(lines, "INR");
    const discount = Math.floor(subtotal / 10); // WELCOME10: 10% off, rounded down
    const [promoBefore] = await app.database.db.select().from(promoCodes).where(eq(promoCodes.code, "WELCOME10"));

    const greedy = await createOrder(
      app,
      orderBody(cartId, "razorpay", "INR", (subtotal - discount - 50) * 100, { promo_code: "welcome10" }),
    );
    expect(greedy.statusCode).toBe(409);
    expect(greedy.json().code).toBe("AMOUNT_MISMATCH");
    const unknown = await createOrder(
      app,
      orderBody(cartId, "razorpay", "INR", subtotal * 100, { promo_code: "NOSUCHCODE" }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: "PROMO_NOT_APPLICABLE" });

    const res = await createOrder(
      app,
      orderBody(cartId, "razorpay", "INR", (subtotal - discount) * 100, { promo_code: "welcome10" }),
    );
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    const paid = await payByCard(app, data.data.id, data.key);
    expect((await verifyPayment(app, { razorpay: true, cart_id: cartId, ...paid })).statusCode).toBe(200);
    const { order } = await storedOrder(app, data.order_id);
    expect(order).toMatchObject({
      promoCode: "WELCOME10",
      subtotal: subtotal * 100,
      discount: discount * 100,
      total: (subtotal - discount) * 100,
    });
    const [promoAfter] = await app.database.db.select().from(promoCodes).where(eq(promoCodes.code, "WELCOME10"));
    expect(promoAfter?.usedCount).toBe((promoBefore?.usedCount ?? 0) + 1);
  });

  it("leaves the order awaiting payment when the card is declined in the widget", async () => {
    const { rzpOrderId, key, orderId } = await cardOrder();
    const declined = await fetch(`${app.config.publicUrl}/sim/razorpay/checkout/fail`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key_id: key, order_id: rzpOrderId }),
    });
    const { error } = (await declined.json()) as { error: { description: string } };
    expect(error.description).toMatch(/failed/);
    await webhooksSettled(app);
    expect((await storedOrder(app, orderId)).order.status).toBe("pending_payment");
  });
});
