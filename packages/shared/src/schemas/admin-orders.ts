import { z } from "zod";
import { ORDER_STATUSES } from "../order-status";
import { currencySchema } from "./common";
import { adminPageMeta, adminPageQuery, optionalText, requiredText } from "./admin-common";
import { calendarDay } from "./input-rules";
import { orderShippingSchema } from "./shipping";

/**
 * The statuses the back office may move an order to. `paid` and `cod_confirmed` are reached only
 * through checkout and payment verification, which also take the stock, so the seller cannot set them.
 */
export const ADMIN_ORDER_TARGETS = ["shipped", "delivered", "cancelled", "refunded"] as const;
export type AdminOrderTarget = (typeof ADMIN_ORDER_TARGETS)[number];

export const ADMIN_PAYMENT_METHODS = ["razorpay", "paypal", "cod"] as const;

export const ORDER_STATUS_MESSAGES = {
  trackingRequired: "Enter the tracking number to mark the order shipped.",
  status: "Choose shipped, delivered, cancelled or refunded.",
  chooseOrders: "Choose at least one order to ship.",
  sameOrderTwice: "Each order can be listed once.",
  chooseLines: "Choose at least one piece to cancel.",
  sameLineTwice: "Each line can be listed once.",
  pieces: "Enter a whole number of pieces, at least 1.",
} as const;

/** Views of the orders list: `to_ship` is paid or cash-on-delivery-confirmed orders not shipped yet. */
export const ADMIN_ORDER_VIEWS = ["to_ship"] as const;

/** `GET /api/admin/orders` and `GET /api/admin/orders.csv`; `from` and `to` are inclusive IST days. */
export const adminOrderListQuerySchema = adminPageQuery
  .extend({
    status: z.enum(ORDER_STATUSES).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    payment_method: z.enum(ADMIN_PAYMENT_METHODS).optional(),
    currency: currencySchema.optional(),
    /** Order number (with or without "#"), customer name, phone or e-mail; parts of them match. */
    query: optionalText(100).optional(),
    view: z.enum(ADMIN_ORDER_VIEWS).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ["to"],
    message: "The end date is before the start date",
  });

/** `POST /api/admin/orders/:id/status` */
export const orderStatusChangeSchema = z
  .object({
    status: z.enum(ADMIN_ORDER_TARGETS, { error: ORDER_STATUS_MESSAGES.status }),
    tracking_number: optionalText(100).optional(),
    note: optionalText(1000, { multiline: true }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === "shipped" && !value.tracking_number) {
      ctx.addIssue({ code: "custom", path: ["tracking_number"], message: ORDER_STATUS_MESSAGES.trackingRequired });
    }
  });

const trackingNumber = requiredText(ORDER_STATUS_MESSAGES.trackingRequired, 100);
const orderId = z.number({ error: "Choose an order" }).int().min(1).max(2_147_483_647);

/** `POST /api/admin/orders/ship`: several orders shipped at once, each with its own tracking number. */
export const bulkShipSchema = z.object({
  orders: z
    .array(z.object({ id: orderId, tracking_number: trackingNumber }), { error: ORDER_STATUS_MESSAGES.chooseOrders })
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
  payment_method: z.enum(ADMIN_PAYMENT_METHODS),
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
});
export const adminOrderListResponseSchema = adminPageMeta.extend({ data: z.array(adminOrderSummarySchema) });

export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  user_id: z.number().int().nullable(),
  subtotal_minor: z.number().int(),
  discount_minor: z.number().int(),
  shipping_minor: z.number().int(),
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
      /** What is owed back (refund_requested, refund_failed, refunded), minor units. */
      refund_amount_minor: z.number().int().nullable(),
      /** The refund queue: tries so far, the next one (while refund_requested) and the last error. */
      refund_attempts: z.number().int(),
      refund_next_at: z.string().nullable(),
      refund_error: z.string().nullable(),
      /** Refunds of cancelled pieces already made; the payment stays captured for the rest. */
      part_refunded_minor: z.number().int(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
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
  /** The GST tax invoice with its credit notes (`url`: the PDF, fetched with the back office's token); null until issued. */
  invoice: z
    .object({
      number: z.string(),
      date: z.string(),
      url: z.string(),
      is_test: z.boolean(),
      credit_notes: z.array(
        z.object({ id: z.number().int(), number: z.string(), date: z.string(), reason: z.string(), url: z.string() }),
      ),
    })
    .nullable(),
  /** A confirmed order without an invoice (the shop's tax data did not allow it then): the seller may issue it. */
  can_issue_invoice: z.boolean(),
  /** The courier's shipments of the order (forward, and later returns); absent where shipping is not wired. */
  shipping: orderShippingSchema.optional(),
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
  /** What the shopper paid online (0 for cash on delivery not yet collected). */
  paid_minor: z.number().int(),
  fee_minor: z.number().int(),
  refund_minor: z.number().int(),
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
export type CancelLines = z.infer<typeof cancelLinesSchema>;
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export type RefundRule = (typeof REFUND_RULES)[number];
export type Refund = z.infer<typeof refundSchema>;
export type OrderStatusChangeResponse = z.infer<typeof orderStatusChangeResponseSchema>;
