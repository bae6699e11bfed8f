import { ADDRESS_PROBLEMS } from "../address-quality";
import { adminAddressCheckSchema } from "./address-checks";
import { z } from "zod";
import { ORDER_STATUSES } from "../order-status";
import { currencySchema, idParam } from "./common";
import { adminPageMeta, adminPageQuery, optionalText, requiredText } from "./admin-common";
import { calendarDay } from "./input-rules";
import { madeToOrderLineFields, paymentMethodSchema, PRODUCTION_STATUSES } from "./checkout";
import { orderBankTransferSchema } from "./bank-transfer";
import { eWayBillViewSchema } from "./gst-documents";
import { orderShippingSchema } from "./shipping";
import { adminRefundSchema, transferReference } from "./refunds";
import { HAND_CARRIER_CODES, HAND_DELIVERED, OTHER_CARRIER } from "../hand-carriers";

/**
 * The statuses the back office may move an order to. `paid` and `cod_confirmed` are reached only
 * through checkout and payment verification, which also take the stock, so the seller cannot set them.
 */
export const ADMIN_ORDER_TARGETS = ["shipped", "delivered", "cancelled", "refunded"] as const;
export type AdminOrderTarget = (typeof ADMIN_ORDER_TARGETS)[number];

/** The back office's filter choices; an order may carry any registered provider's name (decision 065). */
export const ADMIN_PAYMENT_METHODS = ["razorpay", "paypal", "cod"] as const;

export const ORDER_STATUS_MESSAGES = {
  trackingRequired: "Enter the tracking number to mark the order shipped.",
  status: "Choose shipped, delivered, cancelled or refunded.",
  chooseOrders: "Choose at least one order to ship.",
  sameOrderTwice: "Each order can be listed once.",
  chooseLines: "Choose at least one piece to cancel.",
  sameLineTwice: "Each line can be listed once.",
  pieces: "Enter a whole number of pieces, at least 1.",
  carrier: "Choose the courier, India Post, another courier or hand delivered.",
  carrierName: "Enter the name of the courier.",
  noTrackingByHand: "A parcel delivered by hand has no tracking number: leave it empty.",
} as const;

/**
 * Who takes a parcel the seller ships herself (issue 40, point 12): a listed courier or India Post with its
 * tracking number, another courier named by the seller with its number, or hand delivered (no number).
 * Optional in the API so older clients keep working: without it the number is sent as before, unnamed.
 */
const handShipping = {
  carrier: z.enum(HAND_CARRIER_CODES, { error: ORDER_STATUS_MESSAGES.carrier }).optional(),
  carrier_name: optionalText(60).optional(),
};

/** The rules between the carrier, its name and the tracking number, for one order. */
function checkHandShipping(
  value: { carrier?: string | undefined; carrier_name?: string | undefined; tracking_number?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.carrier === HAND_DELIVERED) {
    if (value.tracking_number)
      ctx.addIssue({ code: "custom", path: ["tracking_number"], message: ORDER_STATUS_MESSAGES.noTrackingByHand });
    return;
  }
  if (!value.tracking_number)
    ctx.addIssue({ code: "custom", path: ["tracking_number"], message: ORDER_STATUS_MESSAGES.trackingRequired });
  if (value.carrier === OTHER_CARRIER && !value.carrier_name)
    ctx.addIssue({ code: "custom", path: ["carrier_name"], message: ORDER_STATUS_MESSAGES.carrierName });
}

/**
 * Views of the orders list: `to_ship` is paid or cash-on-delivery-confirmed orders not shipped yet;
 * `attention`, orders flagged for the seller (a cancelled order's parcel delivered all the same).
 */
export const ADMIN_ORDER_VIEWS = ["to_ship", "attention"] as const;

