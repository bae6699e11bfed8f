import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  payNowPaidSchema,
  payNowParamsSchema,
  payNowPayRequestSchema,
  payNowPayResponseSchema,
  payNowTokenQuerySchema,
  payNowVerifySchema,
  payNowViewSchema,
} from "@store/shared";

const tags = ["pay now"];
const errors = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
};

/**
 * The shopper's "pay now" link (decision 094), from the nudge's message: no sign-in, the link's token is the key
 * (as a failed delivery's). Thin: link.ts decides.
 */
export const payNowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payNow } = app.services;
  app.addHook("onSend", async (_request, reply) => void reply.header("cache-control", "private, no-store"));

  app.get(
    "/api/pay-now/:id",
    {
      schema: {
        tags,
        summary: "A cash-on-delivery order as its pay-now link shows it: the lines and what paying now takes",
        params: payNowParamsSchema,
        querystring: payNowTokenQuerySchema,
        response: { 200: payNowViewSchema, ...errors },
      },
    },
    (request) => payNow.view(request.params.id, request.query.token),
  );

  app.post(
    "/api/pay-now/:id/pay",
    {
      schema: {
        tags,
        summary: "The provider's order for paying a cash-on-delivery order online now, for the widget",
        params: payNowParamsSchema,
        querystring: payNowTokenQuerySchema,
        body: payNowPayRequestSchema,
        response: { 200: payNowPayResponseSchema, ...errors },
      },
    },
    (request) => payNow.pay(request.params.id, request.query.token, request.body),
  );

  app.post(
    "/api/pay-now/verify-payment",
    {
      schema: {
        tags,
        summary: "The provider's proof of a pay-now payment: the order becomes prepaid (once, with the webhook)",
        body: payNowVerifySchema,
        response: { 200: payNowPaidSchema, ...errors },
      },
    },
    (request) => payNow.verify(request.body),
  );
};
