import type { FastifyPluginAsync } from "fastify";
import { isCarrierName } from "@store/shared";
import { notFound } from "../../lib/failures";

/**
 * `POST /api/shipping/webhook`: the courier's tracking updates. The body stays a raw string in this
 * plugin's scope; the service checks the token and reads it.
 */
export const shippingWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
  // Not rate limited: couriers deliver bursts from few addresses, and every delivery carries the token.
  app.post(
    "/api/shipping/webhook",
    { config: { rateLimit: false }, schema: { tags: ["shipping"], summary: "Courier tracking webhook (Shiprocket)" } },
    async (request) => {
      const raw = typeof request.body === "string" ? request.body : "";
      return app.services.shipping.webhook(request.headers, raw);
    },
  );
  // Every other carrier's (carriers.ts): its name in the path, its own token in the request.
  app.post<{ Params: { carrier: string } }>(
    "/api/shipping/webhook/:carrier",
    { config: { rateLimit: false }, schema: { tags: ["shipping"], summary: "A carrier's tracking webhook" } },
    async (request) => {
      const { carrier } = request.params;
      if (!isCarrierName(carrier)) throw notFound("Carrier");
      const raw = typeof request.body === "string" ? request.body : "";
      return app.services.shipping.webhook(request.headers, raw, carrier);
    },
  );
};
