import { SELLER } from "@store/shared";
import type { Tx } from "../../db/client";
import { queueEmail } from "../../email/outbox";
import type { OrderRow } from "./transitions";

/** The moments of a parcel's journey the shopper hears about. */
export type ShipmentStep = "shipped" | "out_for_delivery" | "delivered" | "returned_to_origin";

export interface ShipmentNoticeDetails {
  awb: string | null;
  trackingUrl: string | null;
  courier?: string | null;
}

const SUBJECTS: Record<ShipmentStep, string> = {
  shipped: "has shipped",
  out_for_delivery: "is out for delivery",
  delivered: "has been delivered",
  returned_to_origin: "came back to us",
};

function body(order: OrderRow, step: ShipmentStep, d: ShipmentNoticeDetails): string[] {
  const track = d.trackingUrl ? [`Track it here: ${d.trackingUrl}`] : [];
  const awb = d.awb ? `${d.courier ? `${d.courier} ` : ""}tracking number ${d.awb}` : "";
  switch (step) {
    case "shipped":
      return [`Your order #${order.id} is on its way${awb ? ` (${awb})` : ""}.`, ...track];
    case "out_for_delivery":
      return [
        `Your order #${order.id} is out for delivery today. Please keep your phone reachable.`,
        ...(order.paymentMethod === "cod" ? ["Please keep the cash ready for the courier."] : []),
        ...track,
      ];
    case "delivered":
      return [
        `Your order #${order.id} has been delivered. We hope you love it.`,
        "If something is not right, you can ask for a return within 48 hours of delivery.",
      ];
    case "returned_to_origin":
      return [
        `The courier could not deliver your order #${order.id} and returned it to us.`,
        order.paymentMethod === "cod"
          ? "Nothing was charged. If you still want the pieces, please place the order again."
          : "Please write to us and we will arrange a refund or a new delivery.",
      ];
  }
}

/**
 * The one hook for the shopper's shipping notices, in the transaction of the change it announces. A plain
 * e-mail through the outbox for now; the notifications work (HTML e-mail, WhatsApp) re-points this function.
 * An order without an e-mail address (a guest who gave none) gets nothing here.
 */
export async function queueShipmentNotice(
  tx: Tx,
  order: OrderRow,
  step: ShipmentStep,
  details: ShipmentNoticeDetails,
): Promise<void> {
  if (!order.email) return;
  await queueEmail(tx, {
    to: order.email,
    subject: `${order.isTest ? "[TEST] " : ""}Your ${SELLER.brand} order #${order.id} ${SUBJECTS[step]}`,
    text: [
      `Namaste ${order.deliveryName},`,
      "",
      ...body(order, step, details),
      "",
      `${SELLER.brand} - ${SELLER.supportEmail}`,
    ].join("\n"),
  });
}
