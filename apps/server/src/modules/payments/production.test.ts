import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createTestApp } from "../../testing/test-app";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createOrder, fillCart, orderBody, pageTotal, verifyPayment } from "../checkout/test-support";
import { createPaymentGateway } from "./gateway";
import { simulatorCredentials } from "./simulator/credentials";

describe("when the simulator may run (config)", () => {
  it("runs outside production, in production only with SIMULATOR=1, and never with SIMULATOR=0", () => {
    expect(loadConfig({ NODE_ENV: "development" }).simulator).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).simulator).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).simulator).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SIMULATOR: "1" }).simulator).toBe(true);
    expect(loadConfig({ NODE_ENV: "development", SIMULATOR: "0" }).simulator).toBe(false);
  });

  it("uses configured keys against the real APIs (base URLs configurable) instead of the simulator", () => {
    const config = loadConfig({
      NODE_ENV: "development",
      RAZORPAY_KEY_ID: "rzp_live_x",
      RAZORPAY_KEY_SECRET: "s",
      PAYPAL_ENV: "live",
    });
    expect(config.razorpay).toMatchObject({ keyId: "rzp_live_x", baseUrl: "https://api.razorpay.com" });
    expect(config.paypal.baseUrl).toBe("https://api-m.paypal.com");
    expect(loadConfig({ PAYPAL_BASE_URL: "http://localhost:9999/" }).paypal.baseUrl).toBe("http://localhost:9999");
    const gateway = createPaymentGateway(config, simulatorCredentials("an install's secret"));
    expect(gateway.provider("razorpay")).toMatchObject({ simulated: false, publicKey: "rzp_live_x" });
    expect(gateway.provider("paypal")?.simulated).toBe(true); // no PayPal keys, and not production
    expect(createPaymentGateway(loadConfig({ NODE_ENV: "production" })).provider("paypal")).toBeNull();
  });
});

describe("production without provider keys", () => {
  let app: FastifyInstance;
  let variant: PickedVariant;
  beforeAll(async () => {
    const production = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent" });
    app = await createTestApp({ config: { env: "production", simulator: production.simulator } });
    const [picked] = await pickVariants(app, { minStock: 3 });
    if (!picked) throw new Error("no variant");
    variant = picked;
  });
  afterAll(() => app.close());

  it("refuses online payment with a clear 503 and serves no simulator", async () => {
    const inr = await fillCart(app, [{ variant }], "INR");
    const total = pageTotal([{ variant }], "INR");
    for (const body of [orderBody(inr, "razorpay", "INR", total * 100), orderBody(inr, "paypal", "INR", total)]) {
      const res = await createOrder(app, body);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: "Online payment is not configured.",
        code: "PAYMENT_NOT_CONFIGURED",
        errors: [],
      });
    }
    expect((await verifyPayment(app, { razorpay: false, order_id: "ANY" })).statusCode).toBe(503);
    for (const url of ["/sim/razorpay/checkout.js", "/sim/paypal/sdk.js", "/sim/razorpay/v1/orders"]) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
    expect((await app.inject({ url: "/api/payment-options/" })).json()).toMatchObject({
      razorpay: { available: false },
      paypal: { available: false },
    });
  });

  it("still takes cash on delivery (confirmed with an e-mailed code)", async () => {
    const cartId = await fillCart(app, [{ variant }], "INR");
    const res = await createOrder(
      app,
      orderBody(cartId, "cod", "INR", pageTotal([{ variant }], "INR", { shipping: 39 }), {
        email: "cod.production@example.in",
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("awaiting_confirmation");
  });
});

describe("the simulator's widgets (development and tests)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false });
  });
  afterAll(() => app.close());

  it("are same-origin scripts with a JavaScript content type, allowed by our CSP", async () => {
    for (const [url, global] of [
      ["/sim/razorpay/checkout.js", "window.Razorpay"],
      ["/sim/paypal/sdk.js", "window.paypal"],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      // Scripts from our own origin only: no inline script is needed, or allowed, outside the pages' nonces.
      expect(res.headers["content-security-policy"]).toMatch(/(^|;)script-src 'self';/);
      expect(res.body).toContain(global);
      expect(res.body).not.toMatch(/\beval\(|new Function\(/);
    }
    expect((await app.inject({ url: "/api/payment-options/" })).json()).toEqual({
      razorpay: {
        available: true,
        key_id: "rzp_test_simulator",
        script_url: "/sim/razorpay/checkout.js",
        test_mode: true,
      },
      paypal: {
        available: true,
        client_id: "simulator-paypal-client-id",
        script_url: "/sim/paypal/sdk.js",
        test_mode: true,
      },
      // The registry's list, in the order the checkout offers them (decision 065).
      providers: [
        {
          name: "razorpay",
          label: "Cards, UPI, net banking",
          detail: "Pay securely with Razorpay.",
          currencies: ["INR", "USD"],
          available: true,
          public_key: "rzp_test_simulator",
          script_url: "/sim/razorpay/checkout.js",
          test_mode: true,
        },
        {
          name: "paypal",
          label: "PayPal",
          detail: "Pay with your PayPal account, or a card through PayPal.",
          currencies: ["INR", "USD"],
          available: true,
          public_key: "simulator-paypal-client-id",
          script_url: "/sim/paypal/sdk.js",
          test_mode: true,
        },
      ],
      cod: { currencies: ["INR"], shipping_fee: 39 },
    });
  });

  it("answers the simulated provider APIs only with the simulator's credentials", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/sim/razorpay/v1/orders",
      payload: { amount: 100, currency: "INR" },
      headers: { authorization: "Basic bm9wZTpub3Bl" },
    });
    expect(res.statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: "/sim/paypal/v2/checkout/orders", payload: {} })).statusCode).toBe(
      401,
    );
  });
});
