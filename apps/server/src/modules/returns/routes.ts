import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  RETURN_PHOTOS_MAX,
  photosBodyLimit,
  errorBodySchema,
  idParam,
  orderPageQuerySchema,
  returnRequestSchema,
  returnResponseSchema,
} from "@store/shared";
import { orderAccessOf } from "../orders/routes";

/** A shopper asks for a return or an exchange from the order's page (its owner, or its link's holder). */
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
};
