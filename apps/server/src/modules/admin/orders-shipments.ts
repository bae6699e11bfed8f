import type { ShipmentResults } from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import type { OnBooked } from "../shipping/book";
import type { ShippingService } from "../shipping/service";
import { recordAudit } from "./audit";

/**
 * The back office's courier work: parcels booked (each audited in the transaction that ships its order),
 * labels printed, pickups asked for, and the simulated courier's demo buttons.
 */
export function createShipmentAdmin(db: Db, shipping: ShippingService) {
  /** Each parcel booked is audited in the transaction that ships its order. */
  const audited =
    (actor: SessionUser): OnBooked =>
    async (tx, booked) => {
      await recordAudit(tx, actor, {
        action: "shipment:create",
        entity: "order",
        entityId: booked.orderId,
        before: null,
        after: { status: "shipped", tracking_number: booked.awb, courier: booked.courier },
      });
    };
  return {
    create: (actor: SessionUser, orderIds: number[]): Promise<ShipmentResults> =>
      shipping.createShipments(orderIds, audited(actor)),
    /** Book what can ship and make its labels ready; what cannot is listed with the reason. */
    prepareLabels: (actor: SessionUser, orderIds: number[]): Promise<ShipmentResults> =>
      shipping.prepareLabels(orderIds, audited(actor)),
    labelsPdf: (orderIds: number[]) => shipping.labelsPdf(orderIds),
    /** An export parcel's commercial invoice or packing list (decision 082). */
    customsPaperPdf: (orderId: number, paper: "commercial-invoice" | "packing-list") =>
      shipping.customsPaperPdf(orderId, paper),
    async requestPickup(actor: SessionUser, orderIds: number[]): Promise<ShipmentResults> {
      const results = await shipping.requestPickup(orderIds);
      const asked = results.results.filter((r) => r.ok).map((r) => r.order_id);
      if (asked.length > 0)
        await db.transaction(async (tx) => {
          for (const orderId of asked)
            await recordAudit(tx, actor, {
              action: "shipment:pickup",
              entity: "order",
              entityId: orderId,
              before: null,
              after: { pickup: "requested" },
            });
        });
      return results;
    },
    /** The seller's one click on a failed delivery (decision 090), audited with what the courier was told. */
    actOnFailedDelivery: (actor: SessionUser, id: number, action: "reattempt" | "return") =>
      shipping.failedDeliveries.act(actor.id, id, action, async (tx, acted) => {
        const { action: told, ...details } = acted.instruction;
        await recordAudit(tx, actor, {
          action: `shipment:ndr-${action}`,
          entity: "order",
          entityId: acted.orderId,
          before: null,
          after: { failed_delivery: id, tracking_number: acted.awb, courier_action: told, ...details },
        });
      }),
    simulate: (orderId: number, action: "advance" | "fail") => shipping.simulate(orderId, action),
    orderShipping: (orderId: number) => shipping.orderShipping(orderId),
  };
}
