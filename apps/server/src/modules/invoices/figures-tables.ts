import {
  hsnDescription,
  indianStateByCode,
  type TaxB2bRow,
  type TaxB2clRow,
  type TaxB2csRow,
  type TaxCdnrRow,
  type TaxCdnurRow,
  type TaxCreditNoteRow,
  type TaxExportRow,
  type TaxHeads,
  type TaxHsnRow,
  type TaxTotals,
} from "@store/shared";
import type { creditNoteLines, creditNotes, exportShippingBills, invoiceLines, invoices, Parties } from "./tables";

/**
 * The monthly return's tables built from the month's documents (figures.ts reads them): pure, so the rules of
 * where each invoice and credit note goes are tested without a database.
 */

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceLine = typeof invoiceLines.$inferSelect;
export type Note = typeof creditNotes.$inferSelect;
/** A credit note's line with the invoice line it takes back (its HSN code, rate and kind). */
export type NoteLine = typeof creditNoteLines.$inferSelect & Pick<InvoiceLine, "hsn" | "rateBps" | "kind">;
/**
 * Where an invoice, and the credit notes on it, go: table 4A (its notes to 9B registered, CDNR), table 5, table 7,
 * or 6A (their notes to 9B unregistered, CDNUR, but for table 7's, netted there).
 */
export type ReturnTable = "b2b" | "b2cl" | "b2cs" | "export";

const zeroHeads = (): TaxHeads => ({ taxable_minor: 0, cgst_minor: 0, sgst_minor: 0, igst_minor: 0 });
export const zeroTotals = (): TaxTotals => ({ ...zeroHeads(), value_minor: 0 });

interface Amounts {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  gross: number;
}

/** Adds (or with -1 takes away) amounts; the gross goes to `value_minor` where there is one. */
export function add(into: TaxHeads & { value_minor?: number }, a: Amounts, sign = 1): void {
  into.taxable_minor += sign * a.taxable;
  into.cgst_minor += sign * a.cgst;
  into.sgst_minor += sign * a.sgst;
  into.igst_minor += sign * a.igst;
  if (into.value_minor !== undefined) into.value_minor += sign * a.gross;
}

const stateName = (code: string) => indianStateByCode(code)?.name ?? code;
const isExport = (invoice: Pick<Invoice, "supply">) =>
  invoice.supply === "export_lut" || invoice.supply === "export_igst";

/** Groups by `key`, each group made once by `make`. */
function groupBy<T, G>(
  items: readonly T[],
  key: (item: T) => string,
  make: (item: T) => G,
  fold: (group: G, item: T) => void,
) {
  const groups = new Map<string, G>();
  for (const item of items) {
    const k = key(item);
    let group = groups.get(k);
    if (!group) groups.set(k, (group = make(item)));
    fold(group, item);
  }
  return [...groups.values()];
}

/** Amounts of `lines` by rate, in the order the rates come. */
const byRate = <L extends Amounts & { rateBps: number }>(lines: readonly L[]) =>
  groupBy(
    lines,
    (l) => String(l.rateBps),
    (l) => ({ rate_bps: l.rateBps, ...zeroHeads() }),
    (group, l) => add(group, l),
  );

/**
 * Where an invoice goes in the return: an invoice to a registered buyer (decision 096) to table 4A, invoice by
 * invoice, whatever its value and place; an export to 6A; an inter-State invoice whose value is above the B2C large
 * limit in force on its date (`limits`, newest first) to table 5, invoice by invoice; every other sale in India
 * to table 7, summed by place and rate.
 */
export function returnTable(
  invoice: Pick<Invoice, "supply" | "issueDate" | "gross"> & { parties?: Pick<Parties, "buyer"> },
  limits: readonly { effectiveFrom: string; valueMinor: number }[],
): ReturnTable {
  if (invoice.parties?.buyer && !isExport(invoice)) return "b2b";
  if (isExport(invoice)) return "export";
  const limit = limits.find((l) => l.effectiveFrom <= invoice.issueDate);
  return invoice.supply === "inter" && limit !== undefined && invoice.gross > limit.valueMinor ? "b2cl" : "b2cs";
}

