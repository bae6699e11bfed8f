import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addCartItemRequestSchema,
  cartResponseSchema,
  errorBodySchema,
  getCartQuerySchema,
  removeCartItemRequestSchema,
  restoreCartRequestSchema,
  updateCartItemRequestSchema,
} from "@store/shared";

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = app.services.cart;
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    422: errorBodySchema,
  };
  // Guests allowed; with a token the cart is the user's (see accounts/auth-plugin.ts for bad tokens).
  const common = { preHandler: app.optionalUser };
  // A cart is one shopper's: no shared cache may keep or replay it.
  app.addHook("onSend", async (_request, reply) => void reply.header("cache-control", "private, no-store"));

  app.get(
    "/api/get-cart-items/",
    {
      ...common,
      schema: {
        tags: ["cart"],
        summary: "The cart (by cart_id, or the signed-in user's)",
        querystring: getCartQuerySchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    (request) => cart.get(request.query, request.user),
  );

  app.post(
    "/api/cart-items/",
    {
      ...common,
      schema: {
        tags: ["cart"],
        summary: "Add pieces of a product size to the cart (a new cart without cart_id)",
        body: addCartItemRequestSchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    (request) => cart.add(request.body, request.user),
  );

  app.post(
    "/api/update-cart-item/",
    {
      ...common,
      schema: {
        tags: ["cart"],
        summary: "Set the quantity of a cart line",
        body: updateCartItemRequestSchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    (request) => cart.update(request.body, request.user),
  );

  app.post(
    "/api/remove-cart-items/",
    {
      ...common,
      schema: {
        tags: ["cart"],
        summary: "Remove a cart line",
        body: removeCartItemRequestSchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    (request) => cart.remove(request.body, request.user),
  );

  app.post(
    "/api/cart/restore/",
    {
      ...common,
      schema: {
        tags: ["cart"],
        summary: "Bring back the pieces of a cart reminder's signed link (404 for a forged or expired one)",
        body: restoreCartRequestSchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    (request) => cart.restore(request.body, request.user),
  );
};
