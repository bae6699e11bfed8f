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
  uniqueIndex,
  type AnyPgColumn,
  unique,
} from "drizzle-orm/pg-core";
import { NOTIFIED_VALUE_KINDS } from "@store/shared";
import { orderLines, orders } from "../orders/tables";

/**
 * GST tax invoices and credit notes (issue 15, decision 033): written once, in the transaction that settles
 * or cancels the order, and never changed (a trigger in migration 0015 refuses updates and deletes).
 * Amounts are INR paise; a USD order's invoice is in INR at the order's rate.
 */
export const supplyKind = pgEnum("supply_kind", ["intra", "inter", "export_lut", "export_igst"]);
/** "rounding": an untaxed line of the wallet's "end in 9" rounding, on invoices issued before issue 38 only. */
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
  /**
   * A registered buyer (its GSTIN given at checkout, decision 096): the invoice is then a B2B tax invoice billed to
   * it, `recipient` being where the goods are delivered. Absent (invoices before issue 44) or null: unregistered.
   */
  buyer?: { gstin: string; legalName: string; stateName: string; stateCode: string } | null;
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
      .references(() => orders.id, { onDelete: "restrict" }),
    /**
     * The invoice this one replaced, cancelled by a credit note in the same transaction (the seller corrected
     * the delivery address, decision 061). An order's invoice is its newest; each is replaced at most once.
     */
    replacesInvoiceId: integer("replaces_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
    ...numbered(),
    supply: supplyKind("supply").notNull(),
    /** GST state code of the place of supply; null for an export. */
    placeStateCode: text("place_state_code"),
    parties: jsonb("parties").$type<Parties>().notNull(),
    /** The order's own currency and total (USD cents for an export paid in dollars), printed beside the INR. */
    currency: text("currency").notNull(),
    /**
     * INR per unit of `currency` x 1000 the invoice converted at: the customs rate for exports notified for its
     * date (rule 34, issue 38); the order's own rate on invoices issued before.
     */
    rateMilli: integer("rate_milli").notNull(),
    /** The notification the rate comes from ("75/2025-Customs (N.T.)"); null for an INR order and older invoices. */
    rateNotification: text("rate_notification"),
    orderTotal: integer("order_total").notNull(),
    isTest: boolean("is_test").notNull(),
    /** The secret in the download link of the confirmation e-mail: a guest opens the PDF without an account. */
    downloadToken: text("download_token").notNull(),
    ...amounts,
  },
  (t) => [
    index("invoices_date_idx").on(t.issueDate),
    index("invoices_order_idx").on(t.orderId),
    // One first invoice per order, and each replaced once: an order's invoices form one chain.
    uniqueIndex("invoices_one_first_idx")
      .on(t.orderId)
      .where(sql`${t.replacesInvoiceId} is null`),
    uniqueIndex("invoices_replaces_idx").on(t.replacesInvoiceId),
    addsUp("invoices_add_up", t),
  ],
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
    /**
     * The part of `gross` that is the line's share of the wallet's "end in 9" rounding (issue 38): consideration
     * for the goods, taxed with them, but not refunded when pieces are cancelled, so not credited with them.
     */
    rounding: integer("rounding").notNull().default(0),
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

/**
 * The e-way bill the seller generated on the portal for an invoice's consignment (decision 061): its number,
 * which the courier's booking carries. Tied to the invoice it was made from, so a replaced invoice needs a
 * new one. It may be corrected until the parcel is booked.
 */
export const eWayBills = pgTable("e_way_bills", {
  id: serial("id").primaryKey(),
  invoiceId: integer("invoice_id")
    .notNull()
    .unique()
    .references(() => invoices.id, { onDelete: "restrict" }),
  number: text("number").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
/**
 * Values the government notifies by date, kept by the seller with their source (issue 38): the customs rate of
 * exchange for exported goods, per US dollar (CGST rule 34), the GSTR-1 table 5 limit of a B2C large invoice,
 * and the e-way bill and invoice-address limits (decision 061). Each applies from `effective_from` until the
 * next of its kind; one in force is never changed.
 */
export const notifiedValueKind = pgEnum("notified_value_kind", NOTIFIED_VALUE_KINDS);

export const notifiedValues = pgTable(
  "notified_values",
  {
    id: serial("id").primaryKey(),
    kind: notifiedValueKind("kind").notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    /** Paise: per US dollar for the rate, the limit itself for the B2C large limit. */
    valueMinor: integer("value_minor").notNull(),
    /** The notification it comes from, as the seller typed it. */
    notification: text("notification").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("notified_values_kind_date_uq").on(t.kind, t.effectiveFrom),
    check("notified_values_positive", sql`${t.valueMinor} > 0`),
  ],
);

/**
 * An export's shipping bill as the international courier reported it at export clearance (decision 082): its
 * number, date and the port's code, for GSTR-1 table 6A. Beside the invoice, which is never changed once issued;
 * a later report from the courier replaces the row.
 */
export const exportShippingBills = pgTable("export_shipping_bills", {
  invoiceId: integer("invoice_id")
    .primaryKey()
    .references(() => invoices.id, { onDelete: "restrict" }),
  number: text("number").notNull(),
  date: date("date", { mode: "string" }).notNull(),
  portCode: text("port_code").notNull(),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
});
