import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema, storeCreditViewSchema } from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";

/** The shopper's store credit (issue 42): the balance in each currency and every movement. */
export const storeCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storeCredit } = app.services;
  app.get(
    "/api/store-credit/",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["store credit"],
        summary: "The signed-in shopper's store credit: balances per currency and its history, newest first",
        response: { 200: storeCreditViewSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.header("cache-control", "private, no-store").send(await storeCredit.forShopper(signedInUser(request).id)),
  );
};
