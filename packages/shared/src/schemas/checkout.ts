import { z } from "zod";
import { ORDER_STATUSES } from "../order-status";
import { currencySchema, idParam } from "./common";
import { orderTimelineEntrySchema } from "./order-tracking";
import { orderReturnsSchema } from "./returns";
import { orderReviewsSchema } from "./reviews";
import { orderBankTransferSchema } from "./bank-transfer";

/**
 * The spec's card provider, its wallet and cash on delivery. The server's provider registry may add more
 * (decision 065), so on the wire a method is any name of the registry's shape, checked there against it.
 */
export type PaymentMethod = "razorpay" | "paypal" | "cod" | "store_credit" | (string & {});

/**
 * An order the shopper's store credit pays whole (issue 42, decision 088): no provider, no cash; what
 * create-order takes with `use_store_credit` and what the order's `payment_method` then says.
 */
export const STORE_CREDIT_METHOD = "store_credit";
export const PAYMENT_METHOD_NAME = /^[a-z][a-z0-9_]{1,31}$/;
export const PAYMENT_METHOD_MESSAGE = "payment_method must be razorpay, paypal, cod or store_credit";
export const paymentMethodSchema = z
  .string({ error: PAYMENT_METHOD_MESSAGE })
  .regex(PAYMENT_METHOD_NAME, PAYMENT_METHOD_MESSAGE) as z.ZodType<PaymentMethod>;

/** Where a cash-on-delivery confirmation code can be sent. */
export const COD_CODE_CHANNELS = ["whatsapp", "email"] as const;
export type CodCodeChannel = (typeof COD_CODE_CHANNELS)[number];

/**
 * Ours (decision 088): the store credit the order spent and what is left to pay by its method (major units); 0
 * and the total when no credit was used.
 */
const paidWithCredit = {
  store_credit: z.number(),
  to_pay: z.number(),
  /**
   * Cash on delivery with an advance (decision 093): the advance paid online now (the card provider's order is
   * for it), `to_pay` then being what the courier collects. Absent for every other order.
   */
  cod_advance: z.number().optional(),
};

/**
 * Card provider: the spec's client reads the Razorpay order id at `data.data.id`, and its `amount` is the
 * provider order's (minor units): the total less the store credit spent.
 */
export const cardOrderResponseSchema = z.object({
  data: z.object({
    data: z.object({ id: z.string(), amount: z.number().int(), currency: currencySchema }),
    /** The Razorpay key_id to open the checkout with. */
    key: z.string(),
    order_id: z.number().int(),
    test_mode: z.boolean(),
    ...paidWithCredit,
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
  ...paidWithCredit,
});

/** Cash on delivery, confirmed (stock taken, cart emptied, e-mail queued): at once, or with the e-mailed code. */
export const codOrderResponseSchema = z.object({
  order_id: z.number().int(),
  status: z.literal("cod_confirmed"),
  amount: z.number(),
  currency: currencySchema,
  /** Ours: the order's confirmation page, where the checkout goes next (decision 076). */
  order_page: z.string(),
  ...paidWithCredit,
});

/** Ours (decision 098): placed to be paid by bank transfer: its pieces held until `pay_by`, its reference to quote. */
export const bankTransferOrderResponseSchema = codOrderResponseSchema.extend({
  status: z.literal("pending_payment"),
  payment_method: z.literal("bank_transfer"),
  reference: z.string(),
  pay_by: z.string(),
});

/** Ours: the store credit paid the whole order (decision 088): paid at once, no provider, nothing to collect. */
export const creditOrderResponseSchema = codOrderResponseSchema.extend({ status: z.literal("paid") });

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
  ...paidWithCredit,
});

export const createOrderResponseSchema = z.union([
  cardOrderResponseSchema,
  walletOrderResponseSchema,
  codOrderResponseSchema,
  codAwaitingResponseSchema,
  creditOrderResponseSchema,
  bankTransferOrderResponseSchema,
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
  /** Ours: the shopper's IANA time zone, the one every time of the order is shown in (decision 084). */
  time_zone: z.string(),
  is_test: z.boolean(),
});

/** A made-to-order line's making (decision 099): null until the seller starts, then in production, then ready. */
export const PRODUCTION_STATUSES = ["in_production", "ready"] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];
/** Made to order (decision 099), as the line was sold: notes, days to make it (null: stocked), returnable, making. */
export const madeToOrderLineFields = {
  notes: z.string(),
  lead_days: z.number().int().nullable(),
  returnable: z.boolean(),
  production_status: z.enum(PRODUCTION_STATUSES).nullable(),
};

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
  ...madeToOrderLineFields,
});

export const orderDetailSchema = orderSummarySchema.extend({
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  /** Ours: the shipping method's code (shipping-methods.ts). */
  shipping_method: z.string(),
  /** The wallet's INR "end in 9" rounding, added to the total (0 otherwise). */
  rounding: z.number(),
  /** Import duties and taxes collected with the order (delivered duty paid, decision 081); 0 otherwise. */
  duties: z.number(),
  promo_code: z.string().nullable(),
  /**
   * Ours (decision 088): the store credit spent on the order at checkout, and the rest, paid by the payment
   * method (cash on delivery: what the courier collects); 0 and the total without credit.
   */
  store_credit: z.number(),
  to_pay: z.number(),
  /** Ours (decision 093): cash on delivery's advance paid online; `to_pay` is then the rest, paid at the door. */
  cod_advance: z.number().optional(),
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
  /**
   * Ours (issue 44, decision 096): the business buyer's GSTIN and legal name given at checkout, billed on the B2B
   * tax invoice; null for a sale to an unregistered buyer. Optional for answers built before it.
   */
  business: z.object({ gstin: z.string(), legal_name: z.string() }).nullable().optional(),
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
  /** An order abroad: its destination, carrier and what is due at the door in duties (decision 086); null in India. */
  customs: z
    .object({ country: z.string(), carrier: z.string(), duties_paid: z.boolean(), note: z.string() })
    .nullable(),
  /**
   * Ours: the courier's latest failed attempt while it is open (decision 090): its reason in our words and the
   * link to choose what happens next (null once answered or expired). Absent or null when there is none.
   */
  failed_delivery: z
    .object({
      attempt: z.number(),
      reason_text: z.string(),
      attempted_at: z.string(),
      answer_path: z.string().nullable(),
      answered: z.boolean(),
    })
    .nullable()
    .optional(),
  /** Ours (decision 098): a bank-transfer order's account, reference, paid so far and balance; absent otherwise. */
  bank_transfer: orderBankTransferSchema.optional(),
  ...orderReturnsSchema.shape,
  ...orderReviewsSchema.shape,
});

export const ordersResponseSchema = z.object({ data: z.array(orderSummarySchema) });
export const orderResponseSchema = z.object({ data: orderDetailSchema });

export type CardOrderResponse = z.infer<typeof cardOrderResponseSchema>;
export type WalletOrderResponse = z.infer<typeof walletOrderResponseSchema>;
export type CodOrderResponse = z.infer<typeof codOrderResponseSchema>;
export type CodAwaitingResponse = z.infer<typeof codAwaitingResponseSchema>;
export type ConfirmCodRequest = z.infer<typeof confirmCodRequestSchema>;
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export type TaxDocumentLink = z.infer<typeof taxDocumentLinkSchema>;
