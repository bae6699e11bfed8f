import { z } from "zod";
import { MESSAGES } from "../messages";
import { ORDER_STATUSES } from "../order-status";
import { cartIdSchema } from "./cart";
import { currencySchema, idParam } from "./common";
import { requiredText, text } from "./input-rules";
import { orderTimelineEntrySchema } from "./order-tracking";
import { orderReturnsSchema } from "./returns";
import { orderReviewsSchema } from "./reviews";
import { countryName, INDIAN_PIN_CODE, indianStateByName } from "../gst";
import { PIN_CODE_SHAPE_TEXT } from "./geo";
import { SHIPPING_METHOD_CODES, shippingMethodProblem, shippingMethodsFor } from "../shipping-methods";

/**
 * The spec's card provider, its wallet and cash on delivery. The server's provider registry may add more
 * (decision 065), so on the wire a method is any name of the registry's shape, checked there against it.
 */
export type PaymentMethod = "razorpay" | "paypal" | "cod" | (string & {});
export const PAYMENT_METHOD_NAME = /^[a-z][a-z0-9_]{1,31}$/;
export const PAYMENT_METHOD_MESSAGE = "payment_method must be razorpay, paypal or cod";
export const paymentMethodSchema = z
  .string({ error: PAYMENT_METHOD_MESSAGE })
  .regex(PAYMENT_METHOD_NAME, PAYMENT_METHOD_MESSAGE) as z.ZodType<PaymentMethod>;

/** Values the spec's client sends for "no promo code". */
const NO_PROMO = new Set(["", "nil", "null", "undefined"]);

/**
 * The delivery address of an order, as create-order takes it and the back office's correction of a paid
 * order's address (decision 061) takes it again.
 */
export const deliveryAddressFields = {
  name: requiredText("name", 120),
  delivery_address: requiredText("delivery_address", 500, { multiline: true }),
  country_code: text("country_code", 60)
    .nullish()
    .transform((v) => v || "+91"),
  mobile_number: requiredText("mobile_number", 20).pipe(
    z.string().regex(/^[+\d][\d\s()-]{5,19}$/, "mobile_number is not a valid phone number"),
  ),
  pin_code: requiredText("pin_code", 12).pipe(
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, "pin_code is not a valid postal code"),
  ),
  /** For India they may be left empty: the server fills them from the PIN code (India Post's directory). */
  city: text("city", 100)
    .nullish()
    .transform((v) => v ?? ""),
  state: text("state", 100)
    .nullish()
    .transform((v) => v ?? ""),
  /**
   * Ours: the shopper answered the form's question and keeps a city that names none of the PIN code's
   * town, district or places (India); without it such a city is refused with the question (decision 061).
   */
  city_confirmed: z
    .boolean({ error: "city_confirmed must be true or false" })
    .optional()
    .transform((v) => v ?? false),
};

/**
 * `POST /api/create-order/`: the spec's payload plus our `payment_method` (and an optional `email` for
 * a guest's confirmation). `amount` is what the client believes it will pay: minor units (x100) for the
 * card provider, major units for the wallet (INR raised to end in 9) and for cash on delivery. The server
 * recomputes it and refuses a different one (409 AMOUNT_MISMATCH).
 */
/** Where a cash-on-delivery confirmation code can be sent. */
export const COD_CODE_CHANNELS = ["whatsapp", "email"] as const;
export type CodCodeChannel = (typeof COD_CODE_CHANNELS)[number];

