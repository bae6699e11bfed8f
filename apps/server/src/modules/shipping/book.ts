import { eq, sql } from "drizzle-orm";
import { isShippingMethodCode, shippingMethod } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { Refusal, refusal } from "../../errors";
import { istDayOf } from "../../lib/seller-time";
import { eWayBillNeed, needText } from "../invoices/e-way-bill";
import { queueShipmentNotice } from "../orders/shipment-notices";
import { lockOrderToShip, markShipped } from "../orders/shipping-steps";
import { commercialInvoicePdf, packingListPdf } from "./customs-pdf";
import { customsPapersOf, declarationOf, type CustomsPapers } from "./customs";
import { courierRefusal, shippingNotConfigured } from "./failures";
import { parcelOf } from "./parcel";
import type { CourierCharges, ParcelOrder, ShippingProvider } from "./provider";
import { orderParcelOf, shipmentEvents, shipments } from "./tables";

export interface Booked {
  orderId: number;
  shipmentRowId: number;
  awb: string;
  courier: string;
}

/** Called in the transaction that ships the order (the back office's audit row). */
export type OnBooked = (tx: Tx, booked: Booked) => Promise<void>;

/**
 * Books one order's parcel with the courier and ships the order, in three steps so that no transaction
 * waits on the network: (1) under the order's lock, check it may ship and claim its shipment row
 * (`creating`; the one-live-parcel index stops a second click); (2) ask the courier for the shipment and
 * its AWB; (3) under the lock again, record the AWB, ship the order and queue the shopper's notice. A
 * courier that refuses or is down removes the claim: the order is as it was, and the seller is told why.
 * The order's shipping method names its carrier (`carrierFor`, the gateway's registry) and its zone: a parcel
 * abroad goes with an international method's carrier, its customs papers and declaration with it (decision 082).
 */
export async function bookForward(
  db: Db,
  carrierFor: (shippingMethod: string) => ShippingProvider | null,
  pickupLocation: string,
  orderId: number,
  onBooked?: OnBooked,
): Promise<Booked> {
  const booking = await db.transaction(async (tx) => {
    const order = await lockOrderToShip(tx, orderId);
    const method = isShippingMethodCode(order.shippingMethod) ? shippingMethod(order.shippingMethod) : null;
    const abroad = order.deliveryCountry !== "IN";
    if (abroad && method?.zone !== "international")
      throw refusal(
        "conflict",
        "NOT_DOMESTIC",
        `Order ${orderId} goes abroad; the courier aggregator ships within India only. Ship it by hand.`,
      );
    if (!abroad && method?.zone === "international")
      throw refusal(
        "conflict",
        "NOT_INTERNATIONAL",
        `Order ${orderId} is delivered within India but was placed with ${method.label}.`,
      );
    const provider = carrierFor(order.shippingMethod);
    if (!provider) throw shippingNotConfigured();
    if (await hasOrderParcel(tx, orderId))
      throw refusal("conflict", "ALREADY_BOOKED", `Order ${orderId} already has a shipment being booked.`);
    // Above the e-way bill limit the parcel does not leave without the bill's number (CGST rule 138).
    const need = await eWayBillNeed(tx, orderId, istDayOf(new Date()));
    if (need.needed && !need.number)
      throw refusal(
        "unprocessable",
        "E_WAY_BILL_REQUIRED",
        need.invoice
          ? `${needText(orderId, need)}: enter its number on the order, then book it.`
          : `${needText(orderId, need)}, which is made from the tax invoice: issue the invoice, then enter the e-way bill's number on the order.`,
      );
    const [claim] = await tx
      .insert(shipments)
      .values({ orderId, direction: "forward", provider: provider.name, isTest: provider.simulated })
      .returning({ id: shipments.id });
    const parcel = await parcelOf(tx, order, pickupLocation, String(orderId));
    // An export's papers come from its export invoice: refused, with the reason, before anything is booked.
    const papers = abroad ? await customsPapersOf(tx, order) : null;
    return {
      claimId: claim!.id,
      parcel: need.needed ? { ...parcel, eWayBillNumber: need.number } : parcel,
      provider,
      papers,
      speed: method?.code === "international-standard" ? ("standard" as const) : ("express" as const),
      country: order.deliveryCountry,
    };
  });
  const { claimId, provider } = booking;
  const parcel = booking.papers
    ? await withCustoms(booking.parcel, booking.papers, booking.country, booking.speed)
    : booking.parcel;

  let booked: BookedParcel;
  try {
    const created = await provider.createShipment(parcel);
    const awb = await provider.assignAwb(created.shipmentId);
    booked = { ...created, ...awb };
  } catch (err) {
    await db.delete(shipments).where(eq(shipments.id, claimId));
    throw courierRefusal(err, `order ${orderId}`);
  }

  const trackingUrl = provider.trackingUrl(booked.awb);
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrderToShip(tx, orderId);
      await recordBooking(tx, claimId, booked, trackingUrl);
      const shipped = await markShipped(tx, order, { awb: booked.awb, courier: booked.courier, trackingUrl });
      await queueShipmentNotice(tx, shipped, "shipped", { awb: booked.awb, trackingUrl, courier: booked.courier });
      const result = { orderId, shipmentRowId: claimId, awb: booked.awb, courier: booked.courier };
      await onBooked?.(tx, result);
      return result;
    });
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    // Cancelled meanwhile (the seller, on another tab): the AWB is kept on a cancelled shipment, for the record.
    await db
      .update(shipments)
      .set({ status: "cancelled", awb: booked.awb, shipmentId: booked.shipmentId, updatedAt: sql`now()` })
      .where(eq(shipments.id, claimId));
    throw err;
  }
}

