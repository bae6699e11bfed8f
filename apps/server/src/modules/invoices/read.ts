import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { creditNoteLines, creditNotes, invoiceLines, invoices } from "./tables";

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteLineRow = typeof creditNoteLines.$inferSelect;

export interface CreditNoteDocument extends CreditNoteRow {
  lines: CreditNoteLineRow[];
}

/** An invoice as issued, with its lines in print order and the credit notes issued against it since. */
export interface InvoiceDocument extends InvoiceRow {
  lines: InvoiceLineRow[];
  creditNotes: CreditNoteDocument[];
}

async function documentOf(db: Db | Tx, invoice: InvoiceRow | undefined): Promise<InvoiceDocument | null> {
  if (!invoice) return null;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.position));
  const notes = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice.id))
    .orderBy(asc(creditNotes.id));
  const noteLines = notes.length
    ? await db
        .select()
        .from(creditNoteLines)
        .where(
          inArray(
            creditNoteLines.creditNoteId,
            notes.map((n) => n.id),
          ),
        )
        .orderBy(asc(creditNoteLines.id))
    : [];
  return {
    ...invoice,
    lines,
    creditNotes: notes.map((n) => ({ ...n, lines: noteLines.filter((l) => l.creditNoteId === n.id) })),
  };
}

/** The order's invoice: its newest (an address correction may have replaced the first), or null. */
export async function invoiceOfOrder(db: Db | Tx, orderId: number): Promise<InvoiceDocument | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(desc(invoices.id))
    .limit(1);
  return documentOf(db, invoice);
}

/** The invoices an order's newest replaced, newest first, each with the credit note that cancelled it. */
export async function earlierInvoicesOfOrder(db: Db | Tx, orderId: number): Promise<InvoiceDocument[]> {
  const rows = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(desc(invoices.id));
  return Promise.all(rows.slice(1).map(async (row) => (await documentOf(db, row))!));
}

export async function invoiceById(db: Db | Tx, invoiceId: number): Promise<InvoiceDocument | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return documentOf(db, invoice);
}