export const createOrderRequestSchema = z
  .object({
    amount: z
      .number({ error: "amount must be a number" })
      .nonnegative("amount must not be negative")
      .max(1e12, "amount is too large"),
    currency: currencySchema,
    /** 'Nil', empty or absent: no promo code. */
    promo_code: text("promo_code", 40)
      .nullish()
      .transform((code) => (code && !NO_PROMO.has(code.toLowerCase()) ? code : null)),
    /** Absent with a token: the signed-in shopper's cart. */
    cart_id: cartIdSchema,
    ...deliveryAddressFields,
    /**
     * Ours: the delivery country (ISO 3166 code), India when absent. It decides the invoice's place of supply:
     * an Indian state, or an export (decision 033).
     */
    delivery_country: z
      .string({ error: "delivery_country must be a country code such as IN or GB" })
      .trim()
      .toUpperCase()
      .refine((code) => countryName(code) !== null, "delivery_country must be a country code such as IN or GB")
      .optional()
      .transform((v) => v ?? "IN"),
    comment: text("comment", 1000, { multiline: true })
      .nullish()
      .transform((v) => v ?? ""),
    /** The spec's flag: true card provider (Razorpay), false wallet (PayPal). */
    razorpay: z.boolean({ error: "razorpay must be true or false" }).optional(),
    /** Ours; wins over `razorpay`. Cash on delivery can only be chosen here. */
    payment_method: paymentMethodSchema.optional(),
    /**
     * Ours: how the parcel travels (shipping-methods.ts); absent: the delivery country's first method (the spec's
     * standard shipping within India, international standard abroad).
     */
    shipping_method: z
      .enum(SHIPPING_METHOD_CODES, { error: `shipping_method must be one of ${SHIPPING_METHOD_CODES.join(", ")}` })
      .optional(),
    /** Ours: where a guest's confirmation goes (a signed-in shopper's account e-mail otherwise). */
    email: text("email", 254).pipe(z.email("email is not a valid e-mail address")).optional(),
    /**
     * Ours: where a cash-on-delivery code goes (decision 076): WhatsApp at the mobile number above when the
     * store can send there and the number has not opted out, else e-mail; absent: WhatsApp first.
     */
    cod_code_channel: z
      .enum(COD_CODE_CHANNELS, { error: `cod_code_channel must be one of ${COD_CODE_CHANNELS.join(", ")}` })
      .optional(),
    /** Ours: "Send me order updates on WhatsApp" at the mobile number above; off when absent. */
    whatsapp_opt_in: z
      .boolean({ error: "whatsapp_opt_in must be true or false" })
      .optional()
      .transform((v) => v ?? false),
  })
  .superRefine((body, ctx) => {
    if (body.payment_method === undefined && body.razorpay === undefined) {
      ctx.addIssue({ code: "custom", path: ["payment_method"], message: MESSAGES.selectPaymentMethod });
    }
    for (const problem of addressProblems(body)) ctx.addIssue({ code: "custom", ...problem });
    const cashOnDelivery = body.payment_method === "cod";
    const shipping = shippingMethodProblem(body.shipping_method ?? shippingMethodsFor(body.delivery_country)[0]!.code, {
      country: body.delivery_country,
      cashOnDelivery,
    });
    if (shipping) ctx.addIssue({ code: "custom", path: ["shipping_method"], message: shipping });
  })
  .transform(({ razorpay, payment_method, ...body }) => ({
    ...body,
    shipping_method: body.shipping_method ?? shippingMethodsFor(body.delivery_country)[0]!.code,
    // The state as the GST list names it, so the invoice finds its code.
    state: body.delivery_country === "IN" ? (indianStateByName(body.state)?.name ?? body.state) : body.state,
    payment_method: payment_method ?? ((razorpay ? "razorpay" : "paypal") as PaymentMethod),
  }));

/**
 * An Indian address needs a 6-digit PIN code and, when given, a real state (the invoice's place of supply);
 * the server checks the PIN code against India Post's directory and fills an empty city and state from it.
 * An address abroad needs its city and state typed; one that names an Indian state and PIN code is most
 * likely India chosen wrongly, so it is asked about.
 */