/** `GET /api/admin/orders` and `GET /api/admin/orders.csv`; `from` and `to` are inclusive IST days. */
export const adminOrderListQuerySchema = adminPageQuery
  .extend({
    status: z.enum(ORDER_STATUSES).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    payment_method: paymentMethodSchema.optional(),
    currency: currencySchema.optional(),
    /** Order number (with or without "#"), customer name, phone or e-mail; parts of them match. */
    query: optionalText(100).optional(),
    view: z.enum(ADMIN_ORDER_VIEWS).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ["to"],
    message: "The end date is before the start date",
  });

/** `POST /api/admin/orders/:id/attention`: what the order was flagged for is settled, and how. */
export const resolveAttentionSchema = z.object({
  note: requiredText("Say how it was settled.", 1000, { multiline: true }),
});

/** `POST /api/admin/orders/:id/status` */
export const orderStatusChangeSchema = z
  .object({
    status: z.enum(ADMIN_ORDER_TARGETS, { error: ORDER_STATUS_MESSAGES.status }),
    tracking_number: optionalText(100).optional(),
    note: optionalText(1000, { multiline: true }).optional(),
    /** Refunding a cash-on-delivery order: the reference of the transfer the seller made (UPI, NEFT, IMPS). */
    refund_reference: transferReference.optional(),
    ...handShipping,
  })
  .superRefine((value, ctx) => {
    if (value.status === "shipped") checkHandShipping(value, ctx);
  });

const trackingNumber = requiredText(ORDER_STATUS_MESSAGES.trackingRequired, 100);
const orderId = z.number({ error: "Choose an order" }).int().min(1).max(2_147_483_647);

/** `POST /api/admin/orders/ship`: several orders shipped at once, each with its own tracking number. */
export const bulkShipSchema = z.object({
  orders: z
    .array(
      z
        .object({ id: orderId, tracking_number: optionalText(100).optional(), ...handShipping })
        .superRefine((value, ctx) => checkHandShipping(value, ctx)),
      { error: ORDER_STATUS_MESSAGES.chooseOrders },
    )
    .min(1, ORDER_STATUS_MESSAGES.chooseOrders)
    .max(100, "Ship at most 100 orders at a time.")
    .refine((list) => new Set(list.map((o) => o.id)).size === list.length, ORDER_STATUS_MESSAGES.sameOrderTwice),
});

/** Each order of a bulk shipment on its own: shipped, or the reason it was not (nothing changed for it). */
export const bulkShipResponseSchema = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      /** The order's status after the attempt (absent for an unknown order). */
      status: z.enum(ORDER_STATUSES).nullable(),
      message: z.string().nullable(),
      code: z.string().nullable(),
    }),
  ),
  shipped: z.number().int(),
  refused: z.number().int(),
});

/** `PATCH /api/admin/orders/:id/tracking`: a shipped order's tracking number corrected (not a status change). */
export const trackingCorrectionSchema = z.object({
  tracking_number: trackingNumber,
  note: optionalText(1000, { multiline: true }).optional(),
});

/** `POST /api/admin/orders/:id/cancel-lines`: some pieces of some lines of a paid or confirmed order, before it ships. */
export const cancelLinesSchema = z.object({
  lines: z
    .array(
      z.object({
        line_id: orderId,
        quantity: z
          .number({ error: ORDER_STATUS_MESSAGES.pieces })
          .int(ORDER_STATUS_MESSAGES.pieces)
          .min(1, ORDER_STATUS_MESSAGES.pieces)
          .max(10_000, ORDER_STATUS_MESSAGES.pieces),
      }),
      { error: ORDER_STATUS_MESSAGES.chooseLines },
    )
    .min(1, ORDER_STATUS_MESSAGES.chooseLines)
    .max(100)
    .refine((list) => new Set(list.map((l) => l.line_id)).size === list.length, ORDER_STATUS_MESSAGES.sameLineTwice),
  note: optionalText(1000, { multiline: true }).optional(),
});

const orderStatusSchema = z.enum(ORDER_STATUSES);

