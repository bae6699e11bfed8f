import { eq } from "drizzle-orm";
import type { AdminOrderDetail, OrderStatus, TaxDocumentLink } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { sameSecret } from "../../lib/secrets";
import { orders } from "../orders/tables";
import { databaseClock, type DocumentClock } from "./clock";
import { invoiceProblem, issueInvoice } from "./issue";
import { creditNoteFileName, invoiceFileName } from "./papers";
import { renderCreditNotePdf, renderInvoicePdf } from "./pdf";
import { earlierInvoicesOfOrder, invoiceById, invoiceOfOrder, type InvoiceDocument } from "./read";
import { shippingBillOf } from "./shipping-bills";
import { creditNotes } from "./tables";

export interface PdfFile {
  filename: string;
  pdf: Buffer;
}

/** Who asks for a shopper's document: the signed-in account (or null), and the token of the e-mail's link. */
export interface DocumentAccess {
  userId: number | null;
  token: string | undefined;
}

/** Orders that were confirmed (paid, or cash on delivery confirmed) and so are due an invoice. */
export const INVOICED_STATUSES: readonly OrderStatus[] = ["paid", "cod_confirmed", "shipped", "delivered"];

/**
 * One answer for every "no": no such order, not yours, a wrong token, no invoice yet. Telling them apart
 * would let a stranger learn which order numbers have invoices.
 */
const noDocument = (what: "invoice" | "credit note") =>
  new AppError(
    "not_found",
    what === "invoice"
      ? "No tax invoice is available for this order (it may not be issued yet, or the link is not valid)."
      : "No such credit note is available for this order (the link may not be valid).",
    what === "invoice" ? "INVOICE_NOT_FOUND" : "CREDIT_NOTE_NOT_FOUND",
  );

/** The shopper's links: the PDF routes with the invoice's token, so a plain link opens them without the session header. */
const shopperInvoiceUrl = (invoice: InvoiceDocument) =>
  `/api/orders/${invoice.orderId}/invoice.pdf?token=${invoice.downloadToken}`;
const shopperCreditNoteUrl = (invoice: InvoiceDocument, noteId: number) =>
  `/api/orders/${invoice.orderId}/credit-notes/${noteId}.pdf?token=${invoice.downloadToken}`;

/**
 * The invoice of an order confirmed without one (the shop's tax data did not allow it then), issued now in the
 * caller's transaction. Answers its number, or null when it already had one; what stands in the way is
 * thrown, in the seller's words.
 */
export async function issueMissingInvoice(
  tx: Tx,
  orderId: number,
  clock: DocumentClock = databaseClock,
): Promise<string | null> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError("not_found", "Order not found.", "NOT_FOUND");
  if (await invoiceOfOrder(tx, orderId)) return null;
  if (!INVOICED_STATUSES.includes(order.status))
    throw new AppError(
      "conflict",
      "Only a paid or confirmed order (not yet cancelled or refunded) gets a tax invoice.",
      "NOT_INVOICEABLE",
    );
  const outcome = await issueInvoice(tx, orderId, clock);
  if (!outcome.ok) throw new AppError("unprocessable", outcome.problem, "INVOICE_NOT_ISSUED");
  return outcome.number;
}

/**
 * The tax documents as their readers get them: PDFs for the shopper (the order's account, or anyone with the
 * e-mailed link's token) and for the back office, and the links the order pages show.
 */
