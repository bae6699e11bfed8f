import { eq, sql } from "drizzle-orm";
import { formatMoney, indianStateByName, type EWayBillView } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { orders } from "../orders/tables";
import { readSellerGst } from "../settings/service";
import { toInr } from "./compute";
import { eWayBillJson, type DispatchFrom } from "./e-way-bill-json";
import { invoiceOfOrder, type InvoiceDocument } from "./read";
import { eWayBills } from "./tables";
import { limitInForce } from "./notified-values";

/**
 * Whether an order's consignment needs an e-way bill (CGST rule 138, decision 061), and the number entered
 * for it. Its value is the invoice's with tax (rule 138, Explanation 2), less what credit notes took back
 * (pieces cancelled before it left); before the invoice is issued, the order's total in rupees.
 */
export type EWayBillNeed =
  | { needed: false }
  | {
      needed: true;
      movement: EWayBillView["movement"];
      valueMinor: number;
      thresholdMinor: number;
      invoice: InvoiceDocument | null;
      number: string | null;
    };

const remainingGross = (invoice: InvoiceDocument) =>
  invoice.gross - invoice.creditNotes.reduce((total, note) => total + note.gross, 0);

/** Needed above the limit in force on `day` for the movement: rule 138(1) says "exceeding" it. */
export async function eWayBillNeed(db: Db | Tx, orderId: number, day: string): Promise<EWayBillNeed> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  // Exports leave through customs with their own documents; the courier books parcels within India only.
  if (!order || order.deliveryCountry !== "IN") return { needed: false };
  const invoice = await invoiceOfOrder(db, orderId);
  let movement: EWayBillView["movement"];
  if (invoice) movement = invoice.supply === "intra" ? "intra_state" : "inter_state";
  else {
    // No invoice yet: the seller's state from the registration; none saved, the lower (inter-state) limit.
    const gst = await readSellerGst(db);
    movement = gst && indianStateByName(order.state)?.code === gst.state_code ? "intra_state" : "inter_state";
  }
  const valueMinor = invoice
    ? remainingGross(invoice)
    : toInr(order.total, { currency: order.currency as "INR" | "USD", rateMilli: order.rateMilli });
  const thresholdMinor = await limitInForce(
    db,
    movement === "inter_state" ? "e_way_bill_inter_state" : "e_way_bill_intra_state",
    day,
  );
  if (thresholdMinor === null || valueMinor <= thresholdMinor) return { needed: false };
  const [bill] = invoice
    ? await db.select({ number: eWayBills.number }).from(eWayBills).where(eq(eWayBills.invoiceId, invoice.id))
    : [];
  return { needed: true, movement, valueMinor, thresholdMinor, invoice, number: bill?.number ?? null };
}

const rupees = (minor: number) => formatMoney(minor / 100, "INR");

/** Why an order's consignment needs an e-way bill, in the seller's words. */
export function needText(orderId: number, need: Extract<EWayBillNeed, { needed: true }>): string {
  const where = need.movement === "inter_state" ? "for goods going to another state" : "within the state";
  return `Order ${orderId}'s consignment is worth ${rupees(need.valueMinor)} with tax, over the ${rupees(need.thresholdMinor)} limit ${where}, so it needs an e-way bill`;
}

/** The order's need as the back office shows it; `booked`: a parcel already carries the number. */
export function eWayBillView(need: EWayBillNeed, booked: boolean): EWayBillView | null {
  if (!need.needed) return null;
  return {
    movement: need.movement,
    value_minor: need.valueMinor,
    threshold_minor: need.thresholdMinor,
    number: need.number,
    can_download: need.invoice !== null,
    editable: !booked,
  };
}

/** The need, refused in the seller's words when there is none, or no invoice to make the e-way bill from. */
export async function neededWithInvoice(db: Db | Tx, orderId: number, day: string) {
  const need = await eWayBillNeed(db, orderId, day);
  if (!need.needed) {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError("not_found", "Order not found.", "NOT_FOUND");
    throw new AppError(
      "conflict",
      `Order ${orderId}'s consignment is within the e-way bill limit: it needs no e-way bill.`,
      "E_WAY_BILL_NOT_NEEDED",
    );
  }
  if (!need.invoice)
    throw new AppError(
      "conflict",
      `${needText(orderId, need)}, which is made from the tax invoice: issue the invoice first.`,
      "INVOICE_MISSING",
    );
  return { ...need, invoice: need.invoice };
}

/**
 * Records the number the portal gave the e-way bill of the order's invoice, in the caller's transaction (the
 * back office audits it there; it has checked that no parcel carries the old one). Answers both numbers.
 */
export async function recordEWayBill(
  tx: Tx,
  orderId: number,
  number: string,
  day: string,
): Promise<{ before: string | null; after: string }> {
  const need = await neededWithInvoice(tx, orderId, day);
  await tx
    .insert(eWayBills)
    .values({ invoiceId: need.invoice.id, number })
    .onConflictDoUpdate({ target: eWayBills.invoiceId, set: { number, updatedAt: sql`now()` } });
  return { before: need.number, after: number };
}

/**
 * The e-way bill's data in the portal's bulk JSON (e-way-bill-json.ts), from the order's invoice and its
 * delivery address as it is now, leaving from `dispatch`, with the courier as transporter once known.
 */
export async function eWayBillFile(
  db: Db | Tx,
  orderId: number,
  day: string,
  dispatch: DispatchFrom,
  transporterName: string | null,
): Promise<{ filename: string; json: ReturnType<typeof eWayBillJson> }> {
  const { invoice } = await neededWithInvoice(db, orderId, day);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const to = {
    name: order!.deliveryName,
    address: order!.deliveryAddress,
    city: order!.city,
    pinCode: order!.pinCode,
    stateCode: invoice.placeStateCode!,
  };
  return {
    filename: `e-way-bill-${invoice.number.replace(/[^\w-]+/g, "-")}.json`,
    json: eWayBillJson(invoice, to, dispatch, transporterName),
  };
}
