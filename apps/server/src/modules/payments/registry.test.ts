import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  simulatorPost,
  storedOrder,
  verifyPayment,
  webhooksSettled,
} from "../checkout/test-support";
import { createPaymentGateway } from "./gateway";
import { callProvider, jsonHeaders } from "./http";
import { header, WebhookRejected, type PaymentProvider } from "./provider";
import { PAYMENT_PROVIDERS } from "./providers";
import type { PaymentProviderPlugin, SimulatorOptions } from "./registry";

/**
 * Decision 065's promise: a provider is one adapter (a `PaymentProviderPlugin`), its simulator and one line of
 * registration. "Fakepay" below is all three, registered in this test's app only; an order goes through it
 * from create-order to the refund, with no other file knowing its name.
 */

type FakeOrder = { id: string; amount: number; currency: string; paymentId: string | null; refunded: number };
const orderBodySchema = z.object({ id: z.string(), amount: z.number(), currency: z.string() });
const paymentSchema = z.object({ order_id: z.string(), payment_id: z.string().nullable(), amount: z.number() });
const refundSchema = z.object({ id: z.string(), status: z.string() });
const sign = (orderId: string, paymentId: string) => `signed:${orderId}:${paymentId}`;

/** Fakepay's simulator: an in-memory API and the widget's "pay" button. */
const fakeSimulator: FastifyPluginAsync<SimulatorOptions> = async (app) => {
  const orders = new Map<string, FakeOrder>();
  const idOf = (params: unknown) => z.object({ id: z.string() }).parse(params).id;
  app.post("/orders", (request) => {
    const { amount, currency } = z.object({ amount: z.number(), currency: z.string() }).parse(request.body);
    const order = { id: `fake_${randomUUID()}`, amount, currency, paymentId: null, refunded: 0 };
    orders.set(order.id, order);
    return order;
  });
  app.post("/checkout/pay", (request) => {
    const order = orders.get(z.object({ order_id: z.string() }).parse(request.body).order_id);
    if (!order) throw new Error("no such order");
    order.paymentId ??= `fakepay_${randomUUID()}`;
    return { order_id: order.id, payment_id: order.paymentId, signature: sign(order.id, order.paymentId) };
  });
  app.get("/orders/:id", (request) => {
    const order = orders.get(idOf(request.params));
    return { order_id: order?.id ?? "", payment_id: order?.paymentId ?? null, amount: order?.amount ?? 0 };
  });
  app.post("/payments/:id/refund", (request) => {
    const order = [...orders.values()].find((o) => o.paymentId === idOf(request.params));
    if (!order) throw new Error("no such payment");
    order.refunded += z.object({ amount: z.number() }).parse(request.body).amount;
    return { id: `fakerefund_${order.refunded}`, status: "done" };
  });
};

function createFakepay(baseUrl: () => string, simulated: boolean): PaymentProvider {
  const url = (path: string) => `${baseUrl()}${path}`;
  const headers = jsonHeaders("Bearer fake");
  return {
    name: "fakepay",
    simulated,
    publicKey: "fakepay-public",
    async createOrder({ amount, currency }) {
      const body = JSON.stringify({ amount, currency });
      const order = await callProvider(url("/orders"), { method: "POST", headers, body }, orderBodySchema);
      return { id: order.id, raw: order };
    },
    verify: (proof) =>
      proof.paymentId !== undefined && proof.signature === sign(proof.providerOrderId, proof.paymentId),
    async capture(proof) {
      const paid = await callProvider(
        url(`/orders/${encodeURIComponent(proof.providerOrderId)}`),
        { method: "GET", headers },
        paymentSchema,
      );
      if (!paid.payment_id || paid.payment_id !== proof.paymentId) return { ok: false, reason: "not paid" };
      const payment = { providerOrderId: paid.order_id, paymentId: paid.payment_id, amount: paid.amount };
      return { ok: true, payment: { ...payment, currency: "INR", raw: paid } };
    },
    async refund({ paymentId, amount }) {
      const body = JSON.stringify({ amount });
      const refund = await callProvider(
        url(`/payments/${encodeURIComponent(paymentId)}/refund`),
        { method: "POST", headers, body },
        refundSchema,
      );
      return { refundId: refund.id, state: "refunded", raw: refund };
    },
    refundState: async () => "refunded",
    async parseWebhook(headers, rawBody) {
      if (header(headers, "x-fakepay-signature") !== "genuine") throw new WebhookRejected("not signed");
      return { eventId: header(headers, "x-fakepay-event") ?? "", type: "ping", capture: null, payload: rawBody };
    },
  };
}

