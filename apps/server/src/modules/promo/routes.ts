import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  promoNotApplicableSchema,
  validatePromoRequestSchema,
  validatePromoResponseSchema,
} from "@store/shared";

export const promoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/validate-promo-code/",
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ["promo"],
        summary: "Check a promo code against an amount, or against a cart (cart_id), and answer the discount",
        body: validatePromoRequestSchema,
        response: {
          200: validatePromoResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          422: promoNotApplicableSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await app.services.promo.validate(request.body, request.user);
      return outcome.ok ? outcome.applied : reply.status(422).send({ ...outcome.refusal, errors: [] });
    },
  );
};
