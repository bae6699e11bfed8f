import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SimulatorControl } from "../../http/simulator-control";

const runBody = z.object({
  /** The time the run acts as of (default: now), to step past the seller's delay without waiting for it. */
  now: z.iso.datetime({ offset: true, error: "now must be an ISO date-time" }).optional(),
  /** Only this order, so parallel tests never message each other's shoppers. */
  order_id: z.number().int().positive().optional(),
});

/**
 * `POST /sim/jobs/pay-now`: one run of the "pay now" job at once, for the browser tests, the bench's simulation and
 * the demo (the job itself runs every minute). Mounted with the simulators (app.ts), so never in production; only
 * the owner or a script holding the install's simulator secret may run it: it messages shoppers.
 */
export const payNowClockRoutes: FastifyPluginAsyncZod<{ control: SimulatorControl }> = async (app, { control }) => {
  app.post("/sim/jobs/pay-now", { schema: { hide: true, body: runBody }, onRequest: control }, async (request) => ({
    sent: await app.services.payNow.sendDue(request.body.now ? new Date(request.body.now) : undefined, {
      orderId: request.body.order_id,
    }),
  }));
};
