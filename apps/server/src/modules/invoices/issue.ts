import { randomBytes } from "node:crypto";
import { asc, desc, eq, sql } from "drizzle-orm";
import {
  countryName,
  indianStateByCode,
  indianStateByName,
  lutCovers,
  namedSizePhrase,
  type SellerGst,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import { taxOfProducts } from "../catalog/tax-rules";
import { orderLines, orders } from "../orders/tables";
import { readSellerGst } from "../settings/service";
import { databaseClock, type DocumentClock } from "./clock";
import { invoiceLines, sum, type ComputedLine, type InvoiceLineInput, type SupplyKind } from "./compute";
import { printedDate } from "./format";
import { valueInForce } from "./notified-values";
import { giveBackNumber, takeNumber } from "./numbers";
import { invoiceLines as invoiceLineRows, invoices, type Parties } from "./tables";

export type IssueOutcome =
  { ok: true; invoiceId: number; number: string; downloadToken: string } | { ok: false; problem: string };

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;
type Place = { supply: SupplyKind; stateCode: string | null; label: string };

/**
 * Where the supply is and what that makes it on `day`: CGST+SGST, IGST, or an export, under the LUT when the
 * seller's LUT is of that day's financial year, else with IGST. A sale to a registered buyer in India (its GSTIN
 * given at checkout) is supplied at the GSTIN's state: where the goods go when they go there (IGST Act section
 * 10(1)(a)), and, when the buyer has them delivered in another state, the buyer's own under "bill to, ship to"
 * (section 10(1)(b), decision 096). Any other sale in India is supplied where the delivery ends (10(1)(a)).
 */
export function placeOfSupply(
  order: Pick<OrderRow, "deliveryCountry" | "state" | "buyerGstin">,
  gst: SellerGst,
  day: string,
): ({ ok: true } & Place) | { ok: false; problem: string } {
  if (order.deliveryCountry !== "IN") {
    return {
      ok: true,
      supply: lutCovers(gst, day) ? "export_lut" : "export_igst",
      stateCode: null,
      label: countryName(order.deliveryCountry) ?? order.deliveryCountry,
    };
  }
  const state = order.buyerGstin ? indianStateByCode(order.buyerGstin.slice(0, 2)) : indianStateByName(order.state);
  if (!state)
    return {
      ok: false,
      problem: `The delivery state "${order.state}" is not an Indian state or union territory, so the place of supply is unknown. Correct the order's address, then issue the invoice.`,
    };
  return {
    ok: true,
    supply: state.code === gst.state_code ? "intra" : "inter",
    stateCode: state.code,
    label: `${state.name} (${state.code})`,
  };
}

/** The seller as an invoice or proforma prints it. */
export function supplierOf(gst: SellerGst): Parties["supplier"] {
  const state = indianStateByCode(gst.state_code)!;
  return {
    legalName: gst.legal_name,
    address: gst.address,
    gstin: gst.gstin,
    stateName: state.name,
    stateCode: state.code,
  };
}

/** Who sells, who buys and where the supply is, as the invoice prints them (kept with it, so later edits never change it). */
function partiesOf(order: OrderRow, gst: SellerGst, place: Place): Parties {
  const buyerState = order.buyerGstin ? indianStateByCode(order.buyerGstin.slice(0, 2)) : null;
  return {
    supplier: supplierOf(gst),
    recipient: {
      name: order.deliveryName,
      address: order.deliveryAddress,
      city: order.city,
      state: order.state,
      pinCode: order.pinCode,
      country: countryName(order.deliveryCountry) ?? order.deliveryCountry,
    },
    buyer:
      order.buyerGstin && order.buyerLegalName && buyerState
        ? {
            gstin: order.buyerGstin,
            legalName: order.buyerLegalName,
            stateName: buyerState.name,
            stateCode: buyerState.code,
          }
        : null,
    placeOfSupply: place.label,
    lutReference: place.supply === "export_lut" ? gst.lut_reference : null,
  };
}

/** Why no invoice can be numbered once the year's series has used its last number. */
export const SERIES_FULL = "The invoice series of this financial year is full (16 characters at most).";

/** An invoice ready but for its number and time, prepared for one day. */
type Prepared =
  | {
      ok: true;
      place: Place;
      parties: Parties;
      lines: ComputedLine[];
      rateMilli: number;
      rateNotification: string | null;
    }
  | { ok: false; problem: string };

/**
 * The invoice of `order` as it would be issued on `day`, or why it cannot be, in the seller's words: the GST
 * registration, the place of supply, the rates of the products' rules in force that day and, for a dollar
 * order, the customs rate of exchange notified for that day (CGST rule 34). Reads only.
 */
async function prepareInvoice(
  db: Db | Tx,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  gst: SellerGst | null,
  day: string,
): Promise<Prepared> {
  if (!gst)
    return {
      ok: false,
      problem: "The shop's GST registration is not saved yet: enter it in Settings, then issue the invoice.",
    };
  const place = placeOfSupply(order, gst, day);
  if (!place.ok) return place;
  const sold = lines.map((l) => ({ ...l, quantity: l.quantity - l.cancelledQuantity })).filter((l) => l.quantity > 0);
  if (sold.length === 0)
    return { ok: false, problem: "Every piece of this order was cancelled: there is nothing to invoice." };
  const taxes = await taxOfProducts(
    db,
    sold.flatMap((l) => (l.productId === null ? [] : [l.productId])),
    day,
  );
  const goods: InvoiceLineInput[] = [];
  for (const l of sold) {
    const tax = l.productId === null ? undefined : taxes.get(l.productId);
    if (!tax)
      return { ok: false, problem: `"${l.productName}" is no longer in the catalogue, so its HSN code is unknown.` };
    if (!tax.ok)
      return {
        ok: false,
        problem: `${tax.problem} Set it on the product, or as its subcategory's default on the Tax rules page, then issue the invoice.`,
      };
    goods.push({
      orderLineId: l.id,
      description: `${l.productName} (${namedSizePhrase(l.size, l.sizeName, false)})`,
      hsn: tax.hsn,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      rate: tax.rate,
    });
  }
  let rateMilli = order.rateMilli;
  let rateNotification: string | null = null;
  if (order.currency === "USD") {
    const rate = await valueInForce(db, "usd_export_rate", day);
    if (!rate)
      return {
        ok: false,
        problem: `No customs exchange rate for the US dollar is saved for ${printedDate(day)}: add the rate CBIC notified for exported goods on the Exchange rates page, then issue the invoice.`,
      };
    rateMilli = rate.valueMinor * 10;
    rateNotification = rate.notification;
  }
  // Import duties collected for a delivered-duty-paid order are the buyer's, paid on to the destination's
  // customs through the carrier as the buyer's pure agent (CGST Rules, rule 33): not in the taxable value,
  // receipted apart on the order (decision 081).
  const computed = invoiceLines(
    { ...order, total: order.total - order.duties, currency: order.currency as "INR" | "USD", rateMilli },
    goods,
    place.supply,
  );
  return { ok: true, place, parties: partiesOf(order, gst, place), lines: computed, rateMilli, rateNotification };
}

const linesOf = (db: Db | Tx, orderId: number) =>
  db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

/**
 * Why the invoice of a confirmed order without one cannot be issued on `day`, or null when it can: what the
 * order page and the dashboard tell the seller before they try.
 */
export async function invoiceProblem(db: Db | Tx, orderId: number, day: string): Promise<string | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return "Order not found.";
  const prepared = await prepareInvoice(db, order, await linesOf(db, orderId), await readSellerGst(db), day);
  return prepared.ok ? null : prepared.problem;
}

