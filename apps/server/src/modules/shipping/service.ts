import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { OrderShipping, ShipmentResults } from "@store/shared";
import type { Db } from "../../db/client";
import { AppError, Refusal, refusal } from "../../errors";
import type { ServiceLog } from "../../log";
import { readOrder } from "../orders/shipping-steps";
import { bookForward, type OnBooked } from "./book";
import { customsPapersOf } from "./customs";
import { commercialInvoicePdf, packingListPdf } from "./customs-pdf";
import { courierRefusal, shippingNotConfigured } from "./failures";
import type { ShippingGateway } from "./gateway";
import { bookReturnParcel, type ReturnParcelRequest } from "./return-parcels";
import { mergePdfs } from "./labels";
import { createFailedDeliveryService } from "./ndr-service";
import { recallParcel } from "./recall";
import { ShippingWebhookRejected, type ShippingProvider } from "./provider";
import { shipments } from "./tables";
import { applyTrackingUpdate } from "./tracking";
import { shipmentsOfOrder, shopperTracking, type ParcelAbroad } from "./views";

type Headers = Record<string, string | string[] | undefined>;
type Result = ShipmentResults["results"][number];

/** A refusal as one order's line of a batch answer; other errors are not the seller's to read. */
function refusedLine(orderId: number, err: unknown): Result {
  if (!(err instanceof AppError)) throw err;
  return { order_id: orderId, ok: false, awb: null, courier: null, message: err.message, code: err.code };
}

const tally = (results: Result[]): ShipmentResults => {
  const done = results.filter((r) => r.ok).length;
  return { results, done, refused: results.length - done };
};