function addressProblems(body: {
  delivery_country: string;
  city: string;
  state: string;
  pin_code: string;
  payment_method?: PaymentMethod;
}): { path: string[]; message: string }[] {
  if (body.delivery_country === "IN") return indianAddressProblems(body);
  return [
    ...(body.city ? [] : [{ path: ["city"], message: "city is required" }]),
    ...(body.state ? [] : [{ path: ["state"], message: "state is required" }]),
    ...(INDIAN_PIN_CODE.test(body.pin_code) && indianStateByName(body.state)
      ? [
          {
            path: ["delivery_country"],
            message:
              "This address has an Indian state and PIN code: choose India as the country, or correct the address.",
          },
        ]
      : []),
    ...(body.payment_method === "cod"
      ? [{ path: ["payment_method"], message: "Cash on delivery is available only for delivery in India." }]
      : []),
  ];
}

/** An Indian address's own rules: a 6-digit PIN code and, when given, a state of the GST list. */
export function indianAddressProblems(body: {
  state: string;
  pin_code: string;
}): { path: string[]; message: string }[] {
  return [
    ...(INDIAN_PIN_CODE.test(body.pin_code) ? [] : [{ path: ["pin_code"], message: PIN_CODE_SHAPE_TEXT }]),
    ...(!body.state || indianStateByName(body.state)
      ? []
      : [{ path: ["state"], message: "Enter your state or union territory, for example Rajasthan." }]),
  ];
}

/** Card provider: the spec's client reads the Razorpay order id at `data.data.id`. */
export const cardOrderResponseSchema = z.object({
  data: z.object({
    data: z.object({ id: z.string(), amount: z.number().int(), currency: currencySchema }),
    /** The Razorpay key_id to open the checkout with. */
    key: z.string(),
    order_id: z.number().int(),
    test_mode: z.boolean(),
  }),
});

/** Wallet provider: `id` is the PayPal order id the buttons' createOrder returns. */
export const walletOrderResponseSchema = z.object({
  id: z.string(),
  order_id: z.number().int(),
  amount: z.number(),
  currency: currencySchema,
  client_id: z.string(),
  test_mode: z.boolean(),
});

/** Cash on delivery, confirmed (stock taken, cart emptied, e-mail queued): at once, or with the e-mailed code. */
export const codOrderResponseSchema = z.object({
  order_id: z.number().int(),
  status: z.literal("cod_confirmed"),
  amount: z.number(),
  currency: currencySchema,
  /** Ours: the order's confirmation page, where the checkout goes next (decision 076). */
  order_page: z.string(),
});

/**
 * Cash on delivery from a guest (or an account whose e-mail is not verified yet): a code was e-mailed to
 * `email`; the order is placed once `POST /api/confirm-cod-order/` brings it back before `expires_at`.
 * Until then it holds nothing and the seller does not see it. Asking again for the same checkout e-mails a
 * new code.
 */
export const codAwaitingResponseSchema = z.object({
  order_id: z.number().int(),
  status: z.literal("awaiting_confirmation"),
  amount: z.number(),
  currency: currencySchema,
  email: z.string(),
  expires_at: z.string(),
  message: z.string(),
  /** Ours: where this code went, and the address or number as the page shows it ("+91 98xxxxxx45"). */
  channel: z.enum(COD_CODE_CHANNELS),
  sent_to: z.string(),
  /** Ours: whether a code could go to WhatsApp at all (the store sends there, the number did not opt out). */
  whatsapp_available: z.boolean(),
});

export const createOrderResponseSchema = z.union([
  cardOrderResponseSchema,
  walletOrderResponseSchema,
  codOrderResponseSchema,
  codAwaitingResponseSchema,
]);

