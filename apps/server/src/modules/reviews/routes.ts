import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  REVIEW_PHOTOS_MAX,
  REVIEW_THANKS,
  photosBodyLimit,
  customerReviewListResponseSchema,
  errorBodySchema,
  idParam,
  orderPageQuerySchema,
  productReviewsQuerySchema,
  productReviewsResponseSchema,
  reviewLineParams,
  reviewRequestSchema,
  reviewSentResponseSchema,
} from "@store/shared";
import { orderAccessOf } from "../orders/routes";

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviews } = app.services;

  app.post(
    "/api/orders/:id/lines/:lineId/review",
    {
      preHandler: app.optionalUser,
      bodyLimit: photosBodyLimit(REVIEW_PHOTOS_MAX),
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: "1 minute" } },
      schema: {
        tags: ["reviews"],
        summary: "The buyer's review of one delivered order line (stars, title, text, fit, up to three photos)",
        params: reviewLineParams,
        querystring: orderPageQuerySchema,
        body: reviewRequestSchema,
        response: {
          201: reviewSentResponseSchema,
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
      const id = await reviews.write(access, request.params.id, request.params.lineId, request.body);
      return reply.code(201).send({ id, message: REVIEW_THANKS });
    },
  );

  app.get(
    "/api/products/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary: "A product's approved reviews, newest first, with their summary (404 for an unknown product)",
        params: z.object({ id: idParam }),
        querystring: productReviewsQuerySchema,
        response: { 200: productReviewsResponseSchema, 404: errorBodySchema },
      },
    },
    (request) => reviews.productReviews(request.params.id, request.query),
  );

  app.get(
    "/api/customer-reviews/",
    {
      schema: {
        tags: ["content"],
        summary: "Approved customer reviews, newest first",
        response: { 200: customerReviewListResponseSchema },
      },
    },
    () => reviews.customerReviews(),
  );
};
