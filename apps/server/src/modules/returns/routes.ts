import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  RETURN_PHOTOS_MAX,
  photosBodyLimit,
  errorBodySchema,
  idParam,
  orderPageQuerySchema,
  returnParcelSentSchema,
  returnRequestSchema,
  returnResponseSchema,
} from "@store/shared";
import { orderAccessOf } from "../orders/routes";

/**
 * A shopper asks for a return or an exchange from the order's page (its owner, or its link's holder), and from
 * abroad says which parcel they sent back.
 */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { returns } = app.services;
  app.post(
    "/api/orders/:id/returns",
    {
      preHandler: app.optionalUser,
      bodyLimit: photosBodyLimit(RETURN_PHOTOS_MAX),
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: "1 minute" } },
      schema: {
        tags: ["orders"],
        summary:
          "Ask for a return or a size exchange of pieces of a delivered order, within 48 hours of delivery, with up to three photos",
        params: z.object({ id: idParam }),
        querystring: orderPageQuerySchema,
        body: returnRequestSchema,
        response: {
          201: returnResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          413: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const access = orderAccessOf(request);
      return reply.code(201).send({ data: await returns.ask(access, request.params.id, request.body) });
    },
  );

  app.post(
    "/api/orders/:id/returns/:returnId/parcel",
    {
      preHandler: app.optionalUser,
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: "1 minute" } },
      schema: {
        tags: ["orders"],
        summary:
          "Tell the seller the carrier and tracking number of the parcel sent back for an approved return of an order delivered abroad",
        params: z.object({ id: idParam, returnId: idParam }),
        querystring: orderPageQuerySchema,
        body: returnParcelSentSchema,
        response: {
          200: returnResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { id, returnId } = request.params;
      return { data: await returns.sendParcel(orderAccessOf(request), id, returnId, request.body) };
    },
  );
};
