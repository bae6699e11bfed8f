import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addressCheckAnswerSchema,
  addressCheckLinkViewSchema,
  errorBodySchema,
  ndrIdParams,
  ndrLinkQuerySchema,
} from "@store/shared";

/**
 * The shopper's confirm-or-correct page for a flagged address (decision 092), from the seller's message: no
 * sign-in, the link's token is the key (as a failed delivery's). Thin: address-checks.ts decides.
 */
export const addressCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.addressChecks;
  const tags = ["shipping"];
  const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 410: errorBodySchema };
  app.addHook("onSend", async (_request, reply) => void reply.header("cache-control", "private, no-store"));

  app.get(
    "/api/address-checks/:id",
    {
      schema: {
        tags,
        summary: "An order's delivery address as its confirm-or-correct link shows it (the order's id, the token)",
        params: ndrIdParams,
        querystring: ndrLinkQuerySchema,
        response: { 200: addressCheckLinkViewSchema, ...errors },
      },
    },
    (request) => service.linkView(request.params.id, request.query.token),
  );

  app.post(
    "/api/address-checks/:id/answer",
    {
      schema: {
        tags,
        summary: "The shopper confirms the address, or corrects the street address and phone; once, before booking",
        params: ndrIdParams,
        querystring: ndrLinkQuerySchema,
        body: addressCheckAnswerSchema,
        response: { 200: addressCheckLinkViewSchema, ...errors },
      },
    },
    (request) => service.answer(request.params.id, request.query.token, request.body),
  );
};
