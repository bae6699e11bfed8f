/**
 * Couriers the seller may hand a parcel to herself, outside the courier aggregator (issue 40, point 12), and
 * each one's public tracking page. `{tracking}` in a template stands for the tracking number; a carrier whose
 * site takes no number in its address links to its tracking page, where the shopper types it. The addresses
 * are the carriers' public pages as we know them, not contracts: decision 077 says which were not confirmed.
 */
export interface HandCarrier {
  code: string;
  name: string;
  /** The tracking page, with `{tracking}` where the number goes; null when the carrier has none. */
  trackingUrl: string | null;
}

export const HAND_CARRIERS = [
  {
    code: "india_post",
    name: "India Post (Speed Post)",
    trackingUrl: "https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx",
  },
  { code: "delhivery", name: "Delhivery", trackingUrl: "https://www.delhivery.com/track/package/{tracking}" },
  {
    code: "bluedart",
    name: "Blue Dart",
    trackingUrl: "https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={tracking}",
  },
  { code: "dtdc", name: "DTDC", trackingUrl: "https://www.dtdc.in/trace.asp?strCnno={tracking}" },
  { code: "ekart", name: "Ekart", trackingUrl: "https://ekartlogistics.com/shipmenttrack/{tracking}" },
  {
    code: "xpressbees",
    name: "Xpressbees",
    trackingUrl: "https://www.xpressbees.com/shipment/tracking?awbNo={tracking}",
  },
  { code: "ecom_express", name: "Ecom Express", trackingUrl: "https://ecomexpress.in/tracking/?awb_field={tracking}" },
  { code: "shadowfax", name: "Shadowfax", trackingUrl: "https://tracker.shadowfax.in/#/track/{tracking}" },
  {
    code: "professional",
    name: "The Professional Couriers",
    trackingUrl: "https://www.tpcindia.com/track.aspx?id={tracking}",
  },
  {
    code: "dhl",
    name: "DHL Express",
    trackingUrl: "https://www.dhl.com/in-en/home/tracking.html?tracking-id={tracking}",
  },
  { code: "fedex", name: "FedEx", trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={tracking}" },
  {
    code: "aramex",
    name: "Aramex",
    trackingUrl: "https://www.aramex.com/in/en/track/results?ShipmentNumber={tracking}",
  },
] as const satisfies readonly HandCarrier[];

/** A courier not in the list: the seller types its name; the shopper gets the number without a link. */
export const OTHER_CARRIER = "other";
/** The seller (or someone for her) brings the parcel: no courier, no tracking number. */
export const HAND_DELIVERED = "hand_delivered";

export const HAND_CARRIER_CODES: [string, ...string[]] = [
  OTHER_CARRIER,
  HAND_DELIVERED,
  ...HAND_CARRIERS.map((c): string => c.code),
];

/** The listed carrier of a code, if it is one. */
export function handCarrier(code: string | null | undefined): HandCarrier | undefined {
  return HAND_CARRIERS.find((c) => c.code === code);
}

/** The shopper's tracking link for a number given to a listed carrier; null for any other. */
export function handTrackingUrl(code: string | null | undefined, trackingNumber: string | null): string | null {
  const template = handCarrier(code)?.trackingUrl;
  if (!template || !trackingNumber) return null;
  return template.replace("{tracking}", encodeURIComponent(trackingNumber));
}

/** The name the shopper reads: the listed carrier's, or the one the seller typed for "other". */
export function handCarrierName(code: string | null | undefined, typedName: string | null | undefined): string {
  if (code === HAND_DELIVERED) return "Delivered by hand";
  return handCarrier(code)?.name ?? (typedName?.trim() || "Courier");
}
