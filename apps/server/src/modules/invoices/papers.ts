import { STORE_URL_TAG } from "../../email/letter";
import type { ConfirmationPapers } from "../orders/order-email";

/** The PDF's file name: the number without its slashes. */
export const invoiceFileName = (number: string) => `invoice-${number.replaceAll("/", "-")}.pdf`;
export const creditNoteFileName = (number: string) => `credit-note-${number.replaceAll("/", "-")}.pdf`;

/**
 * What the confirmation e-mail carries of the invoice just issued: the PDF named by the invoice's id (drawn when
 * the e-mail is sent) and the link that opens it without an account (the store's address filled in then too).
 */
export function invoicePapers(
  orderId: number,
  issued: { invoiceId: number; number: string; downloadToken: string },
): ConfirmationPapers {
  return {
    attachments: [{ kind: "invoice", id: issued.invoiceId, filename: invoiceFileName(issued.number) }],
    text: [`Your tax invoice ${issued.number} is attached. You can also download it here:`],
    link: {
      label: "Download your invoice",
      href: `${STORE_URL_TAG}/api/orders/${orderId}/invoice.pdf?token=${issued.downloadToken}`,
    },
  };
}
