import { randomUUID } from "node:crypto";
import { z } from "zod";
import { SELLER, type CustomsStep } from "@store/shared";
import { sameSecret } from "../../lib/secrets";
import { callCourier } from "./http";
import {
  ShippingProviderError,
  ShippingWebhookRejected,
  type ParcelOrder,
  type ShippingProvider,
  type TrackingUpdate,
} from "./provider";

/**
 * DHL Express's MyDHL API (express.api.dhl.com/mydhlapi; decision 082): rates, shipments with their label and
 * paperless-trade papers, pickups, tracking, and the tracking pushes of DHL's Shipment Tracking - Unified - Push
 * subscription. Its simulator (simulator/dhl-sim.ts) speaks the same paths and fields.
 */
export interface DhlCredentials {
  apiKey: string;
  apiSecret: string;
  accountNumber: string;
  /** The token the push subscription sends in `x-dhl-push-token`; unset: every push is refused. */
  pushToken?: string;
  /** Read on every call: the simulator's address is known only once the server listens. */
  baseUrl: () => string;
  trackingUrl: (awb: string) => string;
  simulated: boolean;
}

/** The header the push subscription's ApiKeyAuthentication is set to send its token in. */
export const DHL_PUSH_HEADER = "x-dhl-push-token";

/** DHL's global product codes: Express Worldwide (non-documents), Economy Select (non-documents). */
export const DHL_PRODUCTS = { express: "P", standard: "H" } as const;
const PRODUCT_NAMES: Record<string, string> = { P: "DHL Express Worldwide", H: "DHL Economy Select" };

/** DHL Express checkpoint codes the store reads, and what each means for the parcel. */
const CHECKPOINTS: Record<string, TrackingUpdate["status"]> = {
  PU: "picked_up",
  PL: "in_transit",
  DF: "in_transit",
  AF: "in_transit",
  AR: "in_transit",
  CR: "in_transit",
  CD: "in_transit",
  OH: "in_transit",
  WC: "out_for_delivery",
  OK: "delivered",
  NH: "undelivered",
  BA: "undelivered",
  RD: "undelivered",
  CA: "undelivered",
  RT: "rto_initiated",
};

/** A checkpoint's status: "OK" after "RT" is the parcel back with the shipper, not the buyer's delivery. */
export function dhlStatus(code: string, earlierCodes: readonly string[]): TrackingUpdate["status"] {
  if (code === "OK" && earlierCodes.includes("RT")) return "rto_delivered";
  return CHECKPOINTS[code] ?? null;
}

/**
 * The customs step a checkpoint is (decision 086). "CR" (customs status updated) is the export's clearance in
 * India and the import's release abroad: the checkpoint's country tells which, or, when DHL names none (the
 * MyDHL tracking call), whether an earlier "CR" came first. An arrival ("AF", "AR") in the destination country
 * is the parcel at its import customs; "CD" (clearance delay) is a hold. "OH" (on hold) is not said to be customs.
 */
export function dhlCustomsStep(
  code: string,
  where: { country: string | null; destination: string | null; earlierCodes: readonly string[] },
): CustomsStep | null {
  if (code === "CD") return "held";
  if (code === "CR") {
    if (where.country) return where.country === "IN" ? "export_cleared" : "released";
    return where.earlierCodes.includes("CR") ? "released" : "export_cleared";
  }
  const abroad = where.country !== null && where.country !== "IN" && where.country === where.destination;
  if ((code === "AF" || code === "AR") && abroad) return "import_arrived";
  return null;
}

/** Tomorrow in India at 11:00 (a planned shipping date may not be in the past, the API says), as DHL writes it. */
export function plannedShippingTime(now: Date): string {
  const ist = new Date(now.getTime() + 330 * 60_000 + 86_400_000);
  return `${ist.toISOString().slice(0, 10)}T11:00:00 GMT+05:30`;
}

const shipperAddress = () => ({
  postalCode: SELLER.address.postalCode,
  cityName: SELLER.address.city,
  countryCode: "IN",
  provinceCode: "RJ",
  addressLine1: SELLER.address.street,
  addressLine2: SELLER.address.locality,
});