/** The limits in force on some day from `from` until (without) `until`: the one of the first day, and any taking effect later. */
export function limitsDuring(
  limits: readonly { effectiveFrom: string; valueMinor: number }[],
  { from, until }: { from: string; until: string },
): number[] {
  const inForce = limits.filter((l) => l.effectiveFrom < until);
  const first = inForce.findIndex((l) => l.effectiveFrom <= from);
  return inForce
    .slice(0, first === -1 ? inForce.length : first + 1)
    .map((l) => l.valueMinor)
    .reverse();
}

/** Invoiced less credited, head by head. */
export function netOf(invoiced: TaxTotals, credited: TaxTotals): TaxTotals {
  return {
    taxable_minor: invoiced.taxable_minor - credited.taxable_minor,
    cgst_minor: invoiced.cgst_minor - credited.cgst_minor,
    sgst_minor: invoiced.sgst_minor - credited.sgst_minor,
    igst_minor: invoiced.igst_minor - credited.igst_minor,
    value_minor: invoiced.value_minor - credited.value_minor,
  };
}

/** The registered buyer of a B2B invoice, as tables 4A and 9B name it. */
function registeredBuyer(invoice: Invoice) {
  const buyer = invoice.parties.buyer!;
  return { gstin: buyer.gstin, receiver_name: buyer.legalName };
}

/** Amounts of `lines` by rate, every head. */
const byRateAllHeads = <L extends Amounts & { rateBps: number }>(lines: readonly L[]) =>
  byRate(lines).map(({ rate_bps, ...heads }) => ({ rate_bps, ...heads }));

export function b2bRows(invoice: Invoice, lines: readonly InvoiceLine[]): TaxB2bRow[] {
  const code = invoice.placeStateCode!;
  return byRateAllHeads(lines).map((r) => ({
    ...registeredBuyer(invoice),
    number: invoice.number,
    date: invoice.issueDate,
    value_minor: invoice.gross,
    state_code: code,
    state_name: stateName(code),
    ...r,
  }));
}

export function cdnrRows(note: Note, invoice: Invoice, lines: readonly NoteLine[]): TaxCdnrRow[] {
  const code = invoice.placeStateCode!;
  return byRateAllHeads(lines).map((r) => ({
    ...registeredBuyer(invoice),
    number: note.number,
    date: note.issueDate,
    invoice_number: invoice.number,
    invoice_date: invoice.issueDate,
    state_code: code,
    state_name: stateName(code),
    value_minor: note.gross,
    ...r,
  }));
}

export function b2clRows(invoice: Invoice, lines: readonly InvoiceLine[]): TaxB2clRow[] {
  const code = invoice.placeStateCode!;
  return byRate(lines).map((r) => ({
    number: invoice.number,
    date: invoice.issueDate,
    value_minor: invoice.gross,
    state_code: code,
    state_name: stateName(code),
    rate_bps: r.rate_bps,
    taxable_minor: r.taxable_minor,
    igst_minor: r.igst_minor,
  }));
}

export type ShippingBillRow = typeof exportShippingBills.$inferSelect;

export function exportRows(
  invoice: Invoice,
  lines: readonly InvoiceLine[],
  bill: Pick<ShippingBillRow, "number" | "date" | "portCode"> | null = null,
): TaxExportRow[] {
  return byRate(lines).map((r) => ({
    payment: invoice.supply === "export_lut" ? "WOPAY" : "WPAY",
    number: invoice.number,
    date: invoice.issueDate,
    country: invoice.parties.placeOfSupply,
    value_minor: invoice.gross,
    rate_bps: r.rate_bps,
    taxable_minor: r.taxable_minor,
    igst_minor: r.igst_minor,
    currency: invoice.currency as TaxExportRow["currency"],
    order_total_minor: invoice.orderTotal,
    port_code: bill?.portCode ?? null,
    shipping_bill_number: bill?.number ?? null,
    shipping_bill_date: bill?.date ?? null,
  }));
}