/** Money is in minor units of the order's currency (paise or cents), as stored: `*_minor`. */
export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  status: orderStatusSchema,
  payment_method: paymentMethodSchema,
  currency: currencySchema,
  total_minor: z.number().int(),
  customer_name: z.string(),
  email: z.string().nullable(),
  mobile_number: z.string(),
  city: z.string(),
  country_code: z.string(),
  /** Pieces ordered. */
  items: z.number().int(),
  tracking_number: z.string().nullable(),
  is_test: z.boolean(),
  created_at: z.string(),
  /** A USD order's total in paise at the order's own rate (`rate_milli`), for the seller; null for INR orders. */
  total_inr_minor: z.number().int().nullable(),
  /** What the seller must look at on this order, in their words; null when nothing is. */
  attention: z.string().nullable(),
  /** What makes the Indian address look undeliverable before booking (decision 092); absent or empty: nothing. */
  address_flags: z.array(z.enum(ADDRESS_PROBLEMS)).optional(),
});
export const adminOrderListResponseSchema = adminPageMeta.extend({ data: z.array(adminOrderSummarySchema) });

const taxInvoiceViewSchema = z.object({
  number: z.string(),
  date: z.string(),
  url: z.string(),
  credit_notes: z.array(
    z.object({ id: z.number().int(), number: z.string(), date: z.string(), reason: z.string(), url: z.string() }),
  ),
});

