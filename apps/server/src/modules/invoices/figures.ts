import { and, asc, eq, gte, inArray, lt, ne } from "drizzle-orm";
import type {
  AdminTaxResponse,
  TaxB2cRow,
  TaxCreditByPlace,
  TaxCreditNoteRow,
  TaxExportRow,
  TaxHeads,
  TaxHsnRow,
  TaxTotals,
} from "@store/shared";
import { indianStateByCode } from "@store/shared";
import type { Db } from "../../db/client";
import { SHIPPING_SAC } from "./compute";
import { creditNoteLines, creditNotes, invoiceLines, invoices } from "./tables";

/**
 * The seller's monthly tax figures (issue 15), shaped as the monthly return's sections: B2C sales by place
 * and rate (Table 7), the HSN summary (Table 12), exports (6A), credit notes (9B) and the documents issued
 * (13). Months are IST months, as the invoices' dates are. Test orders' invoices (paid through the simulator,
 * numbered in their own series) and their credit notes are never figures. Reads only.
 */

/** The first day of `month` and of the month after: the invoices' dates are IST days, compared as text. */
function monthDays(month: string): { from: string; until: string } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, until: `${next}-01` };
}

const zeroHeads = (): TaxHeads => ({ taxable_minor: 0, cgst_minor: 0, sgst_minor: 0, igst_minor: 0 });
const zeroTotals = (): TaxTotals => ({ ...zeroHeads(), value_minor: 0 });

interface Amounts {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  gross: number;
}

/** Adds (or with -1 takes away) amounts; the gross goes to `value_minor` where there is one. */
function add(into: TaxHeads & { value_minor?: number }, a: Amounts, sign = 1): void {
  into.taxable_minor += sign * a.taxable;
  into.cgst_minor += sign * a.cgst;
  into.sgst_minor += sign * a.sgst;
  into.igst_minor += sign * a.igst;
  if (into.value_minor !== undefined) into.value_minor += sign * a.gross;
}

const stateName = (code: string) => indianStateByCode(code)?.name ?? code;
const DOMESTIC = ["intra", "inter"] as const;

