import { SELLER } from "@store/shared";

/**
 * The simulated courier's answers, deterministic so tests and demos can rely on them:
 * - a delivery pincode starting with 9 (India's army postal service range) is served by no courier;
 * - one ending in 99 is served, but no courier collects cash there (prepaid only);
 * - every other valid pincode is served by two couriers, both with cash on delivery;
 * - days: 2 within the pickup's first three digits (same district), 3 within its first two (same region),
 *   4 within its first digit (same zone), 6 elsewhere; the surface courier takes a day more;
 * - freight (rupees, a half-kilo parcel): ₹40 plus ₹10 a day of the express courier, ₹10 less by surface; an RTO
 *   is billed at the forward rate, as Shiprocket's quotes usually set `rto_charges` (decision 091).
 */
export interface SimCourier {
  courier_company_id: number;
  courier_name: string;
  cod: 0 | 1;
  estimated_delivery_days: string;
  freight_charge: number;
  rto_charges: number;
}

export const VALID_PINCODE = /^[1-9]\d{5}$/;

/** An e-way bill number: 12 digits. */
export const E_WAY_BILL_NUMBER = /^\d{12}$/;

/**
 * Like the courier, the simulator takes no inter-state parcel worth more than ₹50,000 without its e-way
 * bill's number (`ewaybill_no`); the pickup is the seller's own state. This is the courier's rule, which the
 * simulator plays: the store's own limits are the seller's data (decision 061).
 */
export function eWayBillMissing(body: { sub_total: number; billing_state: string; ewaybill_no?: string }): boolean {
  const interState = body.billing_state.trim().toLowerCase() !== SELLER.address.region.toLowerCase();
  return interState && body.sub_total > 50_000 && !body.ewaybill_no;
}

const freight = (rupees: number) => ({ freight_charge: rupees, rto_charges: rupees });

export function simulatedCouriers(pickup: string, delivery: string): SimCourier[] {
  if (delivery.startsWith("9")) return [];
  const cod = delivery.endsWith("99") ? 0 : 1;
  const shared = [3, 2, 1].find((n) => pickup.slice(0, n) === delivery.slice(0, n));
  const days = shared === 3 ? 2 : shared === 2 ? 3 : shared === 1 ? 4 : 6;
  return [
    {
      courier_company_id: 20,
      courier_name: "Xpressbees Express",
      cod,
      estimated_delivery_days: String(days),
      ...freight(40 + 10 * days),
    },
    {
      courier_company_id: 10,
      courier_name: "Delhivery Surface",
      cod,
      estimated_delivery_days: String(days + 1),
      ...freight(30 + 10 * days),
    },
  ];
}

/** Shiprocket's status names and ids for the steps the simulator plays. */
export const SIM_STATUS = {
  awbAssigned: { id: 1, name: "AWB ASSIGNED" },
  pickupScheduled: { id: 3, name: "PICKUP SCHEDULED" },
  pickedUp: { id: 42, name: "PICKED UP" },
  inTransit: { id: 18, name: "IN TRANSIT" },
  outForDelivery: { id: 17, name: "OUT FOR DELIVERY" },
  delivered: { id: 7, name: "DELIVERED" },
  undelivered: { id: 21, name: "UNDELIVERED" },
  rtoInitiated: { id: 9, name: "RTO INITIATED" },
  rtoDelivered: { id: 10, name: "RTO DELIVERED" },
  cancelled: { id: 8, name: "CANCELED" },
} as const;
export type SimStep = keyof typeof SIM_STATUS;

/** The next step of a parcel left alone (or told "advance"); null at an end. */
export function nextStep(current: SimStep, direction: "forward" | "return"): SimStep | null {
  const forward: Partial<Record<SimStep, SimStep>> = {
    awbAssigned: "pickupScheduled",
    pickupScheduled: "pickedUp",
    pickedUp: "inTransit",
    inTransit: "outForDelivery",
    outForDelivery: "delivered",
    undelivered: "rtoInitiated",
    rtoInitiated: "rtoDelivered",
  };
  // A return skips "out for delivery": the courier hands it in at the seller's door.
  if (direction === "return" && current === "inTransit") return "delivered";
  return forward[current] ?? null;
}

/** "Fail delivery" is possible once the parcel left the seller and before it is delivered. */
export function canFail(current: SimStep): boolean {
  return current === "pickedUp" || current === "inTransit" || current === "outForDelivery";
}

/**
 * What the courier does with a parcel called back: cancelled before it is picked up, returned to the seller
 * once on its way; null once delivered or already coming back (nothing to call back).
 */
export function calledBack(current: SimStep): SimStep | null {
  if (current === "awbAssigned" || current === "pickupScheduled") return "cancelled";
  if (canFail(current) || current === "undelivered") return "rtoInitiated";
  return null;
}

/** A parcel on its way, or coming back, can still be handed to the shopper by a courier that ignored the call-back. */
export function canDeliverAnyway(current: SimStep): boolean {
  return canFail(current) || current === "undelivered" || current === "rtoInitiated";
}

/**
 * What the simulated courier writes in a failed attempt's scan (its `activity`), per NDR reason: words as
 * Indian couriers write them, which the store's adapter reads back into a reason (ndr.ts).
 */
export const SIM_NDR_REMARKS = {
  not_available: "Consignee not available",
  address_incomplete: "Address incomplete / incorrect",
  refused: "Consignee refused to accept",
  reschedule: "Consignee asked for future delivery",
} as const;
export type SimNdrReason = keyof typeof SIM_NDR_REMARKS;