export function createInvoiceService(db: Db) {
  /** The order's invoice when `access` may read it, else null. */
  async function shopperInvoice(orderId: number, access: DocumentAccess): Promise<InvoiceDocument | null> {
    const invoice = await invoiceOfOrder(db, orderId);
    if (!invoice) return null;
    if (access.token !== undefined && sameSecret(access.token, invoice.downloadToken)) return invoice;
    if (access.userId === null) return null;
    const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    return order?.userId === access.userId ? invoice : null;
  }

  async function creditNotePdf(invoice: InvoiceDocument, noteId: number): Promise<PdfFile | null> {
    const note = invoice.creditNotes.find((n) => n.id === noteId);
    if (!note) return null;
    return { filename: creditNoteFileName(note.number), pdf: await renderCreditNotePdf(invoice, note) };
  }

  return {
    /** `GET /api/orders/:id/invoice.pdf`. */
    async shopperInvoicePdf(orderId: number, access: DocumentAccess): Promise<PdfFile> {
      const invoice = await shopperInvoice(orderId, access);
      if (!invoice) throw noDocument("invoice");
      return { filename: invoiceFileName(invoice.number), pdf: await renderInvoicePdf(invoice) };
    },

    /** `GET /api/orders/:id/credit-notes/:noteId.pdf`: the invoice's token opens its credit notes too. */
    async shopperCreditNotePdf(orderId: number, noteId: number, access: DocumentAccess): Promise<PdfFile> {
      const invoice = await shopperInvoice(orderId, access);
      const file = invoice && (await creditNotePdf(invoice, noteId));
      if (!file) throw noDocument("credit note");
      return file;
    },

    /** What the shopper's order page links to (the caller has checked the order is theirs). */
    async shopperLinks(orderId: number): Promise<{ invoice: TaxDocumentLink | null; credit_notes: TaxDocumentLink[] }> {
      const invoice = await invoiceOfOrder(db, orderId);
      if (!invoice) return { invoice: null, credit_notes: [] };
      return {
        invoice: { number: invoice.number, date: invoice.issueDate, url: shopperInvoiceUrl(invoice) },
        credit_notes: invoice.creditNotes.map((n) => ({
          number: n.number,
          date: n.issueDate,
          url: shopperCreditNoteUrl(invoice, n.id),
        })),
      };
    },

    /** `GET /api/admin/orders/:id/invoice.pdf`. */
    async adminInvoicePdf(orderId: number): Promise<PdfFile> {
      const invoice = await invoiceOfOrder(db, orderId);
      if (!invoice) throw new AppError("not_found", "This order has no tax invoice yet.", "INVOICE_NOT_FOUND");
      return { filename: invoiceFileName(invoice.number), pdf: await renderInvoicePdf(invoice) };
    },

    /** `GET /api/admin/invoices/:id.pdf`: any invoice, one an address correction replaced too. */
    async adminInvoicePdfById(invoiceId: number): Promise<PdfFile> {
      const invoice = await invoiceById(db, invoiceId);
      if (!invoice) throw new AppError("not_found", "Invoice not found.", "INVOICE_NOT_FOUND");
      return { filename: invoiceFileName(invoice.number), pdf: await renderInvoicePdf(invoice) };
    },

    /** `GET /api/admin/credit-notes/:id.pdf`. */
    async adminCreditNotePdf(noteId: number): Promise<PdfFile> {
      const [note] = await db
        .select({ invoiceId: creditNotes.invoiceId })
        .from(creditNotes)
        .where(eq(creditNotes.id, noteId));
      const invoice = note && (await invoiceById(db, note.invoiceId));
      const file = invoice && (await creditNotePdf(invoice, noteId));
      if (!file) throw new AppError("not_found", "Credit note not found.", "CREDIT_NOTE_NOT_FOUND");
      return file;
    },

    /**
     * The back office's order page: the invoice and its credit notes, or whether one may be issued now and, if
     * it still cannot be, why (as of today, IST).
     */
    async adminView(
      orderId: number,
      status: OrderStatus,
      today: string,
    ): Promise<Pick<AdminOrderDetail, "invoice" | "can_issue_invoice" | "invoice_problem">> {
      const invoice = await invoiceOfOrder(db, orderId);
      if (!invoice) {
        const due = INVOICED_STATUSES.includes(status);
        return {
          invoice: null,
          can_issue_invoice: due,
          invoice_problem: due ? await invoiceProblem(db, orderId, today) : null,
        };
      }
      const view = (document: InvoiceDocument, url: string) => ({
        number: document.number,
        date: document.issueDate,
        url,
        credit_notes: document.creditNotes.map((n) => ({
          id: n.id,
          number: n.number,
          date: n.issueDate,
          reason: n.reason,
          url: `/api/admin/credit-notes/${n.id}.pdf`,
        })),
      });
      const earlier = await earlierInvoicesOfOrder(db, orderId);
      const bill = await shippingBillOf(db, invoice.id);
      return {
        invoice: {
          ...view(invoice, `/api/admin/orders/${orderId}/invoice.pdf`),
          is_test: invoice.isTest,
          earlier: earlier.map((e) => view(e, `/api/admin/invoices/${e.id}.pdf`)),
          shipping_bill: bill && { number: bill.number, date: bill.date, port_code: bill.portCode },
        },
        can_issue_invoice: false,
        invoice_problem: null,
      };
    },

    /** The outbox's source of an `invoice` attachment: the PDF of the invoice with that id. */
    async invoicePdfById(invoiceId: number): Promise<Buffer> {
      const invoice = await invoiceById(db, invoiceId);
      if (!invoice) throw new Error(`Invoice ${invoiceId} not found`);
      return renderInvoicePdf(invoice);
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
