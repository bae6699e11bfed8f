import { endInNine, formatMoney, MESSAGES, priceIn } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { basicAuth } from "../payments/http";
import {
  approvePayPal,
  countRows,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  stockOf,
  storedOrder,
  verifyPayment,
  webhooksSettled,
} from "./test-support";

let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  const [picked] = await pickVariants(app, { minStock: 10 });
  if (!picked) throw new Error("no variant");
  variant = picked;
});
afterEach(async () => {
  app.paymentSimulator?.webhooks.release();
  await webhooksSettled(app);
});
afterAll(() => app.close());

/** A USD cart with `quantity` pieces and its PayPal order. */
async function walletOrder(quantity = 1) {
  const lines = [{ variant, quantity }];
  const cartId = await fillCart(app, lines, "USD");
  const total = pageTotal(lines, "USD");
  const res = await createOrder(app, orderBody(cartId, "paypal", "USD", total));
  expect(res.statusCode).toBe(200);
  return { cartId, total, paypalOrderId: res.json().id as string, orderId: res.json().order_id as number };
}

describe("wallet payment (PayPal) through the simulator", () => {
  it("creates the order, approves and verifies (captures): paid, stock taken, cart emptied", async () => {
    app.paymentSimulator?.webhooks.hold();
    const before = await stockOf(app, variant);
    const lines = [{ variant, quantity: 2 }];
    const cartId = await fillCart(app, lines, "USD");
    const total = pageTotal(lines, "USD");

    const created = await createOrder(app, orderBody(cartId, "paypal", "USD", total));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      order_id: expect.any(Number),
      amount: total,
      currency: "USD",
      client_id: "simulator-paypal-client-id",
      test_mode: true,
      store_credit: 0,
      to_pay: total,
    });
    const { id, order_id: orderId } = created.json();

    const approval = await approvePayPal(app, id);
    const verified = await verifyPayment(app, {
      amount: total * 100,
      razorpay: false,
      cart_id: cartId,
      orderID: approval.orderID,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ order_id: orderId, status: "paid" });

    const stored = await storedOrder(app, orderId);
    expect(stored.order).toMatchObject({
      status: "paid",
      paymentMethod: "paypal",
      currency: "USD",
      total: total * 100,
      rounding: 0,
      isTest: true,
    });
    expect(stored.lines.map((l) => [l.productId, l.size, l.unitPrice, l.quantity])).toEqual([
      [variant.productId, variant.size, priceIn("USD", variant.offerCents) * 100, 2],
    ]);
    expect(stored.payment).toMatchObject({
      provider: "paypal",
      providerOrderId: id,
      status: "captured",
      amount: total * 100,
      currency: "USD",
    });
    expect(stored.payment?.providerPaymentId).toMatch(/^[A-Z0-9]{17}$/);
    expect(await stockOf(app, variant)).toBe(before - 2);
    expect((await app.inject({ url: `/api/get-cart-items/?cart_id=${cartId}` })).json().data).toEqual([]);

    // Replayed verify: same answer, no second capture; then the late PAYMENT.CAPTURE.COMPLETED changes nothing.
    const again = await verifyPayment(app, { amount: total * 100, razorpay: false, cart_id: cartId, order_id: id });
    expect(again.json()).toEqual(verified.json());
    const rows = await countRows(app);
    app.paymentSimulator?.webhooks.release();
    await webhooksSettled(app);
    expect((await countRows(app)).webhookEvents).toBe(rows.webhookEvents + 1);
    expect(await stockOf(app, variant)).toBe(before - 2);
    expect((await storedOrder(app, orderId)).events).toHaveLength(2);
  });

  it("charges the INR wallet total raised to end in 9 (spec section 9)", async () => {
    const lines = [{ variant, quantity: 2 }]; // two prices ending in 9 sum to one ending in 8
    const cartId = await fillCart(app, lines, "INR");
    const exact = pageTotal(lines, "INR");
    const wallet = endInNine(exact);
    expect(wallet).toBe(exact + 1);

    const unrounded = await createOrder(app, orderBody(cartId, "paypal", "INR", exact));
    expect(unrounded.statusCode).toBe(409);
    expect(unrounded.json().message).toBe(
      `The order total changed to ${formatMoney(wallet, "INR")}. Please review your cart.`,
    );

    const res = await createOrder(app, orderBody(cartId, "paypal", "INR", wallet));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: wallet, currency: "INR" });
    const { order } = await storedOrder(app, res.json().order_id);
    expect(order).toMatchObject({ subtotal: exact * 100, rounding: 100, total: wallet * 100 });
  });

  it("answers 422 with the capture message when the payer has not approved, and keeps the order open", async () => {
    const { cartId, paypalOrderId, orderId } = await walletOrder();
    const res = await verifyPayment(app, { razorpay: false, cart_id: cartId, order_id: paypalOrderId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: MESSAGES.captureFailed, code: "CAPTURE_FAILED", errors: [] });
    expect((await storedOrder(app, orderId)).order.status).toBe("pending_payment");
    expect(
      (await verifyPayment(app, { razorpay: false, cart_id: cartId, order_id: "UNKNOWNORDER12345" })).statusCode,
    ).toBe(400);
    expect((await verifyPayment(app, { razorpay: false, cart_id: cartId })).statusCode).toBe(400);
  });

  it("reconciles a capture the browser never reported through the PAYMENT.CAPTURE.COMPLETED webhook", async () => {
    const before = await stockOf(app, variant);
    const { paypalOrderId, orderId } = await walletOrder();
    await approvePayPal(app, paypalOrderId);
    // Captured at PayPal (say by a verify whose answer never reached us), then silence from the browser.
    const base = `${app.config.publicUrl}/sim/paypal`;
    const paypal = app.paymentSimulator?.credentials.paypal;
    if (!paypal) throw new Error("the simulator is not running");
    const token = await fetch(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: basicAuth(paypal.clientId, paypal.clientSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const capture = await fetch(`${base}/v2/checkout/orders/${paypalOrderId}/capture`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(capture.status).toBe(201);
    await webhooksSettled(app);
    expect((await storedOrder(app, orderId)).order.status).toBe("paid");
    expect(await stockOf(app, variant)).toBe(before - 1);
  });

  it("refuses a PayPal webhook whose signature PayPal does not confirm", async () => {
    const rows = await countRows(app);
    const event = JSON.stringify({
      id: "WH-FORGED",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: { id: "CAPTURE", amount: { currency_code: "USD", value: "1.00" } },
    });
    const headers = {
      "content-type": "application/json",
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": "https://api.paypal.com/cert",
      "paypal-transmission-id": "b0c2b7d0-1111-2222-3333-444455556666",
      "paypal-transmission-time": new Date().toISOString(),
      "paypal-transmission-sig": "Zm9yZ2Vk",
    };
    const forged = await app.inject({ method: "POST", url: "/api/webhooks/paypal", headers, payload: event });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe("INVALID_SIGNATURE");
    const unsigned = await app.inject({
      method: "POST",
      url: "/api/webhooks/paypal",
      headers: { "content-type": "application/json" },
      payload: event,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await countRows(app)).toEqual(rows);
  });
});
