import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SIMULATOR_PREFIX, type SimulatorCredentials } from "./credentials";
import { paypalSimulator } from "./paypal-sim";
import { razorpaySimulator } from "./razorpay-sim";
import { createWebhookSender, type WebhookSender } from "./webhooks";

export interface PaymentSimulator {
  /** The simulator's outgoing webhooks: tests hold, release and wait for them. */
  webhooks: WebhookSender;
  /** This install's simulator credentials (tests sign with them). */
  credentials: SimulatorCredentials;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Present only when some provider runs on the simulator. */
    paymentSimulator?: PaymentSimulator;
  }
}

const widget = (file: string) => readFileSync(new URL(`./widgets/${file}`, import.meta.url), "utf8");

/**
 * The provider simulator on our own origin (architecture page, section 6): Razorpay- and PayPal-compatible
 * APIs under /sim/razorpay and /sim/paypal, and their browser widgets as plain same-origin scripts, which
 * our CSP (script-src 'self', connect-src 'self') allows. Mounted only when a provider has no keys and the
 * simulator is allowed (see config.ts and gateway.ts).
 */
export const paymentSimulatorPlugin = fp<{ credentials: SimulatorCredentials }>(async (app: FastifyInstance, { credentials }) => {
  const webhooks = createWebhookSender((provider) => `${app.config.publicUrl.replace(/\/+$/, "")}/api/webhooks/${provider}`, app.log);
  app.decorate("paymentSimulator", { webhooks, credentials });
  // Deliveries under way are answered while the server still accepts them and the database is open.
  app.addHook("preClose", () => webhooks.settled());

  const scripts = { "razorpay/checkout.js": widget("razorpay-checkout.js"), "paypal/sdk.js": widget("paypal-sdk.js") };
  for (const [path, source] of Object.entries(scripts)) {
    app.get(`${SIMULATOR_PREFIX}/${path}`, { schema: { hide: true } }, (_request, reply) =>
      reply.header("content-type", "text/javascript; charset=utf-8").header("cache-control", "no-cache").send(source));
  }
  await app.register(razorpaySimulator, { prefix: `${SIMULATOR_PREFIX}/razorpay`, sender: webhooks, credentials });
  await app.register(paypalSimulator, { prefix: `${SIMULATOR_PREFIX}/paypal`, sender: webhooks, credentials });
}, { name: "payment-simulator" });
