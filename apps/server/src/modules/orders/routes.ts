import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  errorBodySchema,
  idParam,
  orderLookupRequestSchema,
  orderLookupResponseSchema,
  orderPageQuerySchema,
  orderResponseSchema,
  ordersResponseSchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import type { OrderAccess } from "./reader";

/** Who may see an order: the holder of its page's `?token=`, or else the signed-in shopper (401 without one). */
export function orderAccessOf(request: FastifyRequest<{ Querystring: { token?: string } }>): OrderAccess {
  const { token } = request.query;
  return token === undefined ? { userId: signedInUser(request).id } : { token };
}

/** A shopper's orders: the account's list, one order's page (for its owner or its link's holder), the lookup. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app.services;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
  // One shopper's order: never kept by a browser's or a proxy's cache.
  app.addHook("onSend", async (_request, reply) => void reply.header("cache-control", "private, no-store"));

  app.get(
    "/api/orders/",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["orders"],
        summary: "The signed-in shopper's orders, newest first",
        response: { 200: ordersResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await orders.list(signedInUser(request).id) }),
  );

  app.get(
    "/api/orders/:id",
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ["orders"],
        summary:
          "One order with its lines and timeline: the signed-in shopper's own, or any with the `token` of its e-mailed link",
        params: z.object({ id: idParam }),
        querystring: orderPageQuerySchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => {
      return { data: await orders.get(orderAccessOf(request), request.params.id) };
    },
  );

  app.post(
    "/api/orders/lookup",
    {
      // Guessing an order's e-mail or phone number takes many tries; a few a minute per address is plenty.
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: "1 minute" } },
      schema: {
        tags: ["orders"],
        summary:
          "Find an order's page by its number and the e-mail, or the phone number with its country code, it was placed with; tries are limited per client and per order number (429)",
        body: orderLookupRequestSchema,
        response: { 200: orderLookupResponseSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => ({
      data: await orders.lookup(request.body.order_number, request.body.contact, request.ip),
    }),
  );
};
