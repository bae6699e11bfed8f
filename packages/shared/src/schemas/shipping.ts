import { z } from "zod";

/** A shipment's own states (the courier's words mapped to ours); the order's status follows some of them. */
export const SHIPMENT_STATUSES = [
  "creating",
  "awb_assigned",
  "pickup_scheduled",
  "picked_up",
  "in_transit",
  "out_for_delivery",
  "delivered",
  "undelivered",
  "rto_initiated",
  "rto_delivered",
  "cancelled",
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Forward: to the shopper. Return: a reverse pickup from the shopper back to the seller. */
export const SHIPMENT_DIRECTIONS = ["forward", "return"] as const;

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  creating: "Being booked",
  awb_assigned: "Label ready",
  pickup_scheduled: "Pickup requested",
  picked_up: "Picked up",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  undelivered: "Delivery failed",
  rto_initiated: "Returning to seller",
  rto_delivered: "Returned to seller",
  cancelled: "Cancelled",
};

/**
 * A cancelled order's parcel, called back from the courier (decision 059): on its way back to the seller, back,
 * or delivered all the same; null for a parcel nobody called back. Said beside the order's status.
 */
export const RECALLED_PARCEL_LABELS = {
  returning: "parcel returning to us",
  back: "parcel back with us",
  delivered: "parcel delivered all the same",
} as const;
export function recalledParcel(
  recallRequested: boolean,
  status: ShipmentStatus,
): keyof typeof RECALLED_PARCEL_LABELS | null {
  if (!recallRequested) return null;
  if (status === "delivered") return "delivered";
  return status === "rto_delivered" || status === "cancelled" ? "back" : "returning";
}

export const SHIPPING_MESSAGES = {
  chooseOrders: "Choose at least one order.",
  tooMany: "Choose at most 50 orders at a time.",
  sameOrderTwice: "Each order can be listed once.",
} as const;

const orderId = z.number({ error: SHIPPING_MESSAGES.chooseOrders }).int().min(1).max(2_147_483_647);
const orderIds = z
  .array(orderId, { error: SHIPPING_MESSAGES.chooseOrders })
  .min(1, SHIPPING_MESSAGES.chooseOrders)
  .max(50, SHIPPING_MESSAGES.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, SHIPPING_MESSAGES.sameOrderTwice);

/** `POST /api/admin/shipments` and `POST /api/admin/shipments/pickup`: the orders to act on. */
export const shipmentOrdersSchema = z.object({ order_ids: orderIds });

/** Each order on its own: done (with its AWB and courier) or the reason it was not (nothing changed for it). */
export const shipmentResultsSchema = z.object({
  results: z.array(
    z.object({
      order_id: z.number().int(),
      ok: z.boolean(),
      awb: z.string().nullable(),
      courier: z.string().nullable(),
      message: z.string().nullable(),
      code: z.string().nullable(),
    }),
  ),
  done: z.number().int(),
  refused: z.number().int(),
});
export type ShipmentResults = z.infer<typeof shipmentResultsSchema>;

/** `GET /api/admin/shipments/labels.pdf?ids=1,2,3`: order ids, comma-separated. */
export const shipmentLabelsQuerySchema = z.object({
  ids: z
    .string({ error: SHIPPING_MESSAGES.chooseOrders })
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, "List up to 50 order numbers, separated by commas.")
    .transform((text) => text.split(",").map(Number))
    .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), "List up to 50 order numbers.")
    .refine((ids) => new Set(ids).size === ids.length, SHIPPING_MESSAGES.sameOrderTwice),
});

/** `POST /api/admin/shipments/:id/simulate`: the simulated courier moves the parcel (demo and tests only). */
export const SIMULATED_COURIER_ACTIONS = ["advance", "fail"] as const;
export const simulateShipmentSchema = z.object({
  action: z.enum(SIMULATED_COURIER_ACTIONS, { error: "Choose advance or fail." }),
});

export const shipmentEventSchema = z.object({
  /** Null: a courier status we do not map to a step. */
  status: z.enum(SHIPMENT_STATUSES).nullable(),
  /** The courier's own words for it. */
  raw_status: z.string(),
  location: z.string().nullable(),
  at: z.string(),
});

export const shipmentViewSchema = z.object({
  id: z.number().int(),
  direction: z.enum(SHIPMENT_DIRECTIONS),
  provider: z.string(),
  awb: z.string().nullable(),
  courier: z.string().nullable(),
  tracking_url: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  status_label: z.string(),
  pickup_requested_at: z.string().nullable(),
  /** The seller cancelled the order and the courier was asked to call the parcel back (decision 059). */
  recall_requested_at: z.string().nullable(),
  /** Why the courier could not be asked to, until it is asked again. */
  recall_error: z.string().nullable(),
  created_at: z.string(),
  events: z.array(shipmentEventSchema),
});
export type ShipmentView = z.infer<typeof shipmentViewSchema>;

/** What the back office shows of an order's shipping: its shipments, and whether the courier is the simulator. */
export const orderShippingSchema = z.object({
  shipments: z.array(shipmentViewSchema),
  /** The simulated courier is in use: its "advance" and "fail delivery" buttons may be shown. */
  simulated: z.boolean(),
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;
