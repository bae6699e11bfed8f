import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  stockAlertConfirmationSchema,
  stockAlertConfirmSchema,
  stockAlertRequestSchema,
  stockAlertResponseSchema,
  wishlistIdsResponseSchema,
  wishlistMergeRequestSchema,
  wishlistProductParamsSchema,
  wishlistProductsQuerySchema,
  wishlistQuerySchema,
  wishlistResponseSchema,
  wishlistSaveRequestSchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wishlist, stockAlerts } = app.services;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };
  const signedIn = { preHandler: app.requireUser };

  app.get(
    "/api/wishlist/",
    {
      ...signedIn,
      schema: {
        tags: ["wishlist"],
        summary: "The signed-in shopper's saved products, newest first, priced today in the currency",
        querystring: wishlistQuerySchema,
        response: { 200: wishlistResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header("cache-control", "private, no-store")
        .send(await wishlist.list(signedInUser(request), request.query.currency)),
  );

  app.get(
    "/api/wishlist/products",
    {
      schema: {
        tags: ["wishlist"],
        summary: "A guest's browser-held wishlist shown as the server prices it (unknown ids are left out)",
        querystring: wishlistProductsQuerySchema,
        response: { 200: wishlistResponseSchema, 400: errorBodySchema },
      },
    },
    (request) => wishlist.itemsFor(request.query.ids, request.query.currency),
  );

  app.put(
    "/api/wishlist/:productId",
    {
      ...signedIn,
      schema: {
        tags: ["wishlist"],
        summary:
          "Save a product with the size chosen (idempotent; again with a size: that size); unknown or withdrawn: 404",
        params: wishlistProductParamsSchema,
        body: wishlistSaveRequestSchema,
        response: { 200: wishlistIdsResponseSchema, ...errors },
      },
    },
    (request) => wishlist.add(signedInUser(request), request.params.productId, request.body?.size),
  );

  app.delete(
    "/api/wishlist/:productId",
    {
      ...signedIn,
      schema: {
        tags: ["wishlist"],
        summary: "Remove a saved product (idempotent)",
        params: wishlistProductParamsSchema,
        response: { 200: wishlistIdsResponseSchema, ...errors },
      },
    },
    (request) => wishlist.remove(signedInUser(request), request.params.productId),
  );

  app.post(
    "/api/wishlist/merge",
    {
      ...signedIn,
      schema: {
        tags: ["wishlist"],
        summary: "Add a guest's saved products at login (unknown or withdrawn ones are skipped)",
        body: wishlistMergeRequestSchema,
        response: { 200: wishlistIdsResponseSchema, ...errors },
      },
    },
    (request) => wishlist.merge(signedInUser(request), request.body.product_ids, request.body.sizes),
  );

  app.post(
    "/api/stock-alerts/",
    {
      preHandler: app.optionalUser,
      // Each alert may send an e-mail to the address given: as tight a budget as the contact form.
      config: { rateLimit: { max: app.config.contactRateLimitMax, timeWindow: "1 minute" } },
      schema: {
        tags: ["wishlist"],
        summary: "E-mail me once when this sold-out size is back (a guest gives the address)",
        body: stockAlertRequestSchema,
        response: {
          200: stockAlertResponseSchema,
          201: stockAlertResponseSchema,
          ...errors,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { created, answer } = await stockAlerts.subscribe(request.body, request.user);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  // The confirmation link's page reads what it confirms, then its button confirms it (a mail scanner that
  // opens links confirms nothing).
  const confirmErrors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };
  const confirmLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: "1 minute" } };
  app.get(
    "/api/stock-alerts/confirm",
    {
      config: confirmLimit,
      schema: {
        tags: ["wishlist"],
        summary: "What a back-in-stock confirmation link confirms (404 for a link not valid or expired)",
        querystring: stockAlertConfirmSchema,
        response: { 200: stockAlertConfirmationSchema, ...confirmErrors },
      },
    },
    (request) => stockAlerts.check(request.query.token),
  );
  app.post(
    "/api/stock-alerts/confirm",
    {
      config: confirmLimit,
      schema: {
        tags: ["wishlist"],
        summary: "Confirm the address of a back-in-stock confirmation link: its alerts will be sent",
        body: stockAlertConfirmSchema,
        response: { 200: stockAlertConfirmationSchema, ...confirmErrors },
      },
    },
    (request) => stockAlerts.confirm(request.body.token),
  );
};
