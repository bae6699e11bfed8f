import type { ShipmentStatus } from "@store/shared";

/**
 * Shiprocket's status names (webhook `current_status`, tracking `sr-status-label`) in our states. Matched on
 * the words rather than the numeric ids, whose full list we could not confirm (decision draft); the order
 * matters ("RTO Delivered" before "Delivered", "Undelivered" before "Delivered"). Unknown names map to null:
 * the event is recorded, the shipment's state stays.
 */
const RULES: [RegExp, ShipmentStatus][] = [
  [/\brto\b.*\bdelivered\b|\brto\b.*\breceived\b/i, "rto_delivered"],
  [/\brto\b/i, "rto_initiated"],
  [/\bcancel/i, "cancelled"],
  [/\bundelivered\b|\bnot delivered\b|\bndr\b/i, "undelivered"],
  [/\bout for delivery\b/i, "out_for_delivery"],
  [/\bdelivered\b/i, "delivered"],
  [/\bpicked up\b/i, "picked_up"],
  [/\bin transit\b|\bshipped\b|\breached\b|\bdelayed\b/i, "in_transit"],
  [/\bpickup\b|\bmanifest/i, "pickup_scheduled"],
  [/\bawb assigned\b|\blabel generated\b/i, "awb_assigned"],
];

export function mapShiprocketStatus(name: string): ShipmentStatus | null {
  return RULES.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

/**
 * How far along a parcel is: a webhook that arrives late (an older state) does not move it back. Delivery
 * and the return to the seller are ends; a failed delivery may still be retried (out for delivery again).
 */
export const SHIPMENT_PROGRESS: Record<ShipmentStatus, number> = {
  creating: 0,
  awb_assigned: 1,
  pickup_scheduled: 2,
  picked_up: 3,
  in_transit: 4,
  out_for_delivery: 5,
  undelivered: 5,
  delivered: 9,
  rto_initiated: 7,
  rto_delivered: 9,
  cancelled: 9,
};