export function createShippingService(
  db: Db,
  { gateway, log, pickupLocation }: { gateway: ShippingGateway; log: ServiceLog; pickupLocation: string },
) {
  /** The standard shipping's carrier (returns and exchanges go with it). */
  const provider = (): ShippingProvider => {
    if (!gateway.provider) throw shippingNotConfigured();
    return gateway.provider;
  };
  /** The carrier that booked a shipment row, which handles it to the end. */
  const carrierOf = (shipment: { provider: string }): ShippingProvider => {
    const carrier = gateway.carrierNamed(shipment.provider);
    if (!carrier) throw shippingNotConfigured();
    return carrier;
  };

  /** The live forward shipments (with an AWB) of these orders, by order id. */
  async function liveShipments(orderIds: number[]) {
    const rows = await db
      .select()
      .from(shipments)
      .where(
        and(
          inArray(shipments.orderId, orderIds),
          eq(shipments.direction, "forward"),
          ne(shipments.status, "cancelled"),
          sql`${shipments.awb} is not null`,
        ),
      );
    return new Map(rows.map((r) => [r.orderId, r]));
  }

  /** A parcel's label: the one kept, or fetched from its courier once and kept. */
  async function labelOf(shipment: typeof shipments.$inferSelect, orderId: number): Promise<Uint8Array> {
    if (shipment.labelPdf) return shipment.labelPdf;
    let pdf: Uint8Array;
    try {
      pdf = await carrierOf(shipment).label(shipment.shipmentId!);
    } catch (err) {
      throw courierRefusal(err, `the label of order ${orderId}`);
    }
    await db.update(shipments).set({ labelPdf: pdf }).where(eq(shipments.id, shipment.id));
    return pdf;
  }

  return {
    gateway,
    /** Failed deliveries (NDRs): the shopper's link and the seller's queue (decision 090). */
    failedDeliveries: createFailedDeliveryService(db, gateway),

    /** After the seller cancelled an order with a parcel: the courier calls it back (recall.ts). */
    recallParcel: (orderId: number) => recallParcel(db, gateway.carrierNamed, log, orderId),

    /** The order's parcel and the courier's steps, for the shopper's order page. */
    shopperTracking: (orderId: number, abroad?: ParcelAbroad | null) => shopperTracking(db, orderId, abroad),

    /** A return request's pickup, or an exchange's new parcel (return-parcels.ts). */
    bookReturnParcel: (request: ReturnParcelRequest) => bookReturnParcel(db, provider(), pickupLocation, request),

    /**
     * Books each order's parcel on its own (decision 023's rule for batches): one the courier refuses, or
     * that cannot ship, is reported with the reason and left as it was; the others ship, each with its
     * shipping method's carrier.
     */
    async createShipments(orderIds: number[], onBooked?: OnBooked): Promise<ShipmentResults> {
      if (gateway.carriers.size === 0) throw shippingNotConfigured();
      const results: Result[] = [];
      for (const orderId of orderIds) {
        try {
          const booked = await bookForward(db, gateway.carrierFor, pickupLocation, orderId, onBooked);
          results.push({
            order_id: orderId,
            ok: true,
            awb: booked.awb,
            courier: booked.courier,
            message: null,
            code: null,
          });
        } catch (err) {
          if (err instanceof AppError && err.kind === "not_found")
            results.push(refusedLine(orderId, refusal("not_found", "NOT_FOUND", `Order ${orderId} was not found.`)));
          else results.push(refusedLine(orderId, err));
        }
      }
      return tally(results);
    },

    /**
     * "Book and print" in one go (issue 40, point 13): each order without a parcel is booked (as
     * createShipments), then each parcel's label is fetched and kept. An order that cannot ship, or whose label
     * the courier does not give, is answered with the reason in the seller's words and the others go on: `ok`
     * means its label is ready, so `labels.pdf` of the ok ones prints without asking the courier again.
     */
    async prepareLabels(orderIds: number[], onBooked?: OnBooked): Promise<ShipmentResults> {
      if (gateway.carriers.size === 0) throw shippingNotConfigured();
      const results: Result[] = [];
      for (const orderId of orderIds) {
        try {
          let shipment = (await liveShipments([orderId])).get(orderId);
          if (!shipment) {
            try {
              await bookForward(db, gateway.carrierFor, pickupLocation, orderId, onBooked);
            } catch (err) {
              if (err instanceof AppError && err.kind === "not_found")
                throw refusal("not_found", "NOT_FOUND", `Order ${orderId} was not found.`);
              throw err;
            }
            shipment = (await liveShipments([orderId])).get(orderId)!;
          }
          await labelOf(shipment, orderId);
          results.push({
            order_id: orderId,
            ok: true,
            awb: shipment.awb,
            courier: shipment.courier,
            message: null,
            code: null,
          });
        } catch (err) {
          results.push(refusedLine(orderId, err));
        }
      }
      return tally(results);
    },

    /**
     * The labels of these orders' parcels as one PDF, in the order asked. Each label is fetched from the
     * courier once and kept; an order without a booked parcel refuses the whole print (nothing half-printed).
     */
    async labelsPdf(orderIds: number[]): Promise<Uint8Array> {
      const live = await liveShipments(orderIds);
      const missing = orderIds.filter((id) => !live.has(id));
      if (missing.length > 0)
        throw new Refusal(
          "conflict",
          "NO_SHIPMENT",
          `No shipment has been created for order ${missing.join(", ")}; create its shipment first.`,
        );
      const files: Uint8Array[] = [];
      for (const orderId of orderIds) files.push(await labelOf(live.get(orderId)!, orderId));
      try {
        return await mergePdfs(files);
      } catch (err) {
        log.error({ err, orderIds }, "a courier label is not a readable PDF");
        throw new Refusal("unavailable", "LABEL_UNREADABLE", "A label from the courier could not be read; try again.");
      }
    },

    /**
     * Asks the courier to collect these orders' parcels (one call for all). Orders without a parcel are
     * reported as refused; one already asked for is answered ok again (asking twice changes nothing).
     */
    async requestPickup(orderIds: number[]): Promise<ShipmentResults> {
      if (gateway.carriers.size === 0) throw shippingNotConfigured();
      const live = await liveShipments(orderIds);
      const results: Result[] = [];
      const toAsk = orderIds.filter((id) => {
        const s = live.get(id);
        if (s && (s.status === "awb_assigned" || s.status === "pickup_scheduled")) return true;
        const reason = s
          ? `Order ${id}'s parcel is already ${s.status === "cancelled" ? "cancelled" : "with the courier"}.`
          : `No shipment has been created for order ${id}; create its shipment first.`;
        results.push(refusedLine(id, refusal("conflict", s ? "ALREADY_PICKED_UP" : "NO_SHIPMENT", reason)));
        return false;
      });
      const fresh = toAsk.filter((id) => !live.get(id)!.pickupRequestedAt);
      // One request per carrier, for the parcels it booked, marked asked as soon as it answers.
      for (const name of new Set(fresh.map((id) => live.get(id)!.provider))) {
        const parcels = fresh.map((id) => live.get(id)!).filter((p) => p.provider === name);
        try {
          await carrierOf({ provider: name }).requestPickup(parcels.map((p) => p.shipmentId!));
        } catch (err) {
          throw courierRefusal(err, "the pickup request");
        }
        await db
          .update(shipments)
          .set({
            pickupRequestedAt: sql`now()`,
            status: sql`case when ${shipments.status} = 'awb_assigned' then 'pickup_scheduled'::shipment_status else ${shipments.status} end`,
            updatedAt: sql`now()`,
          })
          .where(
            inArray(
              shipments.id,
              parcels.map((p) => p.id),
            ),
          );
      }
      for (const id of toAsk) {
        const s = live.get(id)!;
        results.push({ order_id: id, ok: true, awb: s.awb, courier: s.courier, message: null, code: null });
      }
      return tally(results.sort((a, b) => orderIds.indexOf(a.order_id) - orderIds.indexOf(b.order_id)));
    },

    /**
     * A carrier's tracking update, at its webhook path (registry.ts's `carrierWebhookPath`). Forged (bad token):
     * 401, nothing recorded; not a tracking update: 400; a replay: 200 and no change; an AWB we never booked:
     * 200, ignored.
     */
    async webhook(headers: Headers, rawBody: string, carrier: string) {
      const courier = carrierOf({ provider: carrier });
      let update;
      try {
        update = courier.parseWebhook(headers, rawBody);
      } catch (err) {
        if (!(err instanceof ShippingWebhookRejected)) throw err;
        log.warn({ reason: err.message }, "courier webhook refused");
        throw err.forged
          ? new Refusal("unauthorized", "WEBHOOK_FORGED", "The webhook's token is missing or wrong.")
          : new Refusal("bad_request", "WEBHOOK_UNREADABLE", "The webhook is not a tracking update.");
      }
      const outcome = await applyTrackingUpdate(db, courier.name, update);
      return outcome.known
        ? { received: true, duplicate: outcome.duplicate, applied: outcome.applied }
        : { received: true, duplicate: false, applied: false };
    },

    /**
     * An order's customs paper as a PDF, made afresh from its export invoice, its pieces still to ship and the
     * seller's registration: 404 for no such order; 422 with the reason when it has none (within India, no
     * export invoice yet, no IEC saved).
     */
    async customsPaperPdf(
      orderId: number,
      paper: "commercial-invoice" | "packing-list",
    ): Promise<{ filename: string; pdf: Buffer }> {
      const order = await readOrder(db, orderId);
      if (!order) throw new Refusal("not_found", "ORDER_NOT_FOUND", `Order ${orderId} was not found.`);
      const papers = await customsPapersOf(db, order);
      const pdf = paper === "commercial-invoice" ? await commercialInvoicePdf(papers) : await packingListPdf(papers);
      return { filename: `${paper}-order-${orderId}.pdf`, pdf };
    },

    /** The back office's view of an order's parcels. */
    async orderShipping(orderId: number): Promise<OrderShipping> {
      return { shipments: await shipmentsOfOrder(db, orderId), simulated: gateway.simulators.size > 0 };
    },

    /**
     * The simulator of the carrier that booked an order's parcel moves it (the back office's demo buttons);
     * answers once the webhook it sends has been applied. Refused when that carrier is real.
     */
    async simulate(orderId: number, action: "advance" | "fail"): Promise<void> {
      const notSimulated = () =>
        new Refusal("conflict", "NOT_SIMULATED", "Only the simulated courier can be moved from the back office.");
      if (gateway.simulators.size === 0) throw notSimulated();
      const live = (await liveShipments([orderId])).get(orderId);
      if (!live?.awb) throw new Refusal("conflict", "NO_SHIPMENT", `Order ${orderId} has no shipment to move.`);
      const simulator = gateway.simulators.get(live.provider);
      if (!simulator) throw notSimulated();
      const moved = await simulator.move(live.awb, action);
      if (!moved?.ok)
        throw new Refusal(
          "conflict",
          "CANNOT_MOVE",
          action === "fail"
            ? "Only a parcel on its way (picked up, in transit or out for delivery) can fail delivery."
            : "This parcel is at the end of its journey.",
        );
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
