import { HAND_DELIVERED, handCarrierName, handTrackingUrl } from "@store/shared";
import type { OrderRow } from "./transitions";

type HandShipped = Pick<OrderRow, "handCarrier" | "handCarrierName" | "trackingNumber">;

/**
 * A parcel the seller shipped herself, as the shopper's page shows it: the courier's name, the number and the
 * courier's tracking page (built from the number now, so a corrected number gets its link). Null when the
 * order was not shipped by hand with a number (a courier booking has its shipment; hand delivery has none).
 */
export function handTracking(order: HandShipped): { awb: string; courier: string; url: string | null } | null {
  if (!order.handCarrier || order.handCarrier === HAND_DELIVERED || !order.trackingNumber) return null;
  return {
    awb: order.trackingNumber,
    courier: handCarrierName(order.handCarrier, order.handCarrierName),
    url: handTrackingUrl(order.handCarrier, order.trackingNumber),
  };
}
