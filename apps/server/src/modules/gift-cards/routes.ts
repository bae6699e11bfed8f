import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  giftCardPaidSchema,
  giftCardParamsSchema,
  giftCardProductSchema,
  giftCardProductsSchema,
  giftCardPurchaseResponseSchema,
  giftCardPurchaseSchema,
  giftCardRedeemedSchema,
  giftCardRedeemSchema,
  giftCardVerifySchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";

const tags = ["gift cards"];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** Gift cards (issue 42, decision 089): on sale, bought and paid for, and redeemed into store credit. */
export const giftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { giftCards } = app.services;
  app.addHook("onSend", async (request, reply) => {
    if (request.method !== "GET") reply.header("cache-control", "private, no-store");
  });

  app.get(
    "/api/gift-cards/",
    { schema: { tags, summary: "The gift cards on sale", response: { 200: giftCardProductsSchema } } },
    () => giftCards.onSale(),
  );

  app.get(
    "/api/gift-cards/:id",
    {
      schema: {
        tags,
        summary: "One gift card on sale",
        params: giftCardParamsSchema,
        response: { 200: giftCardProductSchema, ...errors },
      },
    },
    (request) => giftCards.product(request.params.id),
  );

  app.post(
    "/api/gift-cards/purchase",
    {
      // A guest may buy; a signed-in buyer's account is kept on the card.
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: "Buy a gift card for someone: stored awaiting payment, with the provider's order for the widget",
        body: giftCardPurchaseSchema,
        response: { 200: giftCardPurchaseResponseSchema, ...errors },
      },
    },
    (request) => giftCards.purchase(request.body, request.user?.id ?? null),
  );

  app.post(
    "/api/gift-cards/verify-payment",
    {
      schema: {
        tags,
        summary: "The provider's proof of a gift card's payment: the card paid (and sent, when due today)",
        body: giftCardVerifySchema,
        response: { 200: giftCardPaidSchema, ...errors },
      },
    },
    (request) => giftCards.verify(request.body),
  );

  app.post(
    "/api/gift-cards/redeem",
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Add a gift card's code to the signed-in shopper's store credit (tries limited per shopper and address)",
        body: giftCardRedeemSchema,
        response: { 200: giftCardRedeemedSchema, ...errors },
      },
    },
    (request) => giftCards.redeem(signedInUser(request).id, request.body.code, request.ip),
  );
};
