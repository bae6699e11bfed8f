import { z } from "zod";
import { cartIdSchema } from "./cart";
import { currencySchema } from "./common";
import { orderStatusSchema, paymentMethodSchema } from "./checkout";
import { requiredText } from "./input-rules";

const providerId = (field: string) => requiredText(field, 100);
/** Sent by the spec's client and never trusted (the provider's amount is checked instead); bounded all the same. */
const ignoredAmount = z.number().nonnegative().max(1e12).optional();

/**
 * `POST /api/verify-payment/`. Card (`razorpay: true`): the three values Razorpay's checkout hands to its
 * `handler`. Wallet (`razorpay: false`): the PayPal order id from `onApprove` as `order_id` or `orderID`.
 * `amount` (x100) and `cart_id` are accepted as the spec sends them; the server trusts neither (the
 * provider's amount is checked against the stored order). Ours, for any other registered provider
 * (decision 065): `payment_method` with its order id, and its payment id and signature when it has them.
 */
export const verifyPaymentRequestSchema = z.union(
  [
    z.object({
      razorpay: z.literal(true),
      razorpay_payment_id: providerId("razorpay_payment_id"),
      razorpay_order_id: providerId("razorpay_order_id"),
      razorpay_signature: providerId("razorpay_signature"),
      amount: ignoredAmount,
      cart_id: cartIdSchema,
    }),
    z
      .object({
        razorpay: z.literal(false),
        order_id: providerId("order_id").optional(),
        orderID: providerId("orderID").optional(),
        amount: ignoredAmount,
        cart_id: cartIdSchema,
      })
      .refine((body) => body.order_id ?? body.orderID, { message: "order_id is required", path: ["order_id"] }),
    z.object({
      payment_method: paymentMethodSchema,
      order_id: providerId("order_id"),
      payment_id: providerId("payment_id").optional(),
      signature: providerId("signature").optional(),
      amount: ignoredAmount,
      cart_id: cartIdSchema,
    }),
  ],
  { error: "razorpay must be true (with the three razorpay_* values) or false (with order_id)" },
);

/** 200, also when the same payment is verified again (nothing changes the second time). */
export const verifyPaymentResponseSchema = z.object({
  message: z.string(),
  order_id: z.number().int(),
  status: orderStatusSchema,
  /** Ours: the order's confirmation page (`/orders/:id?token=…&placed=1`), where the checkout goes next (decision 076). */
  order_page: z.string(),
});

/** `GET /api/payment-options/`: what the checkout can offer and how to load each provider's widget. */
export const paymentOptionsResponseSchema = z.object({
  razorpay: z.object({
    available: z.boolean(),
    key_id: z.string().nullable(),
    script_url: z.string().nullable(),
    test_mode: z.boolean(),
  }),
  paypal: z.object({
    available: z.boolean(),
    client_id: z.string().nullable(),
    script_url: z.string().nullable(),
    test_mode: z.boolean(),
  }),
  cod: z.object({ currencies: z.array(currencySchema), shipping_fee: z.number() }),
  /** Every registered provider in the order the checkout offers them (decision 065). */
  providers: z.array(
    z.object({
      name: paymentMethodSchema,
      label: z.string(),
      detail: z.string(),
      currencies: z.array(currencySchema),
      available: z.boolean(),
      /** What its widget is opened with (a key id, a client id). */
      public_key: z.string().nullable(),
      script_url: z.string().nullable(),
      test_mode: z.boolean(),
    }),
  ),
});

export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>;
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;
export type PaymentOptionsResponse = z.infer<typeof paymentOptionsResponseSchema>;