/** `POST /api/confirm-cod-order/`: the order and the 6-digit code sent (WhatsApp or e-mail). */
export const confirmCodRequestSchema = z.object({
  order_id: z
    .number({ error: "order_id must be a number" })
    .int("order_id must be a whole number")
    .positive("order_id must be positive")
    .max(2_147_483_647, "order_id is too large"),
  code: z
    .string({ error: "code is required" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code we sent you"),
});

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** A tax invoice or credit note as a shopper's order lists it: its number, its date (ISO day) and its PDF. */
export const taxDocumentLinkSchema = z.object({
  number: z.string(),
  date: z.string(),
  url: z.string(),
});

/** `GET /api/orders/:id/invoice.pdf?token=`: the e-mailed link's secret, for a reader without the order's account. */
export const taxDocumentQuerySchema = z.object({
  token: z.string({ error: "token must be text" }).max(200, "token is too long").optional(),
});
export const creditNoteParamsSchema = z.object({ id: idParam, noteId: idParam });

/** Money in orders' API answers is in major units of the order's currency. */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  status: orderStatusSchema,
  status_label: z.string(),
  payment_method: paymentMethodSchema,
  currency: currencySchema,
  total: z.number(),
  item_count: z.number().int(),
  created_at: z.string(),
  is_test: z.boolean(),
});

export const orderLineSchema = z.object({
  /** The line's own id: what a return request names. */
  line_id: z.number().int(),
  product_pk: z.number().int().nullable(),
  product_name: z.string(),
  size: z.string(),
  /** The size's name when sold ("Double"); the code for lines sold before sizes had names. */
  size_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  mrp: z.number(),
  line_total: z.number(),
  /** Ours: the product's main photo (a `/media/...` path), null when it has none or is gone. */
  image: z.string().nullable(),
});

export const orderDetailSchema = orderSummarySchema.extend({
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  /** Ours: the shipping method's code (shipping-methods.ts). */
  shipping_method: z.string(),
  /** The wallet's INR "end in 9" rounding, added to the total (0 otherwise). */
  rounding: z.number(),
  promo_code: z.string().nullable(),
  /** Ours: the shipping method's promise from the day the order was placed, as IST days (decision 076). */
  delivery_window: z.object({ earliest: z.string(), latest: z.string() }),
  delivery: z.object({
    name: z.string(),
    delivery_address: z.string(),
    city: z.string(),
    state: z.string(),
    pin_code: z.string(),
    country_code: z.string(),
    /** ISO 3166 code of the delivery country (printed when it is not India). */
    country: z.string(),
    mobile_number: z.string(),
    comment: z.string(),
  }),
  lines: z.array(orderLineSchema),
  /** The GST tax invoice (issue 15), null until issued; `url` opens the PDF (it carries the download token). */
  invoice: taxDocumentLinkSchema.nullable(),
  /** Credit notes issued against the invoice since (cancelled pieces, refunds), oldest first. */
  credit_notes: z.array(taxDocumentLinkSchema),
  /** Where the order has been, oldest first: placed, each change of status, and the courier's steps. */
  timeline: z.array(orderTimelineEntrySchema),
  /** The order's parcel, once the courier has it: its AWB and the courier's own tracking page. */
  tracking: z.object({ awb: z.string(), courier: z.string(), url: z.string().nullable() }).nullable(),
  /** The seller is bringing the parcel herself (shipped by hand, no courier): said instead of tracking. */
  delivered_by_hand: z.boolean(),
  ...orderReturnsSchema.shape,
  ...orderReviewsSchema.shape,
});

export const ordersResponseSchema = z.object({ data: z.array(orderSummarySchema) });
export const orderResponseSchema = z.object({ data: orderDetailSchema });

export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;
export type CreateOrderInput = z.input<typeof createOrderRequestSchema>;
export type CardOrderResponse = z.infer<typeof cardOrderResponseSchema>;
export type WalletOrderResponse = z.infer<typeof walletOrderResponseSchema>;
export type CodOrderResponse = z.infer<typeof codOrderResponseSchema>;
export type CodAwaitingResponse = z.infer<typeof codAwaitingResponseSchema>;
export type ConfirmCodRequest = z.infer<typeof confirmCodRequestSchema>;
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export type TaxDocumentLink = z.infer<typeof taxDocumentLinkSchema>;
