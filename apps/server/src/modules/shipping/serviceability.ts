import { POLICY_DAYS, type Serviceability } from "../geo/delivery-promise";
import type { ShippingGateway } from "./gateway";

/** A parcel of one or two pieces, as the courier is asked before anything is booked. */
const TYPICAL_PARCEL_KG = 0.5;

/**
 * The courier's answer for the delivery promise (geo/delivery-promise.ts caches it and falls back to the
 * policy when it fails or is slow): the fastest courier's days, and cash on delivery if any courier on the
 * route collects it (without any estimate, the policy's earliest day in India). No courier at all: not serviceable (null). No provider configured: a failure, so the
 * promise is the policy's.
 */
export function courierServiceability(gateway: ShippingGateway, pickupPincode: string): Serviceability {
  return async (deliveryPincode) => {
    if (!gateway.provider) throw new Error("no courier is configured");
    const couriers = await gateway.provider.serviceability({
      pickupPincode,
      deliveryPincode,
      weightKg: TYPICAL_PARCEL_KG,
      cod: true,
    });
    if (couriers.length === 0) return null;
    const estimates = couriers.flatMap((c) => (c.estimatedDays === null ? [] : [c.estimatedDays]));
    return {
      days: estimates.length > 0 ? Math.min(...estimates) : POLICY_DAYS.india.earliest,
      cod: couriers.some((c) => c.cod),
    };
  };
}
