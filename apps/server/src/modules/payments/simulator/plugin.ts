import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import type { SimulatorControl } from "../../../http/simulator-control";
import { SIMULATOR_PREFIX, type SimulatorCredentials } from "./credentials";
import { onlinePlugins, webhookPath, type PaymentProviderPlugin } from "../registry";
import { createOutages, type Outages } from "./outages";
import { createWebhookSender, type WebhookSender } from "./webhooks";

const outageBody = z.object({
  refunds: z.number().int().min(0).max(100),
  pending_refunds: z.number().int().min(0).max(100).optional(),
});

export interface PaymentSimulator {
  /** The simulator's outgoing webhooks: tests hold, release and wait for them. */
  webhooks: WebhookSender;
  /** Failures on demand (refunds answering 503). */
  outages: Outages;
  /** This install's simulator credentials (tests sign with them). */
  credentials: SimulatorCredentials;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Present only when some provider runs on the simulator. */
    paymentSimulator?: PaymentSimulator;
  }
}

/**
 * The provider simulators on our own origin (architecture page, section 6): each registered provider's
 * compatible API under /sim/<name> (Razorpay's, PayPal's), and its browser widget as a plain same-origin
 * script, which our CSP (script-src 'self', connect-src 'self') allows. Mounted only when a provider has no
 * keys and the simulator is allowed (see config.ts and gateway.ts).
 */
export const paymentSimulatorPlugin = fp<{
  credentials: SimulatorCredentials;
  control: SimulatorControl;
  plugins: readonly PaymentProviderPlugin[];
}>(
  async (app: FastifyInstance, { credentials, control, plugins }) => {
    const webhooks = createWebhookSender(
      (provider) => `${app.config.publicUrl.replace(/\/+$/, "")}${webhookPath(provider)}`,
      app.log,
    );
    const outages = createOutages();
    app.decorate("paymentSimulator", { webhooks, outages, credentials });
    // Deliveries under way are answered while the server still accepts them and the database is open.
    app.addHook("preClose", () => webhooks.settled());

    for (const { name, simulator } of onlinePlugins(plugins)) {
      const { path, source } = simulator.widget;
      app.get(`${SIMULATOR_PREFIX}/${name}/${path}`, { schema: { hide: true } }, (_request, reply) =>
        reply
          .header("content-type", "text/javascript; charset=utf-8")
          .header("cache-control", "no-cache")
          .send(source()),
      );
    }
    app.post(`${SIMULATOR_PREFIX}/outages`, { schema: { hide: true }, onRequest: control }, (request, reply) => {
      const refunds = outageBody.safeParse(request.body);
      if (!refunds.success)
        return reply.status(400).send({
          message:
            "Send { refunds: n, pending_refunds?: m }: how many refund calls should fail, and how many be left pending.",
          code: "BAD_REQUEST",
          errors: [],
        });
      outages.failRefunds(refunds.data.refunds);
      outages.pendRefunds(refunds.data.pending_refunds ?? 0);
      return refunds.data;
    });
    for (const { name, simulator } of onlinePlugins(plugins))
      await app.register(simulator.routes, {
        prefix: `${SIMULATOR_PREFIX}/${name}`,
        db: app.database.db,
        sender: webhooks,
        outages,
        credentials,
      });
  },
  { name: "payment-simulator" },
);
