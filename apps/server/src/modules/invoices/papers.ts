import type { MakePapers } from "../orders/fulfil";
import { databaseClock } from "./clock";
import { issueInvoice } from "./issue";

/** The PDF's file name: the number without its slashes. */
export const invoiceFileName = (number: string) => `invoice-${number.replaceAll("/", "-")}.pdf`;
export const creditNoteFileName = (number: string) => `credit-note-${number.replaceAll("/", "-")}.pdf`;

/** The link in the confirmation e-mail that opens the invoice without an account. */
export const invoiceDownloadUrl = (publicUrl: string, orderId: number, token: string) =>
  `${publicUrl}/api/orders/${orderId}/invoice.pdf?token=${token}`;

/**
 * The tax invoice of an order being confirmed, issued in its transaction and attached to its confirmation.
 * An invoice the shop's tax data does not allow yet is not issued (the seller sees why on the order's page
 * and issues it once fixed); the order is confirmed all the same.
 */
export function invoicePapers(publicUrl: string): MakePapers {
  return async (tx, order, lines, gst) => {
    const issued = await issueInvoice(tx, order.id, databaseClock, { order, lines, gst });
    if (!issued.ok) return { attachments: [], text: [] };
    return {
      attachments: [{ kind: "invoice", id: issued.invoiceId, filename: invoiceFileName(issued.number) }],
      text: [`Your tax invoice ${issued.number} is attached. You can also download it here:`],
      link: { label: "Download your invoice", href: invoiceDownloadUrl(publicUrl, order.id, issued.downloadToken) },
    };
  };
}
