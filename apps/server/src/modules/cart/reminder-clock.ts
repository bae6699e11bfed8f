import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SimulatorControl } from "../../http/simulator-control";

const sweepBody = z.object({
  /** The time the sweep acts as of: a day or more ahead, as if the shopper had really left the cart that long. */
  now: z.iso.datetime({ offset: true, error: "now must be an ISO date-time" }),
  /** Only this shopper's carts, so parallel tests never e-mail each other's shoppers. */
  email: z.email("email must be an e-mail address").max(254).optional(),
});

/**
 * `POST /sim/jobs/cart-reminders`: runs one reminder sweep as of a later time, for the browser tests and the
 * demo (nobody waits 24 hours). Mounted with the simulators (app.ts, `config.simulator`), so never in
 * production; the production job always sweeps as of the clock. Only the owner or a script holding the
 * install's simulator secret may run it: it e-mails shoppers.
 */
export const cartReminderClockRoutes: FastifyPluginAsyncZod<{ control: SimulatorControl }> = async (
  app,
  { control },
) => {
  app.post(
    "/sim/jobs/cart-reminders",
    { schema: { hide: true, body: sweepBody }, onRequest: control },
    async (request) => ({
      sent: await app.services.cart.sendReminders(new Date(request.body.now), { email: request.body.email }),
    }),
  );
};
