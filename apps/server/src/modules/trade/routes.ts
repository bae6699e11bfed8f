import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  tradeApplicationSchema,
  tradeApplyRequestSchema,
  tradeListPricesQuerySchema,
  tradeListPricesResponseSchema,
  tradeProductQuerySchema,
  tradeProductResponseSchema,
  tradeStatusResponseSchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";

/** A signed-in account's trade application (decision 097). */
export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const trade = app.services.trade;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema };
  app.addHook("onSend", async (_request, reply) => void reply.header("cache-control", "private, no-store"));

  app.get(
    "/api/trade/",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["trade"],
        summary: "The caller's latest trade application (null: none)",
        response: { 200: tradeStatusResponseSchema, ...errors },
      },
    },
    (request) => trade.status(signedInUser(request)),
  );

  app.get(
    "/api/trade/product/",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["trade"],
        summary:
          "A product's trade price per size and its minimum and case pack, for an approved trade buyer (else none)",
        querystring: tradeProductQuerySchema,
        response: { 200: tradeProductResponseSchema, ...errors },
      },
    },
    (request) => trade.productTerms(signedInUser(request), request.query.product_pk, request.query.currency),
  );

  app.get(
    "/api/trade/prices/",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["trade"],
        summary: "Trade prices of the listed products' cards, for an approved trade buyer (else none)",
        querystring: tradeListPricesQuerySchema,
        response: { 200: tradeListPricesResponseSchema, ...errors },
      },
    },
    (request) => trade.listPrices(signedInUser(request), request.query.product_pks, request.query.currency),
  );

  app.post(
    "/api/trade/apply/",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["trade"],
        summary: "Apply for a trade account: GSTIN, business name, what it buys, expected monthly purchases",
        body: tradeApplyRequestSchema,
        response: { 200: tradeApplicationSchema, ...errors },
      },
    },
    (request) => trade.apply(signedInUser(request), request.body),
  );
};
