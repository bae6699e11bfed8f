import { asc, eq } from "drizzle-orm";
import { RETURN_WINDOW_HOURS, SELLER, shopperTimeText } from "@store/shared";
import type { Tx } from "../../db/client";
import { action, lines, paragraph, STORE_URL_TAG, type Block } from "../../email/letter";
import { letterEmail } from "../../email/outbox";
import { STORE_URL_PARAMETER } from "../../whatsapp/templates";
import { notifyShopper } from "./notify-shopper";
import { deliveryBlock, moneyOf } from "./order-email";
import { toPayByMethod } from "./refund-policy";
import { orderLines } from "./tables";
import { orderPagePath } from "./reader";
import type { OrderRow } from "./transitions";

export type ShipmentStep = "shipped" | "out_for_delivery" | "delivered" | "returned_to_origin";

export interface ShipmentDetails {
  awb: string;
  courier: string;
  /** The courier's own tracking page; null when it has none (a courier the seller named, hand delivery). */
  trackingUrl: string | null;
  /** The seller brings the parcel herself: no courier, no AWB. */
  byHand?: boolean;
  /** When the step happened (the courier's event time); now when absent. The return window counts from delivery. */
  at?: Date;
}

/** A moment in the shopper's own zone, named ("Tue 8 Dec, 3:05 pm GMT"; IST for a domestic order). */
const whenText = (order: OrderRow, at: Date) => shopperTimeText(at, order.timeZone, order.deliveryCountry);

/** When the step happened: the courier's event time, now when the caller gave none. */
const stepTime = (details: ShipmentDetails) => details.at ?? new Date();

/** Until when a delivered order can be returned or exchanged: the spec's window from the delivery. */
const returnUntil = (details: ShipmentDetails) =>
  new Date(stepTime(details).getTime() + RETURN_WINDOW_HOURS * 3_600_000);

const testMark = (order: OrderRow) => (order.isTest ? "[TEST] " : "");

async function piecesOf(tx: Tx, order: OrderRow) {
  const rows = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  return rows.filter((l) => l.quantity > l.cancelledQuantity);
}

function courierBlocks(order: OrderRow, details: ShipmentDetails): Block[] {
  const progress = action("Your order's progress", `${STORE_URL_TAG}${orderPagePath(order)}`);
  if (details.byHand)
    return [paragraph("We are bringing it to you ourselves: no courier, no tracking number."), progress];
  return [
    paragraph(`Courier: ${details.courier}\nTracking number: ${details.awb}`),
    ...(details.trackingUrl ? [action("Track your parcel", details.trackingUrl)] : []),
    progress,
  ];
}

/** The e-mail for one step: subject, preview and blocks. */
async function stepLetter(tx: Tx, order: OrderRow, step: ShipmentStep, details: ShipmentDetails) {
  switch (step) {
    case "shipped": {
      const pieces = await piecesOf(tx, order);
      return {
        subject: `Your ${SELLER.brand} order #${order.id} has shipped`,
        preview: details.byHand ? "On its way to you" : `On its way with ${details.courier}`,
        blocks: [
          paragraph(`Good news: your order #${order.id} is on its way (sent ${whenText(order, stepTime(details))}).`),
          lines(pieces.map((l) => `${l.quantity - l.cancelledQuantity} x ${l.productName} (size ${l.size})`)),
          ...courierBlocks(order, details),
          deliveryBlock(order),
        ],
      };
    }
    case "out_for_delivery":
      return {
        subject: `Your ${SELLER.brand} order #${order.id} is out for delivery`,
        preview: "Arriving today",
        blocks: [
          paragraph(`Your order #${order.id} is out for delivery today.${cashNote(order)}`),
          ...courierBlocks(order, details),
        ],
      };
    case "delivered": {
      const pieces = await piecesOf(tx, order);
      return {
        subject: `Your ${SELLER.brand} order #${order.id} has been delivered`,
        preview: "We hope you love it",
        blocks: [
          paragraph(`Your order #${order.id} has been delivered. We hope you love it.`),
          paragraph(
            `Not right? You can ask for a return or a size exchange within ${RETURN_WINDOW_HOURS} hours of delivery, until ${whenText(order, returnUntil(details))}, from your order's page.`,
          ),
          action("Ask for a return or exchange", `${STORE_URL_TAG}${orderPagePath(order)}`),
          // Each piece's review form, open on the order's page (the link holds the page's secret).
          lines(
            pieces.map((l) => `${l.productName}: ${STORE_URL_TAG}${orderPagePath(order)}#review-${l.id}`),
            "Tell other shoppers what you think of your pieces: write a review",
          ),
        ],
      };
    }
    case "returned_to_origin":
      return {
        subject: `Your ${SELLER.brand} order #${order.id} came back to us`,
        preview: "The courier could not deliver your parcel",
        blocks: [
          paragraph(
            `The courier could not deliver your order #${order.id} and has returned it to us (AWB ${details.awb}).`,
          ),
          paragraph(`If you still want it, write to us at ${SELLER.supportEmail} and we will send it again.`),
        ],
      };
  }
}

/** The WhatsApp template for a step, where there is one (a parcel back with us is told by e-mail). */
function stepWhatsApp(order: OrderRow, step: ShipmentStep, details: ShipmentDetails) {
  const id = String(order.id);
  // Without the courier's page, the order's own page is where the shopper follows it.
  const trackingUrl = details.trackingUrl ?? `${STORE_URL_PARAMETER}${orderPagePath(order)}`;
  switch (step) {
    case "shipped":
      return {
        template: "order_shipped" as const,
        parameters: details.byHand
          ? [id, "our own delivery", "none needed", trackingUrl]
          : [id, details.courier, details.awb, trackingUrl],
      };
    case "out_for_delivery":
      return { template: "out_for_delivery" as const, parameters: [id, trackingUrl] };
    case "delivered":
      return {
        template: "order_delivered" as const,
        parameters: [id, whenText(order, returnUntil(details)), `${STORE_URL_PARAMETER}${orderPagePath(order)}`],
      };
    case "returned_to_origin":
      return undefined;
  }
}

/**
 * Tells the shopper about a shipment's step, in the caller's transaction (the one that records the step):
 * the e-mail unless the address opted out, the WhatsApp message if the shopper opted in and has not opted out
 * since. The shipping module calls this; queuing never fails the step for a slow channel (the outboxes retry).
 */
export async function queueShipmentNotice(
  tx: Tx,
  order: OrderRow,
  step: ShipmentStep,
  details: ShipmentDetails,
): Promise<{ email: boolean; whatsapp: boolean }> {
  const letter = await stepLetter(tx, order, step, details);
  const email = order.email
    ? letterEmail(order.email, `${testMark(order)}${letter.subject}`, {
        preview: letter.preview,
        greeting: `Namaste ${order.deliveryName},`,
        blocks: letter.blocks,
        orderUpdate: true,
      })
    : undefined;
  return notifyShopper(tx, order, { email, whatsapp: stepWhatsApp(order, step, details) });
}

/** Cash on delivery: what to keep ready, the total less any store credit spent (decision 088); nothing otherwise. */
function cashNote(order: OrderRow): string {
  const rest = order.paymentMethod === "cod" ? toPayByMethod(order) : 0;
  return rest > 0 ? ` Please keep ${moneyOf(order)(rest)} ready in cash for the courier.` : "";
}