export function cdnurRows(note: Note, invoice: Invoice, lines: readonly NoteLine[]): TaxCdnurRow[] {
  const urType = !isExport(invoice) ? "B2CL" : invoice.supply === "export_igst" ? "EXPWP" : "EXPWOP";
  return byRate(lines).map((r) => ({
    ur_type: urType,
    number: note.number,
    date: note.issueDate,
    invoice_number: invoice.number,
    invoice_date: invoice.issueDate,
    place_of_supply: invoice.parties.placeOfSupply,
    state_code: invoice.placeStateCode,
    value_minor: note.gross,
    rate_bps: r.rate_bps,
    taxable_minor: r.taxable_minor,
    igst_minor: r.igst_minor,
  }));
}

/** Table 7: sales by place and rate, less the credit notes on such sales at the same place and rate. */
export function b2cs(
  sold: readonly (InvoiceLine & { place: string })[],
  credited: readonly (NoteLine & { place: string })[],
): TaxB2csRow[] {
  const rows = new Map<string, TaxB2csRow & { ids: Set<number> }>();
  const rowOf = (code: string, rateBps: number) => {
    const key = `${code}|${rateBps}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        state_code: code,
        state_name: stateName(code),
        rate_bps: rateBps,
        invoices: 0,
        ...zeroHeads(),
        net: zeroHeads(),
        ids: new Set(),
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const line of sold) {
    const row = rowOf(line.place, line.rateBps);
    row.ids.add(line.invoiceId);
    add(row, line);
    add(row.net, line);
  }
  // A credit note nets the sales of its place and rate, even in a month without such a sale.
  for (const line of credited) add(rowOf(line.place, line.rateBps).net, line, -1);
  return [...rows.values()]
    .map(({ ids, ...row }) => ({ ...row, invoices: ids.size }))
    .sort((a, b) => a.state_code.localeCompare(b.state_code) || a.rate_bps - b.rate_bps);
}

/**
 * Table 12 (or one of its parts, as the caller picks the lines): by HSN code and rate, the month's credit notes
 * taken off, pieces and amounts alike.
 */
export function hsn(sold: readonly InvoiceLine[], credited: readonly NoteLine[]): TaxHsnRow[] {
  const all = [...sold.map((l) => ({ ...l, sign: 1 })), ...credited.map((l) => ({ ...l, sign: -1 }))];
  return groupBy(
    all,
    (l) => `${l.hsn}|${l.rateBps}`,
    (l): TaxHsnRow => ({
      hsn: l.hsn,
      description: hsnDescription(l.hsn),
      uqc: l.kind === "shipping" ? "OTH" : "PCS",
      rate_bps: l.rateBps,
      quantity: 0,
      ...zeroHeads(),
      value_minor: 0,
    }),
    (row, l) => {
      row.quantity += l.sign * l.quantity;
      add(row, l, l.sign);
    },
  ).sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate_bps - b.rate_bps);
}

export function noteRow(note: Note, invoice: Invoice, table: ReturnTable): TaxCreditNoteRow {
  return {
    number: note.number,
    date: note.issueDate,
    invoice_number: invoice.number,
    invoice_date: invoice.issueDate,
    place_of_supply: invoice.parties.placeOfSupply,
    state_code: invoice.placeStateCode,
    reason: note.reason,
    table: table === "b2cs" ? "b2cs" : table === "b2b" ? "cdnr" : "cdnur",
    taxable_minor: note.taxable,
    cgst_minor: note.cgst,
    sgst_minor: note.sgst,
    igst_minor: note.igst,
    value_minor: note.gross,
  };
}

/** The first and last number of a series in the month (Table 13): the lowest and highest of its sequence. */
export function range(
  docs: readonly { number: string; seq: number }[],
): { first: string; last: string; count: number } | null {
  if (docs.length === 0) return null;
  const sorted = [...docs].sort((a, b) => a.seq - b.seq);
  return { first: sorted[0]!.number, last: sorted.at(-1)!.number, count: docs.length };
}
