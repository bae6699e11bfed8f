import { SHIPPING_DAYS, type Currency } from "./constants";
import { flatFee, type ParcelFacts } from "./shipping-fee-rules";

/**
 * The shipping methods, one row each: what the shopper chooses at checkout, what it costs, how long it
 * takes, which carrier books it and whether cash on delivery goes with it. Adding a method is a code in
 * this list and its row below; the order keeps the code (`orders.shipping_method`, text).
 */
export const SHIPPING_METHOD_CODES = [
  "india-standard",
  "india-express",
  "international-standard",
  "international-express",
] as const;
export type ShippingMethodCode = (typeof SHIPPING_METHOD_CODES)[number];

/** The spec's one shipping (free; 39 with cash on delivery, the COD method's fee): what an order gets unless it asks. */
export const DEFAULT_SHIPPING_METHOD: ShippingMethodCode = "india-standard";

export interface ShippingMethod {
  code: ShippingMethodCode;
  /** As the checkout and the invoice name it. */
  label: string;
  zone: "india" | "international";
  /** The delivery promise in business days. */
  days: { earliest: number; latest: number };
  /**
   * The fee in major units of the order's currency (cash on delivery's own fee is the payment method's), from
   * the fees the seller set where the method's fee is theirs (`fees`, read by the server from its settings).
   * null: priced by the server alone from the seller's zones and rate cards by the parcel's chargeable weight
   * (an international method; decision 080), which the checkout asks the server for.
   */
  fee: ((parcel: ParcelFacts, fees: ShippingFees) => number) | null;
  /**
   * Who books its parcels, by the name its adapter registers (apps/server/src/modules/shipping/carriers.ts;
   * the server refuses to start on a name nobody registers); null until a carrier for it exists.
   */
  carrier: string | null;
  cashOnDelivery: boolean;
  /** Offered to shoppers now. A method is offered only once its carrier exists. */
  offered: boolean;
}

/**
 * The fees the seller sets in the back office (seller settings, decision 071), in whole major units per
 * currency (dollars are not converted: each currency has its own round figure), by the method they price.
 * The international methods are priced from the seller's zones and rate cards instead (decision 080).
 */
export interface ShippingFees {
  "india-express": Record<Currency, number>;
}

/**
 * The fees before the seller sets any: the migration's seed, and what the server prices with should the
 * settings row be missing. Never the live source: the seller's settings are.
 */
export const SHIPPING_FEES_SEED: ShippingFees = { "india-express": { INR: 99, USD: 3 } };

/**
 * The table. Standard shipping is the spec's, free; express is the seller's fee (`ShippingFees`).
 * International fees are the seller's rate cards by destination zone and chargeable weight, priced on the
 * server (`fee: null`; decision 080).
 */
export const SHIPPING_METHODS: Record<ShippingMethodCode, ShippingMethod> = {
  "india-standard": {
    code: "india-standard",
    label: "Standard delivery",
    zone: "india",
    days: SHIPPING_DAYS.indiaNormal,
    fee: flatFee({ INR: 0, USD: 0 }),
    carrier: "shiprocket",
    cashOnDelivery: true,
    offered: true,
  },
  "india-express": {
    code: "india-express",
    label: "Express delivery",
    zone: "india",
    days: SHIPPING_DAYS.indiaExpress,
    fee: ({ currency }, fees) => fees["india-express"][currency],
    carrier: "shiprocket",
    cashOnDelivery: true,
    offered: true,
  },
  "international-standard": {
    code: "international-standard",
    label: "International standard",
    zone: "international",
    days: SHIPPING_DAYS.internationalStandard,
    fee: null,
    carrier: "dhl-express",
    cashOnDelivery: false,
    offered: true,
  },
  "international-express": {
    code: "international-express",
    label: "International express",
    zone: "international",
    days: SHIPPING_DAYS.internationalExpress,
    fee: null,
    carrier: "dhl-express",
    cashOnDelivery: false,
    offered: true,
  },
};

export const shippingMethod = (code: ShippingMethodCode): ShippingMethod => SHIPPING_METHODS[code];

export const isShippingMethodCode = (code: string): code is ShippingMethodCode =>
  (SHIPPING_METHOD_CODES as readonly string[]).includes(code);

/**
 * The methods a shopper may choose for a delivery country, the default first: the offered methods of its
 * zone (abroad, DHL Express's standard and express, decision 082); a zone with none offered keeps the spec's
 * one free shipping (the seller ships it by hand).
 */
export function shippingMethodsFor(country: string): ShippingMethod[] {
  const zone = country.toUpperCase() === "IN" ? "india" : "international";
  const offered = SHIPPING_METHOD_CODES.map(shippingMethod).filter((m) => m.offered && m.zone === zone);
  return offered.length > 0 ? offered : [shippingMethod(DEFAULT_SHIPPING_METHOD)];
}

/** An order's "Shipping" line: the spec's word for standard shipping, the method's name beside any other. */
export function shippingLineLabel(code: string): string {
  return isShippingMethodCode(code) && code !== DEFAULT_SHIPPING_METHOD
    ? `Shipping (${shippingMethod(code).label})`
    : "Shipping";
}

/** Why a method cannot ship this order (a sentence for the shopper), or null when it can. */
export function shippingMethodProblem(
  code: ShippingMethodCode,
  order: { country: string; cashOnDelivery: boolean },
): string | null {
  const method = shippingMethod(code);
  if (!shippingMethodsFor(order.country).some((m) => m.code === code))
    return method.offered ? `${method.label} does not deliver to this address.` : `${method.label} is not offered yet.`;
  if (order.cashOnDelivery && !method.cashOnDelivery)
    return `${method.label} cannot be paid by cash on delivery: choose another delivery or pay online.`;
  return null;
}
