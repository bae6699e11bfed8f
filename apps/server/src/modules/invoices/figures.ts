import { and, asc, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { AdminTaxResponse } from "@store/shared";
import type { Db } from "../../db/client";
import {
  add,
  b2bRows,
  b2clRows,
  b2cs,
  cdnrRows,
  cdnurRows,
  exportRows,
  type ShippingBillRow,
  hsn,
  limitsDuring,
  netOf,
  noteRow,
  range,
  returnTable,
  zeroTotals,
  type Invoice,
  type NoteLine,
  type ReturnTable,
} from "./figures-tables";
import { creditNoteLines, creditNotes, exportShippingBills, invoiceLines, invoices, notifiedValues } from "./tables";

/**
 * The seller's monthly tax figures in the shape of the return they file, GSTR-1 (issue 38): table 4A (B2B:
 * invoices to buyers who gave their GSTIN at checkout, invoice by invoice, decision 096), table 5 (B2C large:
 * inter-State invoices to unregistered buyers above the limit in force on their date, invoice by invoice),
 * table 7 (B2C small: the other sales in India by place and rate, net of their credit notes), 6A (exports), 9B
 * (CDNR: credit notes on B2B invoices; CDNUR: on B2C large invoices and exports), 12 (the HSN summary, net of
 * the month's credit notes) and 13 (documents issued). Months are IST months, as the documents' dates are. Test orders' invoices and their credit notes
 * are never figures. Reads only.
 */

/** The first day of `month` and of the month after: the documents' dates are IST days, compared as text. */
function monthDays(month: string): { from: string; until: string } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, until: `${next}-01` };
}

