import { visitorOf } from "../numbers/routes";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BANK_TRANSFER_METHOD,
  bankTransferReference,
  codOfferQuerySchema,
  codOfferSchema,
  codOrderResponseSchema,
  confirmCodRequestSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
  dutiesEstimateQuerySchema,
  dutiesNoticeSchema,
  errorBodySchema,
  reorderRequestSchema,
  reorderResponseSchema,
  shippingFeesResponseSchema,
  shippingPromiseQuerySchema,
  shippingPromiseSchema,
  shippingQuoteQuerySchema,
  shippingQuoteSchema,
  STORE_CREDIT_METHOD,
  toMajorUnits,
  type CreateOrderResponse,
} from "@store/shared";

import type { CreatedOrder } from "./service";
import { signedInUser } from "../accounts/auth-plugin";
import type { OrderRow } from "../orders/transitions";
import { confirmationPagePath } from "../orders/reader";
import { creditPaying, toPayByMethod, toPayOnline } from "../orders/refund-policy";

/**
 * The store credit spent and what is left to pay by the method, major units (decision 088); with cash on
 * delivery's advance (decision 093), the advance paid online and `to_pay` what the courier collects.
 */
const paidWithCredit = (order: OrderRow) => ({
  store_credit: toMajorUnits(creditPaying(order)),
  to_pay: toMajorUnits(toPayByMethod(order)),
  ...(order.codAdvance > 0 && { cod_advance: toMajorUnits(order.codAdvance) }),
});

const placed = <S extends "cod_confirmed" | "paid">(order: OrderRow, status: S) => ({
  order_id: order.id,
  status,
  amount: order.total / 100,
  currency: order.currency as "INR" | "USD",
  order_page: confirmationPagePath(order),
  ...paidWithCredit(order),
});
const codConfirmed = (order: OrderRow) => placed(order, "cod_confirmed");

/**
 * The spec's answer per method: the card provider's (Razorpay) id at data.data.id, the wallet's (PayPal) at
 * id (spec section 7); any other registered provider answers as the wallet does (decision 065).
 */
