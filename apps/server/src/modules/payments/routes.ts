import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BANK_TRANSFER_METHOD,
  COD_SHIPPING_FEE_INR,
  errorBodySchema,
  paymentOptionsResponseSchema,
  verifyPaymentRequestSchema,
  verifyPaymentResponseSchema,
  type PaymentOptionsResponse,
  type VerifyPaymentRequest,
} from "@store/shared";
import type { PaymentProof, ProviderName } from "./provider";
import type { PaymentOffer } from "./service";

/**
 * The spec's verify payload read into a provider and its proof: `razorpay: true` is the card provider's
 * three values, `razorpay: false` the wallet's order id; any other provider names itself (decision 065).
 * The one place outside the adapters that knows the spec's two providers, with `spec` below.
 */
function proofOf(body: VerifyPaymentRequest): { name: ProviderName; proof: PaymentProof } {
  if ("payment_method" in body)
    return {
      name: body.payment_method,
      proof: { providerOrderId: body.order_id, paymentId: body.payment_id, signature: body.signature },
    };
  if (body.razorpay)
    return {
      name: "razorpay",
      proof: {
        providerOrderId: body.razorpay_order_id,
        paymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      },
    };
  return { name: "paypal", proof: { providerOrderId: body.order_id ?? body.orderID ?? "" } };
}

/** The options as the storefront first read them, one block per spec provider, beside the registry's list. */
function spec(offers: PaymentOffer[]): PaymentOptionsResponse {
  const offer = (name: string) => offers.find((o) => o.name === name);
  const block = (o: PaymentOffer | undefined) => ({
    available: o?.available ?? false,
    script_url: o?.script_url ?? null,
    test_mode: o?.test_mode ?? false,
  });
  const razorpay = offer("razorpay");
  const paypal = offer("paypal");
  return {
    razorpay: { ...block(razorpay), key_id: razorpay?.public_key ?? null },
    paypal: { ...block(paypal), client_id: paypal?.public_key ?? null },
    cod: { currencies: ["INR"], shipping_fee: COD_SHIPPING_FEE_INR },
    providers: offers,
  };
}

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
        summary:
          "Confirm a payment (Razorpay signature, PayPal capture, or another provider's) and mark the order paid",
        body: verifyPaymentRequestSchema,
        response: { 200: verifyPaymentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { name, proof } = proofOf(request.body);
      const { orderId, status, orderPage } = await payments.verify(name, proof);
      return {
        message: "Payment successful. Thank you for your order!",
        order_id: orderId,
        status,
        order_page: orderPage,
      };
    },
  );

  app.get(
    "/api/payment-options/",
    {
      // The signed-in reader may be offered bank transfer (decision 098).
      preHandler: app.optionalUser,
      schema: {
        tags: ["payments"],
        summary: "Which payment methods the checkout offers and the widget script to load for each",
        response: { 200: paymentOptionsResponseSchema },
      },
    },
    async (request) => {
      const bankTransfer = await app.services.checkout.offersBankTransfer(request.user);
      return spec(payments.options((name) => name === BANK_TRANSFER_METHOD && bankTransfer));
    },
  );
};