export function createTaxFigures(db: Db) {
  /** The month's invoices of real orders, with their lines. */
  async function invoicesOf(month: string) {
    const { from, until } = monthDays(month);
    const rows = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.isTest, false), gte(invoices.issueDate, from), lt(invoices.issueDate, until)))
      .orderBy(asc(invoices.issueDate), asc(invoices.seq));
    const lines = rows.length
      ? await db
          .select()
          .from(invoiceLines)
          .where(
            inArray(
              invoiceLines.invoiceId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position))
      : [];
    return { rows, lines };
  }

  /** The month's credit notes of real orders' invoices, with the invoice each credits and their lines. */
  async function creditNotesOf(month: string) {
    const { from, until } = monthDays(month);
    const notes = await db
      .select({ note: creditNotes, invoice: invoices })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(and(eq(invoices.isTest, false), gte(creditNotes.issueDate, from), lt(creditNotes.issueDate, until)))
      .orderBy(asc(creditNotes.issueDate), asc(creditNotes.seq));
    const lines: NoteLine[] = notes.length
      ? (
          await db
            .select({
              line: creditNoteLines,
              hsn: invoiceLines.hsn,
              rateBps: invoiceLines.rateBps,
              kind: invoiceLines.kind,
            })
            .from(creditNoteLines)
            .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoiceLineId))
            .where(
              inArray(
                creditNoteLines.creditNoteId,
                notes.map((n) => n.note.id),
              ),
            )
            .orderBy(asc(creditNoteLines.id))
        ).map(({ line, ...of }) => ({ ...line, ...of }))
      : [];
    return { notes, lines };
  }

  /** The shipping bills of these invoices (exports the courier has cleared), by invoice. */
  async function shippingBillsOf(invoiceIds: number[]): Promise<Map<number, ShippingBillRow>> {
    if (invoiceIds.length === 0) return new Map();
    const rows = await db.select().from(exportShippingBills).where(inArray(exportShippingBills.invoiceId, invoiceIds));
    return new Map(rows.map((r) => [r.invoiceId, r]));
  }

  /** The B2C large limits as saved, newest first. */
  const b2cLargeLimits = () =>
    db
      .select()
      .from(notifiedValues)
      .where(eq(notifiedValues.kind, "b2c_large_limit"))
      .orderBy(desc(notifiedValues.effectiveFrom));

  /** `GET /api/admin/tax`: every section of one IST month (`YYYY-MM`, already validated). */
  async function month(month: string): Promise<AdminTaxResponse> {
    const [found, credits, limits] = await Promise.all([invoicesOf(month), creditNotesOf(month), b2cLargeLimits()]);
    const tableOf = (invoice: Invoice) => returnTable(invoice, limits);
    const noteById = new Map(credits.notes.map((n) => [n.note.id, n]));
    // Lines of an untaxed rounding (invoices issued before issue 38) are in no table, only in the totals.
    const taxed = found.lines.filter((l) => l.kind !== "rounding");
    const credited = credits.lines.filter((l) => l.kind !== "rounding");
    const linesOf = (invoice: Invoice) => taxed.filter((l) => l.invoiceId === invoice.id);
    const invoicesIn = (table: ReturnTable) => found.rows.filter((r) => tableOf(r) === table);
    const bills = await shippingBillsOf(invoicesIn("export").map((r) => r.id));
    const noteOf = (line: NoteLine) => noteById.get(line.creditNoteId)!;
    const b2bIds = new Set(invoicesIn("b2b").map((r) => r.id));
    const isB2b = (line: { invoiceId: number }) => b2bIds.has(line.invoiceId);
    const isB2bNote = (line: NoteLine) => tableOf(noteOf(line).invoice) === "b2b";

    const invoiced = zeroTotals();
    for (const r of found.rows) add(invoiced, r);
    const creditedTotal = zeroTotals();
    for (const n of credits.notes) add(creditedTotal, n.note);

    return {
      month,
      b2b: invoicesIn("b2b").flatMap((r) => b2bRows(r, linesOf(r))),
      b2cl: invoicesIn("b2cl").flatMap((r) => b2clRows(r, linesOf(r))),
      b2cs: b2cs(
        invoicesIn("b2cs").flatMap((r) => linesOf(r).map((l) => ({ ...l, place: r.placeStateCode! }))),
        credited
          .filter((l) => tableOf(noteOf(l).invoice) === "b2cs")
          .map((l) => ({ ...l, place: noteOf(l).invoice.placeStateCode! })),
      ),
      exports: invoicesIn("export").flatMap((r) => exportRows(r, linesOf(r), bills.get(r.id) ?? null)),
      cdnr: credits.notes
        .filter(({ invoice }) => tableOf(invoice) === "b2b")
        .flatMap(({ note, invoice }) =>
          cdnrRows(
            note,
            invoice,
            credited.filter((l) => l.creditNoteId === note.id),
          ),
        ),
      cdnur: credits.notes
        .filter(({ invoice }) => tableOf(invoice) === "b2cl" || tableOf(invoice) === "export")
        .flatMap(({ note, invoice }) =>
          cdnurRows(
            note,
            invoice,
            credited.filter((l) => l.creditNoteId === note.id),
          ),
        ),
      hsn: hsn(taxed, credited),
      // Table 12's two parts (decision 102): a registered buyer's invoices and their credit notes, and the rest.
      hsn_b2b: hsn(taxed.filter(isB2b), credited.filter(isB2bNote)),
      hsn_b2c: hsn(
        taxed.filter((l) => !isB2b(l)),
        credited.filter((l) => !isB2bNote(l)),
      ),
      credit_notes: {
        notes: credits.notes.map(({ note, invoice }) => noteRow(note, invoice, tableOf(invoice))),
        total: creditedTotal,
      },
      documents: {
        invoices: range(found.rows),
        credit_notes: range(credits.notes.map((n) => n.note)),
      },
      totals: {
        invoices: found.rows.length,
        invoiced,
        rounding_minor: found.lines.filter((l) => l.kind === "rounding").reduce((s, l) => s + l.gross, 0),
        credited: creditedTotal,
        net: netOf(invoiced, creditedTotal),
      },
      b2c_large_limits_minor: limitsDuring(limits, monthDays(month)),
    };
  }

  /** The month's documents to bundle (real orders only): each invoice and credit note by id and number. */
  async function documents(
    month: string,
  ): Promise<{ invoices: { id: number; number: string }[]; creditNotes: { id: number; number: string }[] }> {
    const [found, credits] = await Promise.all([invoicesOf(month), creditNotesOf(month)]);
    return {
      invoices: found.rows.map((r) => ({ id: r.id, number: r.number })),
      creditNotes: credits.notes.map((n) => ({ id: n.note.id, number: n.note.number })),
    };
  }

  return { month, documents };
}
