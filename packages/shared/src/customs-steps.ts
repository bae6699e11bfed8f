import { formatMoney } from "./money";
import type { Currency } from "./constants";
import { countryName } from "./country-name";
import { SHIPPING_METHODS, type ShippingMethodCode } from "./shipping-methods";

/**
 * The customs steps of a parcel sent abroad (issue 41 point 6, decision 086), as any international carrier's
 * adapter reports them with its tracking update: cleared for export in India (the shipping bill filed), arrived
 * at the destination's import customs, held there, released. Stored with the shipment's event.
 */
export const CUSTOMS_STEPS = ["export_cleared", "import_arrived", "held", "released"] as const;
export type CustomsStep = (typeof CUSTOMS_STEPS)[number];

/** The carriers' names as shoppers know them, by their plug-in's name (shipping-methods.ts's `carrier`). */
const CARRIER_NAMES: Record<string, string> = { "dhl-express": "DHL Express" };

/** The carrier that brings an order abroad, by name ("the courier" for one without a name here). */
export function carrierNameOf(method: string): string {
  const carrier = SHIPPING_METHODS[method as ShippingMethodCode]?.carrier;
  return (carrier && CARRIER_NAMES[carrier]) ?? "the courier";
}

/** Countries said with "the" in a sentence ("flies to the United Kingdom"). */
const WITH_THE = /^(United |Netherlands$|Philippines$|Czech Republic$|Bahamas$|Maldives$)/;

/** What a shopper abroad is told about customs: where, by whom, and whether anything is due at the door. */
export interface CustomsNote {
  /** As a sentence says it: "the United Kingdom", "Germany". */
  country: string;
  carrier: string;
  duties_paid: boolean;
  note: string;
}

/**
 * The order's customs sentence, null within India. Delivered duty paid (decision 081) is the order's `duties`
 * line, in minor units: then nothing is due at the door. Otherwise the carrier collects them at delivery; the
 * order keeps no estimate of them (the cart's estimate is not stored), so no figure is given.
 */
export function customsNote(order: {
  country: string;
  shippingMethod: string;
  currency: Currency;
  /** Major units of `currency`, as the order's answer carries them. */
  duties: number;
}): CustomsNote | null {
  if (order.country === "IN" || SHIPPING_METHODS[order.shippingMethod as ShippingMethodCode]?.zone !== "international")
    return null;
  const name = countryName(order.country) ?? order.country;
  const country = WITH_THE.test(name) ? `the ${name}` : name;
  const carrier = carrierNameOf(order.shippingMethod);
  if (order.duties > 0)
    return {
      country,
      carrier,
      duties_paid: true,
      note: `Import duties and taxes (${formatMoney(order.duties, order.currency)}) were paid with your order: nothing more to pay at the door.`,
    };
  return {
    country,
    carrier,
    duties_paid: false,
    note: `Import duties and taxes for ${country}, if any are due, are charged by ${carrier} at delivery, not by us.`,
  };
}

/** What a shopper whose parcel is held at customs should do, in plain words. */
export function customsHoldAdvice(carrier: string, dutiesPaid: boolean): string {
  const ask = dutiesPaid ? "proof of identity" : "proof of identity or payment of the duties and taxes";
  return `${carrier} may contact you by e-mail, text or phone for ${ask}. Reply to messages that quote your tracking number so customs can release the parcel.`;
}