export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  user_id: z.number().int().nullable(),
  subtotal_minor: z.number().int(),
  discount_minor: z.number().int(),
  shipping_minor: z.number().int(),
  /** Store credit spent at checkout (decision 088); the rest of the total is the payment method's. */
  store_credit_minor: z.number().int(),
  /** Cash on delivery's advance paid online (decision 093); the courier collects the rest. */
  cod_advance_minor: z.number().int().optional(),
  /** Store credit given back since (a cancellation, a refund, cancelled pieces, a return paid partly in credit). */
  store_credit_back_minor: z.number().int(),
  /** The shipping method's code (shipping-methods.ts): which carrier books it, how fast it must leave. */
  shipping_method: z.string(),
  promo_code: z.string().nullable(),
  /** INR per USD x 1000 when the order was placed. */
  rate_milli: z.number().int(),
  delivery: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    pin_code: z.string(),
    country_code: z.string(),
    mobile_number: z.string(),
    comment: z.string(),
    /** ISO 3166 code of the delivery country. */
    country: z.string(),
  }),
  lines: z.array(
    z.object({
      id: z.number().int(),
      product_id: z.number().int().nullable(),
      variant_id: z.number().int().nullable(),
      product_name: z.string(),
      size: z.string(),
      unit_price_minor: z.number().int(),
      unit_mrp_minor: z.number().int(),
      /** Pieces ordered, and how many of them the seller cancelled since (the line total counts the rest). */
      quantity: z.number().int(),
      cancelled_quantity: z.number().int(),
      line_total_minor: z.number().int(),
      /** USD orders: the unit price and line total in paise at the order's rate; null for INR orders. */
      unit_price_inr_minor: z.number().int().nullable(),
      line_total_inr_minor: z.number().int().nullable(),
      ...madeToOrderLineFields,
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      provider_order_id: z.string(),
      provider_payment_id: z.string().nullable(),
      status: z.string(),
      amount_minor: z.number().int(),
      currency: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  /** Money given back on the order, oldest first: through the provider, or the seller's transfers. */
  refunds: z.array(adminRefundSchema),
  /** A bank-transfer order's account, reference, transfers in, balance due and money owed back (decision 098). */
  bank_transfer: orderBankTransferSchema.optional(),
  events: z.array(
    z.object({
      id: z.number().int(),
      from_status: orderStatusSchema.nullable(),
      to_status: orderStatusSchema,
      note: z.string(),
      data: z.unknown(),
      created_at: z.string(),
    }),
  ),
  /** What the seller may do next: the state machine's moves open to the back office. */
  allowed_transitions: z.array(z.enum(ADMIN_ORDER_TARGETS)),
  /** Pieces can be cancelled line by line (paid or cash on delivery confirmed, not shipped). */
  can_cancel_lines: z.boolean(),
  /**
   * The GST tax invoice with its credit notes (`url`: the PDF, fetched with the back office's token); null
   * until issued. `earlier`: invoices it replaced, each cancelled by its credit note (an address correction).
   */
  invoice: taxInvoiceViewSchema
    .extend({
      is_test: z.boolean(),
      earlier: z.array(taxInvoiceViewSchema),
      /** An export's shipping bill as the courier reported it at export clearance (GSTR-1 table 6A); else null. */
      shipping_bill: z.object({ number: z.string(), date: z.string(), port_code: z.string() }).nullable(),
    })
    .nullable(),
  /** A confirmed order without an invoice (the shop's tax data did not allow it then): the seller may issue it. */
  can_issue_invoice: z.boolean(),
  /**
   * Why that invoice cannot be issued today, in the seller's words (no exchange rate for the day, a product
   * without an HSN code...), or null when it can be: the order page says it before the seller asks.
   */
  invoice_problem: z.string().nullable(),
  /** The courier's shipments of the order (forward, and later returns); absent where shipping is not wired. */
  shipping: orderShippingSchema.optional(),
  /** The order's consignment needs an e-way bill (its value is over the limit); null when it does not. */
  e_way_bill: eWayBillViewSchema.nullable(),
  /** The owner may correct the Indian delivery address: paid or COD-confirmed, no parcel booked yet. */
  can_correct_address: z.boolean(),
  /** The address check before booking (decision 092); null for an order it does not apply to. */
  address_check: adminAddressCheckSchema.nullable().optional(),
});

export const REFUND_RULES = [
  "nothing_paid",
  "within_24h",
  "in_transit_fee",
  "not_shipped",
  "full",
  "cancelled_pieces",
] as const;

/** What a cancellation (or a refund) gives back, under the spec's cancellation policy. */
export const refundSchema = z.object({
  rule: z.enum(REFUND_RULES),
  currency: currencySchema,
  /** What the shopper paid: online, in cash once collected, and in store credit (decision 088). */
  paid_minor: z.number().int(),
  fee_minor: z.number().int(),
  refund_minor: z.number().int(),
  /**
   * Of `refund_minor`, what went back at once as the store credit the order spent (money first, the rest as
   * credit: decision 088); absent or 0 when it spent none.
   */
  store_credit_minor: z.number().int().optional(),
  /** "requested": asked of the payment provider (or queued for it); "none": nothing to give back. */
  status: z.enum(["requested", "refunded", "none"]),
});
export const orderStatusChangeResponseSchema = z.object({
  order: adminOrderDetailSchema,
  refund: refundSchema.nullable(),
});

export type BulkShip = z.infer<typeof bulkShipSchema>;
export type BulkShipResponse = z.infer<typeof bulkShipResponseSchema>;
export type TrackingCorrection = z.infer<typeof trackingCorrectionSchema>;
/** `POST /api/admin/orders/:id/lines/:lineId/production` (decision 099): a made-to-order line's making, one step on. */
export const productionStatusChangeSchema = z.object({
  status: z.enum(PRODUCTION_STATUSES, { error: "status must be in_production or ready" }),
});
export const orderLineParams = z.object({ id: idParam, lineId: idParam });

export type CancelLines = z.infer<typeof cancelLinesSchema>;
export type ProductionStatusChange = z.infer<typeof productionStatusChangeSchema>;
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export type RefundRule = (typeof REFUND_RULES)[number];
export type Refund = z.infer<typeof refundSchema>;
export type OrderStatusChangeResponse = z.infer<typeof orderStatusChangeResponseSchema>;
