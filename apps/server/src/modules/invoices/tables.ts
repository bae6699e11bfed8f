import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { orderLines, orders } from "../orders/tables";

/**
 * GST tax invoices and credit notes (issue 15, decision 033): written once, in the transaction that settles
 * or cancels the order, and never changed (a trigger in migration 0015 refuses updates and deletes).
 * Amounts are INR paise; a USD order's invoice is in INR at the order's rate.
 */
export const supplyKind = pgEnum("supply_kind", ["intra", "inter", "export_lut", "export_igst"]);
export const invoiceLineKind = pgEnum("invoice_line_kind", ["goods", "shipping", "rounding"]);

/** The last number given in each series and financial year: the next is taken under this row's lock, so none is skipped. */
export const documentSeries = pgTable(
  "document_series",
  {
    /** "invoice", "credit", and their "test-" twins for orders paid through the simulator. */
    series: text("series").notNull(),
    /** The financial year (April to March) as the numbers print it: "26-27". */
    financialYear: text("financial_year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/** Who sold and who bought, as printed: kept on the document, so later edits of the settings or the order change nothing. */
export interface Parties {
  supplier: { legalName: string; address: string; gstin: string; stateName: string; stateCode: string };
  recipient: { name: string; address: string; city: string; state: string; pinCode: string; country: string };
  /** "Rajasthan (08)", "Maharashtra (27)", or the country for an export. */
  placeOfSupply: string;
  lutReference: string | null;
}

/** A document's number in its series and financial year (numbers.ts), and when it was issued. */
const numbered = () => ({
  number: text("number").notNull().unique(),
  series: text("series").notNull(),
  financialYear: text("financial_year").notNull(),
  seq: integer("seq").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  /** The document's date: the seller's (IST) day. */
  issueDate: date("issue_date", { mode: "string" }).notNull(),
});

const amounts = {
  taxable: integer("taxable").notNull(),
  cgst: integer("cgst").notNull(),
  sgst: integer("sgst").notNull(),
  igst: integer("igst").notNull(),
  /** taxable + cgst + sgst + igst: what was paid (or credited). */
  gross: integer("gross").notNull(),
};
const addsUp = (name: string, t: { taxable: unknown; cgst: unknown; sgst: unknown; igst: unknown; gross: unknown }) =>
  check(name, sql`${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst} = ${t.gross} and ${t.cgst} = ${t.sgst}`);

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    ...numbered(),
    supply: supplyKind("supply").notNull(),
    /** GST state code of the place of supply; null for an export. */
    placeStateCode: text("place_state_code"),
    parties: jsonb("parties").$type<Parties>().notNull(),
    /** The order's own currency and total (USD cents for an export paid in dollars), printed beside the INR. */
    currency: text("currency").notNull(),
    rateMilli: integer("rate_milli").notNull(),
    orderTotal: integer("order_total").notNull(),
    isTest: boolean("is_test").notNull(),
    /** The secret in the download link of the confirmation e-mail: a guest opens the PDF without an account. */
    downloadToken: text("download_token").notNull(),
    ...amounts,
  },
  (t) => [index("invoices_date_idx").on(t.issueDate), addsUp("invoices_add_up", t)],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    kind: invoiceLineKind("kind").notNull(),
    orderLineId: integer("order_line_id").references(() => orderLines.id),
    description: text("description").notNull(),
    hsn: text("hsn").notNull(),
    quantity: integer("quantity").notNull(),
    rateBps: integer("rate_bps").notNull(),
    ...amounts,
  },
  (t) => [index("invoice_lines_invoice_idx").on(t.invoiceId), addsUp("invoice_lines_add_up", t)],
);

export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    ...numbered(),
    /** Why: "Pieces cancelled", "Order cancelled", "Order refunded". */
    reason: text("reason").notNull(),
    ...amounts,
  },
  (t) => [
    index("credit_notes_date_idx").on(t.issueDate),
    index("credit_notes_invoice_idx").on(t.invoiceId),
    addsUp("credit_notes_add_up", t),
  ],
);

export const creditNoteLines = pgTable(
  "credit_note_lines",
  {
    id: serial("id").primaryKey(),
    creditNoteId: integer("credit_note_id")
      .notNull()
      .references(() => creditNotes.id, { onDelete: "restrict" }),
    invoiceLineId: integer("invoice_line_id")
      .notNull()
      .references(() => invoiceLines.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    ...amounts,
  },
  (t) => [
    index("credit_note_lines_note_idx").on(t.creditNoteId),
    index("credit_note_lines_invoice_line_idx").on(t.invoiceLineId),
    addsUp("credit_note_lines_add_up", t),
  ],
);