export function createTaxFigures(db: Db) {
  /** The month's invoices of real orders, with their lines (the wallet's rounding lines apart). */
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

  /** The month's credit notes of real orders' invoices, with the invoice each credits. */
  async function creditNotesOf(month: string) {
    const { from, until } = monthDays(month);
    const notes = await db
      .select({ note: creditNotes, invoice: invoices })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(and(eq(invoices.isTest, false), gte(creditNotes.issueDate, from), lt(creditNotes.issueDate, until)))
      .orderBy(asc(creditNotes.issueDate), asc(creditNotes.seq));
    // Credited amounts by the rate and place of the invoice line they take back (rounding has neither).
    const lines = notes.length
      ? await db
          .select({
            amounts: creditNoteLines,
            rateBps: invoiceLines.rateBps,
          })
          .from(creditNoteLines)
          .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoiceLineId))
          .where(
            and(
              inArray(
                creditNoteLines.creditNoteId,
                notes.map((n) => n.note.id),
              ),
              ne(invoiceLines.kind, "rounding"),
            ),
          )
      : [];
    return { notes, lines };
  }

  function creditsByPlace(credits: Awaited<ReturnType<typeof creditNotesOf>>): TaxCreditByPlace[] {
    const invoiceOfNote = new Map(credits.notes.map((n) => [n.note.id, n.invoice]));
    const groups = new Map<string, TaxCreditByPlace>();
    for (const line of credits.lines) {
      const invoice = invoiceOfNote.get(line.amounts.creditNoteId)!;
      if (!(DOMESTIC as readonly string[]).includes(invoice.supply) || !invoice.placeStateCode) continue;
      const key = `${invoice.placeStateCode}|${line.rateBps}`;
      let group = groups.get(key);
      if (!group) {
        const code = invoice.placeStateCode;
        group = { state_code: code, state_name: stateName(code), rate_bps: line.rateBps, ...zeroHeads() };
        groups.set(key, group);
      }
      add(group, line.amounts);
    }
    return [...groups.values()].sort(byPlaceAndRate);
  }

  function b2c(found: Awaited<ReturnType<typeof invoicesOf>>, credited: readonly TaxCreditByPlace[]): TaxB2cRow[] {
    const invoiceById = new Map(found.rows.map((r) => [r.id, r]));
    const groups = new Map<string, TaxB2cRow & { ids: Set<number> }>();
    const groupOf = (code: string, rateBps: number) => {
      const key = `${code}|${rateBps}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          state_code: code,
          state_name: stateName(code),
          rate_bps: rateBps,
          invoices: 0,
          ...zeroHeads(),
          net: zeroHeads(),
          ids: new Set(),
        };
        groups.set(key, group);
      }
      return group;
    };
    for (const line of found.lines) {
      const invoice = invoiceById.get(line.invoiceId)!;
      if (line.kind === "rounding" || !invoice.placeStateCode) continue;
      if (!(DOMESTIC as readonly string[]).includes(invoice.supply)) continue;
      const group = groupOf(invoice.placeStateCode, line.rateBps);
      group.ids.add(invoice.id);
      add(group, line);
      add(group.net, line);
    }
    // A credit note nets the sales of its place and rate, even in a month without such a sale.
    for (const c of credited) {
      const net = groupOf(c.state_code, c.rate_bps).net;
      net.taxable_minor -= c.taxable_minor;
      net.cgst_minor -= c.cgst_minor;
      net.sgst_minor -= c.sgst_minor;
      net.igst_minor -= c.igst_minor;
    }
    return [...groups.values()].map(({ ids, ...row }) => ({ ...row, invoices: ids.size })).sort(byPlaceAndRate);
  }

  function hsn(found: Awaited<ReturnType<typeof invoicesOf>>): TaxHsnRow[] {
    const groups = new Map<string, TaxHsnRow>();
    for (const line of found.lines) {
      if (line.kind === "rounding") continue;
      const key = `${line.hsn}|${line.rateBps}`;
      let group = groups.get(key);
      if (!group) {
        const service = line.kind === "shipping";
        // The HSN code's own description is not kept with the lines; the delivery charge's SAC is always the same.
        group = {
          hsn: line.hsn,
          description: service || line.hsn === SHIPPING_SAC ? "Courier and delivery service" : "",
          uqc: service ? "OTH" : "PCS",
          rate_bps: line.rateBps,
          quantity: 0,
          ...zeroHeads(),
          value_minor: 0,
        };
        groups.set(key, group);
      }
      group.quantity += line.quantity;
      add(group, line);
    }
    return [...groups.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate_bps - b.rate_bps);
  }

  function exportsOf(found: Awaited<ReturnType<typeof invoicesOf>>): TaxExportRow[] {
    return found.rows
      .filter((r) => r.supply === "export_lut" || r.supply === "export_igst")
      .map((r) => ({
        number: r.number,
        date: r.issueDate,
        payment: r.supply === "export_lut" ? ("WOPAY" as const) : ("WPAY" as const),
        country: r.parties.placeOfSupply,
        value_minor: r.gross,
        taxable_minor: r.taxable,
        igst_minor: r.igst,
        currency: r.currency as TaxExportRow["currency"],
        order_total_minor: r.orderTotal,
      }));
  }

  function noteRows(credits: Awaited<ReturnType<typeof creditNotesOf>>): TaxCreditNoteRow[] {
    return credits.notes.map(({ note, invoice }) => ({
      number: note.number,
      date: note.issueDate,
      invoice_number: invoice.number,
      invoice_date: invoice.issueDate,
      place_of_supply: invoice.parties.placeOfSupply,
      state_code: invoice.placeStateCode,
      reason: note.reason,
      taxable_minor: note.taxable,
      cgst_minor: note.cgst,
      sgst_minor: note.sgst,
      igst_minor: note.igst,
      value_minor: note.gross,
    }));
  }

  /** `GET /api/admin/tax`: every section of one IST month (`YYYY-MM`, already validated). */
  async function month(month: string): Promise<AdminTaxResponse> {
    const [found, credits] = await Promise.all([invoicesOf(month), creditNotesOf(month)]);
    const byPlace = creditsByPlace(credits);
    const notes = noteRows(credits);
    const invoiced = zeroTotals();
    for (const r of found.rows) add(invoiced, r);
    const credited = zeroTotals();
    for (const n of credits.notes) add(credited, n.note);
    const net = { ...invoiced };
    for (const n of credits.notes) add(net, n.note, -1);
    return {
      month,
      b2c: b2c(found, byPlace),
      hsn: hsn(found),
      exports: exportsOf(found),
      credit_notes: { notes, by_place: byPlace, total: credited },
      documents: {
        invoices: range(found.rows),
        credit_notes: range(credits.notes.map((n) => n.note)),
      },
      totals: {
        invoices: found.rows.length,
        invoiced,
        rounding_minor: found.lines.filter((l) => l.kind === "rounding").reduce((s, l) => s + l.gross, 0),
        credited,
        net,
      },
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

function byPlaceAndRate(a: { state_code: string; rate_bps: number }, b: { state_code: string; rate_bps: number }) {
  return a.state_code.localeCompare(b.state_code) || a.rate_bps - b.rate_bps;
}

/** The first and last number of a series in the month (Table 13): the lowest and highest of its sequence. */
function range(
  docs: readonly { number: string; seq: number }[],
): { first: string; last: string; count: number } | null {
  if (docs.length === 0) return null;
  const sorted = [...docs].sort((a, b) => a.seq - b.seq);
  return { first: sorted[0]!.number, last: sorted.at(-1)!.number, count: docs.length };
}
