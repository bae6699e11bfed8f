import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema, ndrAnswerSchema, ndrIdParams, ndrLinkQuerySchema, ndrLinkViewSchema } from "@store/shared";

/**
 * The shopper's answer to a failed delivery, reached from the link in their WhatsApp or e-mail: no sign-in,
 * the link's token is the key (as an order page's). Thin: the service decides (ndr-service.ts).
 */
export const failedDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.shipping.failedDeliveries;
  const tags = ["shipping"];
  const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 410: errorBodySchema };
  app.addHook("onSend", async (_request, reply) => void reply.header("cache-control", "private, no-store"));

  app.get(
    "/api/deliveries/:id",
    {
      schema: {
        tags,
        summary: "A failed delivery attempt, as its link shows it to the shopper (the dates to choose from)",
        params: ndrIdParams,
        querystring: ndrLinkQuerySchema,
        response: { 200: ndrLinkViewSchema, ...errors },
      },
    },
    (request) => service.linkView(request.params.id, request.query.token),
  );

  app.post(
    "/api/deliveries/:id/answer",
    {
      schema: {
        tags,
        summary:
          "The shopper's choice after a failed attempt: reattempt on a date (address or phone corrected) or cancel; once",
        params: ndrIdParams,
        querystring: ndrLinkQuerySchema,
        body: ndrAnswerSchema,
        response: { 200: ndrLinkViewSchema, ...errors },
      },
    },
    (request) => service.answer(request.params.id, request.query.token, request.body),
  );
};
