import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { notFound } from "../../lib/failures";

/**
 * The carriers' tracking webhooks: `POST /api/shipping/webhook/:carrier`, and a carrier's own path where it
 * declares one (Shiprocket's `/api/shipping/webhook`). The body stays a raw string in this plugin's scope;
 * the carrier's adapter checks the token and reads it.
 */
export const shippingWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
  const receive = (request: FastifyRequest, carrier: string) =>
    app.services.shipping.webhook(request.headers, typeof request.body === "string" ? request.body : "", carrier);
  const { gateway } = app.services.shipping;
  // Not rate limited: couriers deliver bursts from few addresses, and every delivery carries the token.
  for (const { name, title, webhookPath } of gateway.plugins)
    if (webhookPath)
      app.post(
        webhookPath,
        {
          config: { rateLimit: false },
          schema: { tags: ["shipping"], summary: `Courier tracking webhook (${title})` },
        },
        (request) => receive(request, name),
      );
  app.post<{ Params: { carrier: string } }>(
    "/api/shipping/webhook/:carrier",
    { config: { rateLimit: false }, schema: { tags: ["shipping"], summary: "A carrier's tracking webhook" } },
    async (request) => {
      const { carrier } = request.params;
      if (!gateway.knows(carrier)) throw notFound("Carrier");
      return receive(request, carrier);
    },
  );
};