/** An export parcel with its country, its service and its customs declaration, the papers attached as PDFs. */
async function withCustoms(
  parcel: ParcelOrder,
  papers: CustomsPapers,
  country: string,
  speed: "standard" | "express",
): Promise<ParcelOrder> {
  const [invoice, packing] = await Promise.all([commercialInvoicePdf(papers), packingListPdf(papers)]);
  const documents = [
    { kind: "commercial-invoice" as const, pdf: new Uint8Array(invoice) },
    { kind: "packing-list" as const, pdf: new Uint8Array(packing) },
  ];
  return {
    ...parcel,
    country,
    speed,
    customs: declarationOf(papers, documents, parcel.weightKg / Math.max(1, papers.pieces)),
  };
}

/** Whether the order's own parcel is booked or being booked: its address and e-way bill are then the courier's. */
export async function hasOrderParcel(db: Db | Tx, orderId: number): Promise<boolean> {
  const [live] = await db.select({ id: shipments.id }).from(shipments).where(orderParcelOf(orderId));
  return live !== undefined;
}

/** What the courier answered to a booking: its ids, the AWB and courier, and its charges when it said them. */
export interface BookedParcel {
  providerOrderId: string;
  shipmentId: string;
  awb: string;
  courier: string;
  charges?: CourierCharges;
}

/** The courier's answer written on the claimed row, with the booking as the parcel's first event. */
export async function recordBooking(tx: Tx, claimId: number, booked: BookedParcel, trackingUrl: string): Promise<void> {
  await tx
    .update(shipments)
    .set({
      providerOrderId: booked.providerOrderId,
      shipmentId: booked.shipmentId,
      awb: booked.awb,
      courier: booked.courier,
      trackingUrl,
      freightMinor: booked.charges?.freightMinor ?? null,
      rtoFreightMinor: booked.charges?.rtoMinor ?? null,
      status: "awb_assigned",
      statusAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(shipments.id, claimId));
  await tx.insert(shipmentEvents).values({
    shipmentId: claimId,
    eventKey: `booked:${booked.awb}`,
    status: "awb_assigned",
    rawStatus: "AWB ASSIGNED",
    at: new Date(),
  });
}
