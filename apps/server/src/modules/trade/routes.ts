import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  tradeApplicationSchema,
  tradeApplyRequestSchema,
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
