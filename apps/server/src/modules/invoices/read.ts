import { asc, desc, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { builtForAnySession } from "../../db/prepared";
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

/** Whether an invoice has credit notes, read with it: a fresh invoice (the confirmation's) then costs no notes read. */
const hasCreditNotes = sql<boolean>`exists (select 1 from ${creditNotes} where ${creditNotes.invoiceId} = ${invoices.id})`;

/** The invoice's credit notes with their lines, once it is known to have some (`noted`). */
async function withCreditNotes(
  db: Db | Tx,
  invoice: InvoiceRow & { lines: InvoiceLineRow[] },
  noted: boolean,
): Promise<InvoiceDocument> {
  if (!noted) return { ...invoice, creditNotes: [] };
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
    creditNotes: notes.map((n) => ({ ...n, lines: noteLines.filter((l) => l.creditNoteId === n.id) })),
  };
}

/**
 * The one invoice `which` picks, its lines (in print order) and whether it has credit notes in one statement:
 * the outbox draws every confirmation's PDF from this read, so its three statements were one each time.
 */
function documentRows(db: Db | Tx, which: SQL) {
  return db
    .select({ invoice: invoices, line: invoiceLines, noted: hasCreditNotes })
    .from(invoices)
    .leftJoin(invoiceLines, eq(invoiceLines.invoiceId, invoices.id))
    .where(which)
    .orderBy(asc(invoiceLines.position));
}

async function documentOf(
  db: Db | Tx,
  rows: Awaited<ReturnType<typeof documentRows>>,
): Promise<InvoiceDocument | null> {
  const first = rows[0];
  if (!first) return null;
  const lines = rows.flatMap((row) => (row.line ? [row.line] : []));
  return withCreditNotes(db, { ...first.invoice, lines }, first.noted);
}

const documentWhere = async (db: Db | Tx, which: SQL) => documentOf(db, await documentRows(db, which));

/** The order's invoice: its newest (an address correction may have replaced the first), or null. */
export async function invoiceOfOrder(db: Db | Tx, orderId: number): Promise<InvoiceDocument | null> {
  const newest = db
    .select({ id: max(invoices.id) })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  return documentWhere(db, inArray(invoices.id, newest));
}

/** The invoices an order's newest replaced, newest first, each with the credit note that cancelled it. */
export async function earlierInvoicesOfOrder(db: Db | Tx, orderId: number): Promise<InvoiceDocument[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(desc(invoices.id));
  return Promise.all(rows.slice(1).map(async ({ id }) => (await documentWhere(db, eq(invoices.id, id)))!));
}

/** Built once: every confirmation's e-mail draws its PDF from this read (decision 116). */
const documentByIdQuery = builtForAnySession("invoice_document_by_id", (db) =>
  documentRows(db, eq(invoices.id, sql.placeholder("invoiceId"))),
);

export async function invoiceById(db: Db | Tx, invoiceId: number): Promise<InvoiceDocument | null> {
  return documentOf(db, await documentByIdQuery(db).execute({ invoiceId }));
}
