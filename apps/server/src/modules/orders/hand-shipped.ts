import { HAND_DELIVERED, handCarrierName, handTrackingUrl } from "@store/shared";
import type { Tx } from "../../db/client";
import { queueShipmentNotice } from "./shipment-notices";
import type { OrderRow } from "./transitions";

/**
 * The shopper's "shipped" e-mail and WhatsApp message for an order the seller marked shipped by hand, the same
 * notice a courier booking sends (shipment-notices.ts). An order shipped without naming the carrier (an older
 * client of the API) is told its number with no link.
 */
export async function queueHandShippedNotice(tx: Tx, order: OrderRow): Promise<void> {
  const byHand = order.handCarrier === HAND_DELIVERED;
  await queueShipmentNotice(tx, order, "shipped", {
    awb: order.trackingNumber ?? "",
    courier: handCarrierName(order.handCarrier, order.handCarrierName),
    trackingUrl: byHand ? null : handTrackingUrl(order.handCarrier, order.trackingNumber),
    byHand,
  });
}