/** `POST /rates`: one box from the pickup to the address, its customs value declared. */
export function dhlRatesBody(
  input: { pickupPincode: string; deliveryPincode: string; deliveryCountry: string; weightKg: number },
  accountNumber: string,
  now: Date,
) {
  return {
    customerDetails: {
      shipperDetails: { postalCode: input.pickupPincode, cityName: SELLER.address.city, countryCode: "IN" },
      receiverDetails: { postalCode: input.deliveryPincode, countryCode: input.deliveryCountry },
    },
    accounts: [{ typeCode: "shipper", number: accountNumber }],
    plannedShippingDateAndTime: plannedShippingTime(now),
    unitOfMeasurement: "metric",
    isCustomsDeclarable: true,
    packages: [{ weight: input.weightKg, dimensions: { length: 30, width: 25, height: 8 } }],
  };
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/**
 * `POST /shipments` for an export parcel: shipper (with GSTIN), receiver, the box, the export declaration (each
 * line's HS code, value in the order's currency, origin India, the export invoice's number and date, the LUT
 * declaration) and, as paperless trade (value-added service WY), our commercial invoice and packing list as
 * document images. The label comes back in the answer.
 */
export function dhlShipmentBody(parcel: ParcelOrder, accountNumber: string, now: Date) {
  const customs = parcel.customs;
  if (!customs || !parcel.country) throw new Error("a DHL Express parcel needs its country and customs declaration");
  const productCode = parcel.speed === "standard" ? DHL_PRODUCTS.standard : DHL_PRODUCTS.express;
  const ddp = customs.incoterm === "DDP";
  return {
    plannedShippingDateAndTime: plannedShippingTime(now),
    pickup: { isRequested: false },
    productCode,
    // Duties collected at checkout (DDP) are billed to the shipper's account: service DD, "duties & taxes paid".
    accounts: [
      { typeCode: "shipper", number: accountNumber },
      ...(ddp ? [{ typeCode: "duties-taxes", number: accountNumber }] : []),
    ],
    valueAddedServices: [{ serviceCode: "WY" }, ...(ddp ? [{ serviceCode: "DD" }] : [])],
    outputImageProperties: {
      encodingFormat: "pdf",
      imageOptions: [{ typeCode: "label", templateName: "ECOM26_84_001", isRequested: true }],
    },
    customerReferences: [{ value: parcel.reference, typeCode: "CU" }],
    customerDetails: {
      shipperDetails: {
        postalAddress: shipperAddress(),
        contactInformation: {
          phone: SELLER.phones[0],
          companyName: customs.exporter.legalName,
          fullName: SELLER.founder,
          email: SELLER.supportEmail,
        },
        registrationNumbers: [{ typeCode: "GST", number: customs.exporter.gstin, issuerCountryCode: "IN" }],
        typeCode: "business",
      },
      receiverDetails: {
        postalAddress: {
          postalCode: parcel.pincode,
          cityName: parcel.city,
          countryCode: parcel.country,
          ...(parcel.state && { provinceName: parcel.state }),
          addressLine1: parcel.address.slice(0, 45),
          ...(parcel.address.length > 45 && { addressLine2: parcel.address.slice(45, 90) }),
        },
        contactInformation: {
          phone: parcel.phone,
          companyName: parcel.name,
          fullName: parcel.name,
          ...(parcel.email && { email: parcel.email }),
        },
        typeCode: "private",
      },
    },
    content: {
      packages: [
        {
          weight: parcel.weightKg,
          dimensions: {
            length: parcel.dimensionsCm.length,
            width: parcel.dimensionsCm.breadth,
            height: parcel.dimensionsCm.height,
          },
          customerReferences: [{ value: parcel.reference, typeCode: "CU" }],
        },
      ],
      isCustomsDeclarable: true,
      declaredValue: customs.totalValue,
      declaredValueCurrency: customs.currency,
      description: customs.lines
        .map((l) => l.description)
        .join(", ")
        .slice(0, 70),
      incoterm: customs.incoterm,
      unitOfMeasurement: "metric",
      exportDeclaration: {
        lineItems: customs.lines.map((l, i) => ({
          number: i + 1,
          description: l.description.slice(0, 512),
          price: l.unitValue,
          quantity: { value: l.quantity, unitOfMeasurement: "PCS" },
          commodityCodes: [{ typeCode: "outbound", value: l.hsn }],
          exportReasonType: "permanent",
          manufacturerCountry: "IN",
          weight: { netValue: l.weightKg, grossValue: l.weightKg },
        })),
        invoice: { number: customs.invoiceNumber, date: customs.invoiceDate },
        exportReason: "Sale",
        exportReasonType: "permanent",
        shipmentType: "commercial",
        declarationNotes: [{ value: customs.declaration.slice(0, 700) }],
        // The exporter's IEC, as the export licence DHL India's declaration asks for.
        licenses: [{ typeCode: "export", value: customs.exporter.iec }],
      },
    },
    documentImages: customs.documents.map((d) => ({
      typeCode: d.kind === "commercial-invoice" ? "INV" : "PNV",
      imageFormat: "PDF",
      content: b64(d.pdf),
    })),
  };
}

const ratesSchema = z
  .object({
    products: z.array(
      z
        .object({
          productCode: z.string(),
          productName: z.string().optional(),
          deliveryCapabilities: z.object({ totalTransitDays: z.coerce.number().nullish() }).loose().optional(),
        })
        .loose(),
    ),
  })
  .loose();
const shipmentSchema = z
  .object({
    shipmentTrackingNumber: z.union([z.string(), z.number()]).transform(String),
    documents: z.array(z.object({ typeCode: z.string(), content: z.string() }).loose()).default([]),
  })
  .loose();
const imageSchema = z
  .object({ documents: z.array(z.object({ typeCode: z.string(), content: z.string() }).loose()) })
  .loose();
const pickupSchema = z
  .object({
    dispatchConfirmationNumbers: z.array(z.string()).default([]),
    readyByTime: z.string().optional(),
    nextPickupDate: z.string().optional(),
  })
  .loose();
const eventSchema = z
  .object({
    date: z.string(),
    time: z.string(),
    GMTOffset: z.string().optional(),
    typeCode: z.string(),
    description: z.string().default(""),
    serviceArea: z.array(z.object({ description: z.string().optional() }).loose()).default([]),
  })
  .loose();
const trackingSchema = z
  .object({
    shipments: z.array(
      z
        .object({
          shipmentTrackingNumber: z.union([z.string(), z.number()]).transform(String),
          events: z.array(eventSchema),
        })
        .loose(),
    ),
  })
  .loose();
const shippingBillSchema = z.object({
  shippingBillNumber: z.string().regex(/^\d{7}$/),
  shippingBillDate: z.iso.date(),
  portCode: z.string().regex(/^[A-Z0-9]{6}$/),
});
/** A push of the unified tracking subscription ("Default" format): the shipment with its status and events. */
const pushSchema = z.object({
  shipments: z
    .array(
      z
        .object({
          id: z.string().min(1),
          service: z.string().optional(),
          status: z
            .object({
              timestamp: z.string(),
              statusCode: z.string(),
              status: z.string().min(1),
              description: z.string().default(""),
              location: z
                .object({
                  address: z
                    .object({ addressLocality: z.string().optional(), countryCode: z.string().optional() })
                    .loose(),
                })
                .loose()
                .optional(),
            })
            .loose(),
          destination: z
            .object({ address: z.object({ countryCode: z.string().optional() }).loose() })
            .loose()
            .optional(),
          events: z.array(z.object({ status: z.string() }).loose()).default([]),
          /** The export declaration's shipping bill at export clearance (see decision 082). */
          exportClearance: shippingBillSchema.optional(),
        })
        .loose(),
    )
    .length(1),
});

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** An event's time as DHL writes it ("2026-12-07", "10:15:00", "+05:30"). */
function eventTime(e: { date: string; time: string; GMTOffset?: string }): Date {
  const at = new Date(`${e.date}T${e.time}${e.GMTOffset ?? "Z"}`);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

export function createDhlExpress(creds: DhlCredentials, clock: () => Date = () => new Date()): ShippingProvider {
  const url = (path: string) => `${creds.baseUrl()}${path}`;
  const authorization = `Basic ${Buffer.from(`${creds.apiKey}:${creds.apiSecret}`).toString("base64")}`;
  const headers = () => ({
    authorization,
    "content-type": "application/json",
    accept: "application/json",
    "message-reference": randomUUID(),
  });
  const get = <T>(path: string, schema: z.ZodType<T>) =>
    callCourier(url(path), { method: "GET", headers: headers() }, schema);
  const post = <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    callCourier(url(path), { method: "POST", headers: headers(), body: JSON.stringify(body) }, schema);
  const pdfOf = (documents: { typeCode: string; content: string }[]) => {
    const label = documents.find((d) => d.typeCode === "label");
    if (!label) throw new ShippingProviderError("DHL Express answered no label", 200, "no label in the answer");
    return new Uint8Array(Buffer.from(label.content, "base64"));
  };

  return {
    name: "dhl-express",
    simulated: creds.simulated,
    authenticate: async () => authorization,
    async serviceability({ pickupPincode, deliveryPincode, weightKg, cod, deliveryCountry }) {
      // DHL Express collects no cash on delivery from India.
      if (cod || !deliveryCountry || deliveryCountry === "IN") return [];
      const body = dhlRatesBody(
        { pickupPincode, deliveryPincode, deliveryCountry, weightKg },
        creds.accountNumber,
        clock(),
      );
      const answer = await post("/rates", body, ratesSchema);
      return answer.products.map((p) => ({
        courierId: p.productCode.charCodeAt(0),
        name: p.productName ?? PRODUCT_NAMES[p.productCode] ?? p.productCode,
        cod: false,
        estimatedDays: p.deliveryCapabilities?.totalTransitDays ?? null,
      }));
    },
    async createShipment(parcel) {
      const created = await post("/shipments", dhlShipmentBody(parcel, creds.accountNumber, clock()), shipmentSchema);
      // The air waybill is the shipment's number at DHL Express: booked and numbered in one call.
      return { providerOrderId: created.shipmentTrackingNumber, shipmentId: created.shipmentTrackingNumber };
    },
    async assignAwb(shipmentId) {
      return { awb: shipmentId, courier: "DHL Express" };
    },
    async label(shipmentId) {
      const query = new URLSearchParams({ shipperAccountNumber: creds.accountNumber, typeCode: "label" });
      const answer = await get(`/shipments/${encodeURIComponent(shipmentId)}/get-image?${query}`, imageSchema);
      return pdfOf(answer.documents);
    },
    // A DHL pickup collects every parcel waiting at the shipper's address: one booking for these parcels.
    async requestPickup(shipmentIds) {
      const body = {
        plannedPickupDateAndTime: plannedShippingTime(clock()),
        closeTime: "18:00",
        location: "reception",
        accounts: [{ typeCode: "shipper", number: creds.accountNumber }],
        customerDetails: {
          shipperDetails: {
            postalAddress: shipperAddress(),
            contactInformation: { phone: SELLER.phones[0], companyName: SELLER.legalName, fullName: SELLER.founder },
          },
        },
        shipmentDetails: shipmentIds.map(() => ({
          productCode: DHL_PRODUCTS.express,
          isCustomsDeclarable: true,
          unitOfMeasurement: "metric",
          packages: [{ weight: 0.5, dimensions: { length: 30, width: 25, height: 8 } }],
        })),
      };
      const answer = await post("/pickups", body, pickupSchema);
      return { scheduledFor: answer.nextPickupDate ?? answer.readyByTime ?? null };
    },
    async track(awb) {
      const answer = await get(
        `/shipments/${encodeURIComponent(awb)}/tracking?trackingView=all-checkpoints`,
        trackingSchema,
      );
      const events = answer.shipments[0]?.events ?? [];
      return events.map((e, i) => ({
        awb,
        eventKey: `${awb}:${e.typeCode}:${e.date}T${e.time}`,
        status: dhlStatus(
          e.typeCode,
          events.slice(0, i).map((x) => x.typeCode),
        ),
        rawStatus: e.description || e.typeCode,
        location: e.serviceArea[0]?.description ?? null,
        at: eventTime(e),
        // Its checkpoints name no country: the customs steps by their order alone (no import arrival).
        customsStep: dhlCustomsStep(e.typeCode, {
          country: null,
          destination: null,
          earlierCodes: events.slice(0, i).map((x) => x.typeCode),
        }),
      }));
    },
    trackingUrl: creds.trackingUrl,
    parseWebhook(headers, rawBody) {
      const token = header(headers, DHL_PUSH_HEADER);
      if (!creds.pushToken || !token || !sameSecret(token, creds.pushToken))
        throw new ShippingWebhookRejected("DHL push token missing or wrong", true);
      let body: z.infer<typeof pushSchema>;
      try {
        body = pushSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new ShippingWebhookRejected("not a DHL Express tracking push", false);
      }
      const shipment = body.shipments[0]!;
      const code = shipment.status.status;
      const at = new Date(shipment.status.timestamp);
      if (Number.isNaN(at.getTime())) throw new ShippingWebhookRejected("its timestamp is not a time", false);
      const earlier = shipment.events.map((e) => e.status);
      const clearance = shipment.exportClearance;
      // The push's events are the shipment's whole history, this checkpoint included: the ones before it are the rest.
      const before = [...earlier];
      before.splice(before.lastIndexOf(code), before.includes(code) ? 1 : 0);
      const customsStep = dhlCustomsStep(code, {
        country: shipment.status.location?.address.countryCode ?? null,
        destination: shipment.destination?.address.countryCode ?? null,
        earlierCodes: before,
      });
      return {
        awb: shipment.id,
        eventKey: `${shipment.id}:${code}:${shipment.status.timestamp}`,
        status: dhlStatus(code, earlier),
        rawStatus: shipment.status.description || code,
        location: shipment.status.location?.address.addressLocality ?? null,
        at,
        customsStep,
        ...(clearance && {
          shippingBill: {
            number: clearance.shippingBillNumber,
            date: clearance.shippingBillDate,
            portCode: clearance.portCode,
          },
        }),
      };
    },
    async bookReturnPickup() {
      throw new ShippingProviderError(
        "DHL Express import returns are not booked by this shop",
        422,
        "returns from abroad are sent by the shopper (the shop's returns policy)",
      );
    },
    async cancelShipment() {
      // MyDHL API has no cancellation of a shipment, only of a pickup; an unused waybill is never billed.
      throw new ShippingProviderError(
        "DHL Express shipments cannot be cancelled through the API",
        422,
        "DHL Express takes no cancellation by API: call DHL Express to hold or return the parcel",
      );
    },
  };
}
