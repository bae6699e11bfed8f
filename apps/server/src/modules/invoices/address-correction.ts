import { eq } from "drizzle-orm";
import { formatMoney, indianStateByCode, indianStateByName } from "@store/shared";
import type { Tx } from "../../db/client";
import { Refusal } from "../../errors";
import { istDayOf } from "../../lib/seller-time";
import { orders } from "../orders/tables";
import { issueCreditNote } from "./credit";
import { issueInvoice } from "./issue";
import { invoiceOfOrder } from "./read";
import { eWayBills } from "./tables";
import { limitInForce } from "./notified-values";
import { databaseClock } from "./clock";

/**
 * What the seller's correction of a paid order's delivery address does to its invoice, which is written once
 * (decision 061), in the correction's transaction, after the order row holds the new address:
 * - the place of supply changed (another state): the invoice charged the wrong tax heads, so it is cancelled
 *   by a credit note for all that is left of it and a new invoice is issued (CGST Act s. 34; IGST Act s. 10);
 * - only what it prints changed: a new invoice only when its taxable value reaches the limit from which an
 *   unregistered buyer's name and addresses are required particulars (CGST rule 46(e), ₹50,000); below it
 *   they are printed as a courtesy (rule 46(f)) and the invoice stays valid.
 * An e-way bill made for the old address is forgotten, and the seller told to cancel it on the portal.
 * Answers the sentence for the seller, or null when the order has no invoice. A new invoice that cannot be
 * issued (the shop's tax data) refuses the whole correction, so nothing changes.
 */
export async function followAddressCorrection(tx: Tx, orderId: number, now: Date): Promise<string | null> {
  const invoice = await invoiceOfOrder(tx, orderId);
  if (!invoice) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const printed = invoice.parties.recipient;
  const addressChanged =
    printed.name !== order.deliveryName ||
    printed.address !== order.deliveryAddress ||
    printed.city !== order.city ||
    printed.state !== order.state ||
    printed.pinCode !== order.pinCode;
  if (!addressChanged) return `Invoice ${invoice.number} stays: nothing it prints changed.`;

  const [bill] = await tx.select().from(eWayBills).where(eq(eWayBills.invoiceId, invoice.id));
  const billNote = bill
    ? ` Its e-way bill ${bill.number} named the old address: cancel it on the portal and enter the new one's number.`
    : "";
  const stateCode = indianStateByName(order.state)?.code ?? null;
  let why: string;
  if (stateCode !== invoice.placeStateCode) {
    const was = indianStateByCode(invoice.placeStateCode ?? "")?.name ?? invoice.parties.placeOfSupply;
    why = `The place of supply changed from ${was} to ${order.state}`;
  } else {
    const limit = await limitInForce(tx, "recipient_address", istDayOf(now));
    if (limit === null || invoice.taxable < limit) {
      if (bill) await tx.delete(eWayBills).where(eq(eWayBills.id, bill.id));
      const below = limit === null ? "" : ` below ${formatMoney(limit / 100, "INR")}`;
      return `Invoice ${invoice.number} stays: the place of supply is the same, and${below} the buyer's address is not a required detail of the invoice (CGST rule 46).${billNote}`;
    }
    why = `The invoice's taxable value is ${formatMoney(limit / 100, "INR")} or more, so it must carry the buyer's address (CGST rule 46)`;
  }
  const note = await issueCreditNote(
    tx,
    orderId,
    { kind: "remainder", reason: "Delivery address corrected", feeMinor: 0 },
    now,
  );
  // The new invoice is numbered and dated by the database's clock, as every invoice is (decision 064).
  const issued = await issueInvoice(tx, orderId, databaseClock, undefined, {
    invoiceId: invoice.id,
    downloadToken: invoice.downloadToken,
  });
  if (!issued.ok)
    throw new Refusal(
      "unprocessable",
      "INVOICE_NOT_REISSUED",
      `The address was not changed: its invoice must be issued again, and ${issued.problem[0]!.toLowerCase()}${issued.problem.slice(1)}`,
    );
  const cancelled = note ? ` is cancelled by credit note ${note.number}` : " is cancelled";
  return `${why}: invoice ${invoice.number}${cancelled}, and invoice ${issued.number} is issued.${billNote}`;
}