function orderResponse(outcome: CreatedOrder): CreateOrderResponse {
  const { order } = outcome;
  const currency = order.currency as "INR" | "USD";
  if (!("providerOrderId" in outcome)) {
    if (outcome.method === STORE_CREDIT_METHOD) return placed(order, "paid");
    if (outcome.method === BANK_TRANSFER_METHOD)
      return {
        order_id: order.id,
        status: "pending_payment",
        payment_method: BANK_TRANSFER_METHOD,
        amount: order.total / 100,
        currency,
        order_page: confirmationPagePath(order),
        reference: bankTransferReference(order.id),
        pay_by: (order.expiresAt ?? new Date()).toISOString(),
        ...paidWithCredit(order),
      };
    if (order.status !== "awaiting_confirmation") return codConfirmed(order);
    const code = outcome.code ?? { channel: "email" as const, sentTo: order.email ?? "", whatsappAvailable: false };
    const where = code.channel === "whatsapp" ? `on WhatsApp to ${code.sentTo}` : `to ${code.sentTo}`;
    return {
      order_id: order.id,
      status: "awaiting_confirmation",
      amount: order.total / 100,
      currency,
      email: order.email ?? "",
      expires_at: (order.expiresAt ?? new Date()).toISOString(),
      message: `We have sent a 6-digit code ${where}. Enter it to place your order; until then nothing is reserved.`,
      channel: code.channel,
      sent_to: code.sentTo,
      whatsapp_available: code.whatsappAvailable,
      ...paidWithCredit(order),
    };
  }
  if (outcome.method === "razorpay")
    return {
      data: {
        data: { id: outcome.providerOrderId, amount: toPayOnline(order), currency },
        key: outcome.publicKey,
        order_id: order.id,
        test_mode: order.isTest,
        ...paidWithCredit(order),
      },
    };
  return {
    id: outcome.providerOrderId,
    order_id: order.id,
    amount: order.total / 100,
    currency,
    client_id: outcome.publicKey,
    test_mode: order.isTest,
    ...paidWithCredit(order),
  };
}

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout } = app.services;
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    422: errorBodySchema,
    429: errorBodySchema,
    503: errorBodySchema,
  };
  app.addHook("onSend", async (_request, reply) => void reply.header("cache-control", "private, no-store"));

  app.post(
    "/api/reorder/",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["checkout"],
        summary:
          "Put a past order of the caller's back in their cart at today's prices, naming the pieces that could not be added",
        body: reorderRequestSchema,
        response: { 200: reorderResponseSchema, ...errors },
      },
    },
    (request) => checkout.reorder(signedInUser(request), request.body.order_id),
  );

  app.post(
    "/api/create-order/",
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ["checkout"],
        summary:
          "Turn the cart into an order: a provider order to pay (card, wallet), or a confirmed cash-on-delivery order",
        body: createOrderRequestSchema,
        response: { 200: createOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const created = await checkout.createOrder(request.body, request.user, { ip: request.ip });
      // The seller's numbers (decision 105): the order joins this shopper's visit of the day, unless declined.
      const visitor = await visitorOf(
        request,
        (input) => app.services.geo.countryFor(input),
        app.config.cdnCountryHeader,
      );
      await app.services.numbers.orderPlaced(visitor, created.order.id);
      return orderResponse(created);
    },
  );

  app.post(
    "/api/confirm-cod-order/",
    {
      preHandler: app.optionalUser,
      // Codes are six digits: a few guesses a minute per address, besides the few per order.
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: "1 minute" } },
      schema: {
        tags: ["checkout"],
        summary:
          "Confirm a cash-on-delivery order with the code e-mailed to the shopper: the order is placed and its stock taken",
        body: confirmCodRequestSchema,
        response: { 200: codOrderResponseSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => codConfirmed(await checkout.confirmCashOnDelivery(request.body, request.user)),
  );

  app.get(
    "/api/cod-offer/",
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ["checkout"],
        summary:
          "Before the shopper chooses how to pay: whether the seller's rules offer cash on delivery for this cart at this PIN code (allowed, with an advance paid online, or refused) and the sentence to show",
        querystring: codOfferQuerySchema,
        response: { 200: codOfferSchema, ...errors },
      },
    },
    (request) => checkout.codOffer(request.query, request.user),
  );

  app.get(
    "/api/shipping-fees/",
    {
      schema: {
        tags: ["checkout"],
        summary:
          "The shipping fees the seller sets, by method, in whole rupees and dollars: what the checkout's delivery choice and the shipping policy show",
        response: { 200: shippingFeesResponseSchema },
      },
    },
    () => checkout.shippingFees(),
  );

  app.get(
    "/api/shipping-promise/",
    {
      schema: {
        tags: ["checkout"],
        summary:
          "The delivery promise to a country: each offered method's business days and its fee for one piece of the product, from the seller's rate cards abroad",
        querystring: shippingPromiseQuerySchema,
        response: { 200: shippingPromiseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) =>
      checkout.shippingPromise({
        productId: request.query.product_pk,
        country: request.query.country,
        currency: request.query.currency,
      }),
  );

  app.get(
    "/api/shipping-quote/",
    {
      schema: {
        tags: ["checkout"],
        summary:
          "What each shipping method offered to a country costs this cart (international methods from the seller's rate cards by chargeable weight)",
        querystring: shippingQuoteQuerySchema,
        response: { 200: shippingQuoteSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) =>
      checkout.shippingQuote(
        { cartId: request.query.cart_id, country: request.query.country, currency: request.query.currency },
        request.user,
      ),
  );

  app.get(
    "/api/duties-estimate/",
    {
      preHandler: app.optionalUser,
      schema: {
        tags: ["checkout"],
        summary:
          "What the buyer is told about import duties and taxes for the cart delivered to a country: the estimate where the shop keeps a rule, collected with the order where the seller chose delivered duty paid (null for India)",
        querystring: dutiesEstimateQuerySchema,
        response: {
          200: z.object({ duties: dutiesNoticeSchema.nullable() }),
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { duties: await checkout.dutiesEstimate(request.query, request.user) };
    },
  );
};