const fakepay: PaymentProviderPlugin = {
  kind: "online",
  name: "fakepay",
  title: "Fakepay",
  offer: { label: "Fakepay", detail: "Pay with Fakepay.", currencies: ["INR"] },
  widgetOrigins: ["https://js.fakepay.example"],
  apiHost: () => "api.fakepay.example",
  real: () => null,
  simulated: (_credentials, baseUrl) => createFakepay(baseUrl, true),
  widgetScript: () => "https://js.fakepay.example/v1.js",
  simulator: { routes: fakeSimulator, widget: { path: "widget.js", source: () => "window.Fakepay = {};" } },
};

let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp({ paymentProviders: [...PAYMENT_PROVIDERS, fakepay] });
  const [picked] = await pickVariants(app, { minStock: 5 });
  if (!picked) throw new Error("no variant");
  variant = picked;
});
afterAll(async () => {
  await webhooksSettled(app);
  await app.close();
});

describe("a provider registered in one line (decision 065)", () => {
  it("is offered, takes an order from create-order through verify to a refund", async () => {
    const options = (await app.inject({ url: "/api/payment-options/" })).json<{ providers: { name: string }[] }>();
    expect(options.providers.find((p) => p.name === "fakepay")).toEqual({
      name: "fakepay",
      label: "Fakepay",
      detail: "Pay with Fakepay.",
      currencies: ["INR"],
      available: true,
      public_key: "fakepay-public",
      script_url: "/sim/fakepay/widget.js",
      test_mode: true,
    });
    expect((await app.inject({ url: "/sim/fakepay/widget.js" })).body).toBe("window.Fakepay = {};");

    const lines = [{ variant, quantity: 1 }];
    const cartId = await fillCart(app, lines, "INR");
    const total = pageTotal(lines, "INR");
    const created = await createOrder(app, { ...orderBody(cartId, "cod", "INR", total), payment_method: "fakepay" });
    expect(created.statusCode, created.body).toBe(200);
    const { id: providerOrderId, order_id: orderId } = created.json<{ id: string; order_id: number }>();
    expect(created.json()).toMatchObject({ amount: total, currency: "INR", client_id: "fakepay-public" });

    const paid = await simulatorPost<{ order_id: string; payment_id: string; signature: string }>(
      app,
      "fakepay/checkout/pay",
      { order_id: providerOrderId },
    );
    const forged = await verifyPayment(app, {
      payment_method: "fakepay",
      ...paid,
      signature: "forged",
      cart_id: cartId,
    });
    expect(forged.json()).toMatchObject({ code: "VERIFICATION_FAILED" });
    const verified = await verifyPayment(app, { payment_method: "fakepay", ...paid, cart_id: cartId });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ order_id: orderId, status: "paid" });
    const stored = await storedOrder(app, orderId);
    expect(stored.order).toMatchObject({ status: "paid", paymentMethod: "fakepay" });
    expect(stored.payment).toMatchObject({
      provider: "fakepay",
      status: "captured",
      providerPaymentId: paid.payment_id,
    });

    const { headers: admin } = await newAdmin(app);
    const cancelled = await call(app, admin, "POST", `/api/admin/orders/${orderId}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refund: { status: "refunded" }, order: { status: "refunded" } });
    expect((await storedOrder(app, orderId)).refunds).toMatchObject([
      { status: "refunded", amount: stored.order.total, providerRefundId: "fakerefund_" + stored.order.total },
    ]);
  });

  it("opens the CSP to its widget's origins only when it is real", () => {
    expect(createPaymentGateway(app.config, undefined, [fakepay]).widgetOrigins).toEqual([]);
    const real = { ...fakepay, real: () => createFakepay(() => "https://api.fakepay.example", false) };
    expect(createPaymentGateway(app.config, undefined, [real]).widgetOrigins).toEqual(["https://js.fakepay.example"]);
  });

  it("has its webhook route, signature-checked by its adapter", async () => {
    const post = (signature: string) =>
      app.inject({
        method: "POST",
        url: "/api/webhooks/fakepay",
        headers: { "content-type": "application/json", "x-fakepay-signature": signature, "x-fakepay-event": "evt_1" },
        payload: "{}",
      });
    expect((await post("forged")).json()).toMatchObject({ code: "INVALID_SIGNATURE" });
    expect((await post("genuine")).json()).toEqual({ received: true, duplicate: false });
    expect((await post("genuine")).json()).toEqual({ received: true, duplicate: true });
  });

  it("refuses a payment method no provider is registered under, as a bad field", async () => {
    const cartId = await fillCart(app, [{ variant }], "INR");
    const body = { ...orderBody(cartId, "cod", "INR", pageTotal([{ variant }], "INR")), payment_method: "stripe" };
    const res = await createOrder(app, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [
        { path: "body.payment_method", message: "payment_method must be razorpay, paypal, cod or store_credit" },
      ],
    });
    const verify = await verifyPayment(app, { payment_method: "stripe", order_id: "x", cart_id: cartId });
    expect(verify.statusCode).toBe(400);
  });
});
