import type { CustomsStep, ShipmentStatus } from "@store/shared";

/** One courier that can carry the parcel between two pincodes. */
export interface CourierOption {
  courierId: number;
  name: string;
  /** The courier collects cash on delivery there. */
  cod: boolean;
  estimatedDays: number | null;
}

/** What the courier is told about a parcel: the order, the address, the pieces and the box. */
export interface ParcelOrder {
  /** Our reference (the order number, or `R<order>` for a return): unique per shipment at the provider. */
  reference: string;
  orderDate: Date;
  pickupLocation: string;
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  email: string | null;
  /** Cash on delivery: the courier collects `amountRupees`. */
  cod: boolean;
  /** What the parcel is worth in rupees (Shiprocket takes major units). */
  amountRupees: number;
  items: { name: string; sku: string; units: number; unitPriceRupees: number }[];
  weightKg: number;
  dimensionsCm: { length: number; breadth: number; height: number };
  /** The consignment's e-way bill, when its value needs one (decision 061). */
  eWayBillNumber?: string | null;
  /** International standard or express (the carrier picks its product); absent: its own default. */
  speed?: "standard" | "express";
  /** The destination's ISO country code; absent: India (`pincode` and `state` are then Indian). */
  country?: string;
  /** An export's customs declaration and papers (decision 082); absent within India. */
  customs?: CustomsDeclaration;
}

/**
 * What customs is told about an export parcel: the export invoice's goods in the order's currency, the exporter's
 * registrations and the tax declaration, with the commercial invoice and packing list as PDFs (paperless trade).
 */
export interface CustomsDeclaration {
  invoiceNumber: string;
  /** The export invoice's date, YYYY-MM-DD. */
  invoiceDate: string;
  currency: string;
  /** DAP: the buyer pays duties and taxes at the door; DDP: the seller collected them and the carrier bills her. */
  incoterm: "DAP" | "DDP";
  lines: {
    description: string;
    hsn: string;
    quantity: number;
    /** Major units of `currency`. */
    unitValue: number;
    totalValue: number;
    weightKg: number;
  }[];
  /** The goods' value, major units (what the parcel is declared at). */
  totalValue: number;
  exporter: { legalName: string; gstin: string; iec: string };
  /** "Supply meant for export under LUT without payment of IGST" and its reference, or the IGST one. */
  declaration: string;
  documents: { kind: "commercial-invoice" | "packing-list"; pdf: Uint8Array }[];
}

export interface CreatedParcel {
  providerOrderId: string;
  shipmentId: string;
}

export interface AssignedAwb {
  awb: string;
  courier: string;
  /** What the courier will bill for this parcel, when its answer says (decision 091); absent: not reported. */
  charges?: CourierCharges;
}

/** A parcel's freight as the courier quoted it at booking, in paise: the way out, and the way back should it return (RTO). */
export interface CourierCharges {
  freightMinor: number;
  rtoMinor: number;
}

export interface PickupBooking {
  /** When the courier says it will come, as it wrote it. */
  scheduledFor: string | null;
}

/** One tracking update, as a webhook or a tracking call reports it. */
export interface TrackingUpdate {
  awb: string;
  /** Unique per provider event: a replayed webhook carries the same key. */
  eventKey: string;
  /** Null: a status we do not map (recorded, the shipment stays as it was). */
  status: ShipmentStatus | null;
  /** The provider's own status name. */
  rawStatus: string;
  location: string | null;
  at: Date;
  /** An export's shipping bill, when this event is its export clearance (decision 082). */
  shippingBill?: { number: string; date: string; portCode: string };
  /** The customs step this event is, read by the adapter from its carrier's codes (decision 086); absent: none. */
  customsStep?: CustomsStep | null;
  /** The courier's own words for the event (a failed attempt's reason: "Consignee not available"); absent: none. */
  remark?: string | null;
}

/**
 * What the seller tells the courier about a parcel whose delivery failed (Shiprocket's NDR action, decision 090):
 * try again (on a date, at a corrected street address or phone) or bring it back to the seller.
 */
export type NdrInstruction =
  | { action: "reattempt"; comments: string; date?: string | null; address?: string | null; phone?: string | null }
  | { action: "return"; comments: string };

/**
 * One interface over a carrier (Shiprocket, a courier aggregator, today; its simulator speaks the same HTTP);
 * its adapter file declares it (registry.ts's `CarrierPlugin`), carriers.ts registers it, and the shipping
 * method names the one that books its parcels. Every call that
 * reaches the network throws ShippingProviderError when the provider refuses or cannot be reached.
 */
export interface ShippingProvider {
  /** Its plug-in's name. */
  readonly name: string;
  /** Pointed at the built-in simulator: its parcels are test parcels. */
  readonly simulated: boolean;
  /** Logs in (or reuses a token still valid) and answers the bearer token. */
  authenticate(): Promise<string>;
  serviceability(input: {
    pickupPincode: string;
    deliveryPincode: string;
    weightKg: number;
    cod: boolean;
    /** ISO code; absent: India. */
    deliveryCountry?: string;
  }): Promise<CourierOption[]>;
  createShipment(parcel: ParcelOrder): Promise<CreatedParcel>;
  /** The courier is chosen and the air waybill number given (the provider picks the courier when none is named). */
  assignAwb(shipmentId: string, courierId?: number): Promise<AssignedAwb>;
  /** The shipping label as PDF bytes. */
  label(shipmentId: string): Promise<Uint8Array>;
  requestPickup(shipmentIds: string[]): Promise<PickupBooking>;
  track(awb: string): Promise<TrackingUpdate[]>;
  /** The shopper-facing tracking page of an AWB. */
  trackingUrl(awb: string): string;
  /** Checks a status webhook's token and reads it; throws ShippingWebhookRejected when it is not genuine. */
  parseWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): TrackingUpdate;
  /** A reverse pickup from the shopper back to the pickup location (a return). */
  bookReturnPickup(parcel: ParcelOrder): Promise<CreatedParcel>;
  /**
   * Calls a parcel back (an order cancelled after it was booked): one not picked up yet is cancelled, one on its
   * way is returned to the pickup location (RTO). The courier's webhooks then report which.
   */
  cancelShipment(awb: string): Promise<void>;
  /** Acts on a failed delivery (reattempt or return); absent: the carrier takes no such call by API. */
  ndrAction?(awb: string, instruction: NdrInstruction): Promise<void>;
}

export class ShippingWebhookRejected extends Error {
  override name = "ShippingWebhookRejected";
  constructor(
    message: string,
    /** The token is missing or wrong (401), rather than the body unreadable (400). */
    readonly forged: boolean,
  ) {
    super(message);
  }
}

/** The courier answered with an error (`status` set) or could not be reached (`status` null). */
export class ShippingProviderError extends Error {
  override name = "ShippingProviderError";
  constructor(
    message: string,
    readonly status: number | null,
    /** The provider's own explanation, when it gave one (shown to the seller). */
    readonly reason: string | null,
  ) {
    super(message);
  }
}
