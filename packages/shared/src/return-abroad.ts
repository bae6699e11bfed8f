import { RETURN_POLICY } from "./policy-terms";
import { SELLER } from "./seller";

/**
 * A return from abroad (decision 085): no courier comes for it, the shopper sends the parcel back to the seller
 * at their own cost (the spec's "re-shipping is at customer cost"). The words the order page, the e-mail and the
 * WhatsApp message share, so the shopper reads the same terms before asking and once approved.
 */

/** Whether an order's returns are sent by the shopper: any order delivered outside India. */
export const isReturnFromAbroad = (deliveryCountry: string): boolean => deliveryCountry !== "IN";

/** The status an approved return from abroad shows in place of "Approved: pickup booked". */
export const RETURN_ABROAD_APPROVED_LABEL = "Approved: shopper sends it";

/** The seller's address as a parcel from abroad is addressed, one line each. */
export function returnAddressLines(): string[] {
  const a = SELLER.address;
  return [
    SELLER.legalName,
    a.street,
    `${a.locality}, ${a.city}`,
    `${a.region} ${a.postalCode}`,
    "India",
    SELLER.phones[0],
  ];
}

/** Said on the return form of an order delivered abroad, before the shopper asks. */
export const RETURN_ABROAD_TERMS = {
  shipping:
    "There is no courier pickup outside India: once we approve your return, you send the parcel back to us in Jaipur, India, by a carrier of your choice and at your own cost. We e-mail you our address and the customs words to write on it.",
  duties:
    "Import duties and taxes you paid at delivery went to your country's customs, not to us, so we cannot refund them. Many countries give them back for goods sent back to the seller (for example the UK's relief on rejected imports, the US duty drawback): ask the carrier who delivered the parcel for its import entry and claim them from your customs.",
  dutiesCollected:
    "The import duties and taxes we collected with your order were paid to your country's customs on your behalf and are not refunded with a return. Ask the carrier who delivered it for its import entry to claim them back from your customs.",
  refund: `What we refund: the pieces you send back, at the prices you paid less their share of any promo discount; the refund starts ${RETURN_POLICY.refundStarts} of the parcel. The delivery charge is not refunded.`,
  exchange: "Another size cannot be sent abroad against a return: ask for a refund and order the new size.",
} as const;

/**
 * What the shopper writes on the parcel and its customs form so that India's customs let it back in without
 * duty as goods re-imported (Customs notification 45/2017, decision 085): the request's number, "returned goods",
 * the export invoice's number and the same description and value as that invoice.
 */
export function returnCustomsInstructions(requestId: number, exportInvoice: string | null): string[] {
  const invoice = exportInvoice
    ? `our export invoice ${exportInvoice}`
    : "our export invoice (its number is on your order page)";
  return [
    `Write "Return #${requestId}" on the parcel.`,
    `On the customs declaration (CN22/CN23 or the carrier's form): mark it as "Returned goods", with the reason "Return of goods exported from India, re-import to exporter", and declare ${invoice}, the same description and the same value as that invoice. Do not declare it as a gift or a sale.`,
    "Send it with tracking and keep the receipt, then enter the carrier and tracking number on your order page.",
  ];
}
