import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { countryName, indianStateByCode, indianStateByName, type SellerGst } from "@store/shared";
import type { Tx } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import { taxOfProducts } from "../catalog/tax-rules";
import { orderLines, orders } from "../orders/tables";
import { readSellerGst } from "../settings/service";
import { invoiceLines, sum, type InvoiceLineInput, type SupplyKind } from "./compute";
import { takeNumber } from "./numbers";
import { invoiceLines as invoiceLineRows, invoices, type Parties } from "./tables";

export type IssueOutcome =
  { ok: true; invoiceId: number; number: string; downloadToken: string } | { ok: false; problem: string };

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** Where the supply is, from the delivery address, and what that makes it: CGST+SGST, IGST, or an export. */
export function placeOfSupply(
  order: Pick<OrderRow, "deliveryCountry" | "state">,
  gst: SellerGst,
): { ok: true; supply: SupplyKind; stateCode: string | null; label: string } | { ok: false; problem: string } {
  if (order.deliveryCountry !== "IN") {
    return {
      ok: true,
      supply: gst.lut_reference ? "export_lut" : "export_igst",
      stateCode: null,
      label: countryName(order.deliveryCountry) ?? order.deliveryCountry,
    };
  }
  const state = indianStateByName(order.state);
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

/** Who sells, who buys and where the supply is, as the invoice prints them (kept with it, so later edits never change it). */
function partiesOf(order: OrderRow, gst: SellerGst, place: { supply: SupplyKind; label: string }): Parties {
  const state = indianStateByCode(gst.state_code)!;
  return {
    supplier: {
      legalName: gst.legal_name,
      address: gst.address,
      gstin: gst.gstin,
      stateName: state.name,
      stateCode: state.code,
    },
    recipient: {
      name: order.deliveryName,
      address: order.deliveryAddress,
      city: order.city,
      state: order.state,
      pinCode: order.pinCode,
      country: countryName(order.deliveryCountry) ?? order.deliveryCountry,
    },
    placeOfSupply: place.label,
    lutReference: place.supply === "export_lut" ? gst.lut_reference : null,
  };
}

/** Why no invoice can be numbered once the year's series has used its last number. */
export const SERIES_FULL = "The invoice series of this financial year is full (16 characters at most).";

/**
 * The order's tax invoice, issued in the caller's transaction (the one that settles the order): its lines
 * from what was sold, the rates in force today, the place of supply and the next number of the financial
 * year. Issued once: asking again answers the same invoice. When the shop's tax data does not allow a
 * correct invoice (no GST registration saved, a product without HSN code or rate, an unknown state) it
 * answers the problem and writes nothing, so the sale still settles and the seller issues it once fixed.
 */
export async function issueInvoice(
  tx: Tx,
  orderId: number,
  now: Date,
  /**
   * The order, its lines and the seller's registration, when the caller is confirming the order and has just
   * read them under the order's lock: an order is confirmed once, so it has no invoice yet (and the unique
   * order id would refuse a second).
   */
  confirming?: { order: OrderRow; lines: OrderLineRow[]; gst: SellerGst | null },
): Promise<IssueOutcome> {
  if (!confirming) {
    const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
    if (existing)
      return { ok: true, invoiceId: existing.id, number: existing.number, downloadToken: existing.downloadToken };
  }
  const gst = confirming ? confirming.gst : await readSellerGst(tx);
  if (!gst)
    return {
      ok: false,
      problem: "The shop's GST registration is not saved yet: enter it in Settings, then issue the invoice.",
    };
  const order = confirming?.order ?? (await tx.select().from(orders).where(eq(orders.id, orderId)))[0];
  if (!order) return { ok: false, problem: "Order not found." };
  const place = placeOfSupply(order, gst);
  if (!place.ok) return place;

  const day = istDayOf(now);
  const sold = (
    confirming?.lines ??
    (await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)))
  )
    .map((l) => ({ ...l, quantity: l.quantity - l.cancelledQuantity }))
    .filter((l) => l.quantity > 0);
  if (sold.length === 0)
    return { ok: false, problem: "Every piece of this order was cancelled: there is nothing to invoice." };
  const taxes = await taxOfProducts(
    tx,
    sold.flatMap((l) => (l.productId === null ? [] : [l.productId])),
    day,
  );
  const goods: InvoiceLineInput[] = [];
  for (const l of sold) {
    const tax = l.productId === null ? undefined : taxes.get(l.productId);
    if (!tax)
      return { ok: false, problem: `"${l.productName}" is no longer in the catalogue, so its HSN code is unknown.` };
    if (!tax.ok) return { ok: false, problem: `${tax.problem} Set it on the product, then issue the invoice.` };
    goods.push({
      orderLineId: l.id,
      description: `${l.productName} (size ${l.size})`,
      hsn: tax.hsn,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      rate: tax.rate,
    });
  }
  const lines = invoiceLines({ ...order, currency: order.currency as "INR" | "USD" }, goods, place.supply);

  const parties = partiesOf(order, gst, place);
  const downloadToken = randomBytes(24).toString("base64url");

  // From its number to the commit every confirmation in the shop waits for this series: the number comes last,
  // and the invoice with its lines follows in one statement (as an order and its lines do).
  const numbered = await takeNumber(tx, gst.invoice_prefix, "invoice", order.isTest, day);
  if (!numbered) return { ok: false, problem: SERIES_FULL };
  const insertInvoice = tx
    .insert(invoices)
    .values({
      orderId,
      ...numbered,
      issuedAt: now,
      issueDate: day,
      supply: place.supply,
      placeStateCode: place.stateCode,
      parties,
      currency: order.currency,
      rateMilli: order.rateMilli,
      orderTotal: order.total,
      isTest: order.isTest,
      downloadToken,
      ...sum(lines),
    })
    .returning({ id: invoices.id });
  const insertLines = tx
    .insert(invoiceLineRows)
    .values(
      lines.map(({ kind, orderLineId, description, hsn, quantity, rateBps, ...amounts }, position) => ({
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
  const invoiceId = Number(rows[0]!.invoice_id);
  return { ok: true as const, invoiceId, number: numbered.number, downloadToken };
}
