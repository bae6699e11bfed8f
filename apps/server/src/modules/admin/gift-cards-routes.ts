import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminGiftCardProductsSchema,
  adminGiftCardsSchema,
  giftCardParamsSchema,
  giftCardProductInputSchema,
  giftCardProductSchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS } from "./route-kit";

const tags = ["admin: gift cards"];

/** Gift cards (issue 42): owner-only, as every route outside the staff allowlist is (decision 027). */
export const adminGiftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { giftCards } = app.services.admin;

  app.get(
    "/gift-card-products",
    {
      schema: {
        tags,
        summary: "Every gift card product, on sale or not",
        response: { 200: adminGiftCardProductsSchema, ...ADMIN_ERRORS },
      },
    },
    () => giftCards.products(),
  );

  app.post(
    "/gift-card-products",
    {
      schema: {
        tags,
        summary: "A new gift card product (fixed amounts and/or a range); audited",
        body: giftCardProductInputSchema,
        response: { 200: giftCardProductSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => giftCards.create(signedInUser(request), request.body),
  );

  app.put(
    "/gift-card-products/:id",
    {
      schema: {
        tags,
        summary: "Change a gift card product (cards already bought keep theirs); audited",
        params: giftCardParamsSchema,
        body: giftCardProductInputSchema,
        response: { 200: giftCardProductSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => giftCards.update(signedInUser(request), request.params.id, request.body),
  );

  app.get(
    "/gift-cards",
    {
      schema: {
        tags,
        summary: "Cards sold, newest first, codes masked; what the shop owes in cards not yet redeemed",
        response: { 200: adminGiftCardsSchema, ...ADMIN_ERRORS },
      },
    },
    () => giftCards.cards(),
  );
};