/**
 * The order's tax invoice, issued in the caller's transaction (the one that settles the order): its lines
 * from what was sold, the rates in force on its day, the place of supply and the next number of the financial
 * year; its date and time are `clock`'s reading when the number is taken. Issued once: asking again answers
 * the same invoice. When the shop's data does not allow a correct invoice (no GST registration saved, a product
 * without HSN code or rate, an unknown state, a dollar order without the day's exchange rate) it answers the
 * problem and writes nothing, so the sale still settles and the seller issues it once fixed.
 */
export async function issueInvoice(
  tx: Tx,
  orderId: number,
  clock: DocumentClock = databaseClock,
  /**
   * The order, its lines and the seller's registration, when the caller is confirming the order and has just
   * read them under the order's lock: an order is confirmed once, so it has no invoice yet (and the unique
   * order id would refuse a second).
   */
  confirming?: { order: OrderRow; lines: OrderLineRow[]; gst: SellerGst | null },
  /**
   * The invoice this one replaces (just cancelled by its credit note, decision 061): the new one keeps its
   * download token, so the link the shopper was e-mailed opens the invoice in force.
   */
  replacing?: { invoiceId: number; downloadToken: string },
): Promise<IssueOutcome> {
  if (!confirming && !replacing) {
    const [existing] = await tx
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .orderBy(desc(invoices.id))
      .limit(1);
    if (existing)
      return { ok: true, invoiceId: existing.id, number: existing.number, downloadToken: existing.downloadToken };
  }
  const order = confirming?.order ?? (await tx.select().from(orders).where(eq(orders.id, orderId)))[0];
  if (!order) return { ok: false, problem: "Order not found." };
  const lines = confirming?.lines ?? (await linesOf(tx, orderId));
  const gst = confirming ? confirming.gst : await readSellerGst(tx);

  // Prepared for the day the clock says now; numbered and dated by its reading once the series is locked. A
  // reading on another day (the number taken across midnight) gives the number back, and the invoice is prepared
  // again for the reading's day (its rates, its exchange rate, its LUT, its financial year's series).
  let day = istDayOf(clock.guess());
  for (let attempt = 0; attempt < 3; attempt++) {
    const prepared = await prepareInvoice(tx, order, lines, gst, day);
    if (!prepared.ok) return prepared;
    // From its number to the commit every confirmation in the shop waits for this series: the number comes last,
    // and the invoice with its lines follows in one statement (as an order and its lines do).
    const numbered = await takeNumber(tx, gst!.invoice_prefix, "invoice", order.isTest, day, clock.reading);
    if (!numbered) return { ok: false, problem: SERIES_FULL };
    const issuedOn = istDayOf(numbered.issuedAt);
    if (issuedOn !== day) {
      await giveBackNumber(tx, numbered);
      day = issuedOn;
      continue;
    }
    const { series, financialYear, seq, number, issuedAt } = numbered;
    const downloadToken = replacing?.downloadToken ?? randomBytes(24).toString("base64url");
    const insertInvoice = tx
      .insert(invoices)
      .values({
        orderId,
        replacesInvoiceId: replacing?.invoiceId ?? null,
        number,
        series,
        financialYear,
        seq,
        issuedAt,
        issueDate: day,
        supply: prepared.place.supply,
        placeStateCode: prepared.place.stateCode,
        parties: prepared.parties,
        currency: order.currency,
        rateMilli: prepared.rateMilli,
        rateNotification: prepared.rateNotification,
        orderTotal: order.total - order.duties,
        isTest: order.isTest,
        downloadToken,
        ...sum(prepared.lines),
      })
      .returning({ id: invoices.id });
    const insertLines = tx
      .insert(invoiceLineRows)
      .values(
        prepared.lines.map(({ kind, orderLineId, description, hsn, quantity, rateBps, ...amounts }, position) => ({
          invoiceId: sql<number>`(select id from invoice)`,
          position,
          kind,
          orderLineId,
          description,
          hsn,
          quantity,
          rateBps,
          ...amounts,
        })),
      )
      .returning({ invoiceId: invoiceLineRows.invoiceId });
    const { rows } = (await tx.execute(sql`with invoice as (${insertInvoice.getSQL()}) ${insertLines.getSQL()}`)) as {
      rows: { invoice_id: number }[];
    };
    return { ok: true, invoiceId: Number(rows[0]!.invoice_id), number, downloadToken };
  }
  throw new Error("The clock crossed midnight again while an invoice was being numbered");
}
