import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  errorBodySchema,
  paymentOptionsResponseSchema,
  verifyPaymentRequestSchema,
  verifyPaymentResponseSchema,
} from "@store/shared";

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.services.payments;
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    409: errorBodySchema,
    422: errorBodySchema,
    503: errorBodySchema,
  };
  app.addHook("onSend", async (_request, reply) => void reply.header("cache-control", "private, no-store"));

  app.post(
    "/api/verify-payment/",
    {
      // A token is checked when sent; the payment proof, not the session, decides.
      preHandler: app.optionalUser,
      schema: {
        tags: ["payments"],
        summary: "Confirm a payment (Razorpay signature, or PayPal capture) and mark the order paid",
        body: verifyPaymentRequestSchema,
        response: { 200: verifyPaymentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await payments.verify(request.body);
      if (!outcome.ok) throw outcome.refusal;
      return {
        message: "Payment successful. Thank you for your order!",
        order_id: outcome.orderId,
        status: outcome.status,
      };
    },
  );

  app.get(
    "/api/payment-options/",
    {
      schema: {
        tags: ["payments"],
        summary: "Which payment methods the checkout offers and the widget script to load for each",
        response: { 200: paymentOptionsResponseSchema },
      },
    },
    () => payments.options(),
  );
};
