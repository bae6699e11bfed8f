import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { exportShippingBills, invoices } from "./tables";

/** A shipping bill as the courier's export clearance reports it: number, date (YYYY-MM-DD) and port code. */
export interface ShippingBill {
  number: string;
  date: string;
  portCode: string;
}

/**
 * Records the shipping bill of the order's export invoice (its newest, the one the parcel left under), for GSTR-1
 * table 6A (decision 082), beside the invoice (never changed once issued). Answers whether an export invoice took
 * it; a domestic order's invoice never does. A later report (the courier corrected it) replaces the earlier one.
 */
export async function recordShippingBill(tx: Tx, orderId: number, bill: ShippingBill): Promise<boolean> {
  const [invoice] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.supply, ["export_lut", "export_igst"])))
    .orderBy(desc(invoices.id))
    .limit(1);
  if (!invoice) return false;
  const values = { number: bill.number, date: bill.date, portCode: bill.portCode };
  await tx
    .insert(exportShippingBills)
    .values({ invoiceId: invoice.id, ...values })
    .onConflictDoUpdate({ target: exportShippingBills.invoiceId, set: { ...values, recordedAt: new Date() } });
  return true;
}

/** The shipping bill recorded for an invoice, or null (not an export, or not yet cleared). */
export async function shippingBillOf(db: Db | Tx, invoiceId: number): Promise<ShippingBill | null> {
  const [row] = await db.select().from(exportShippingBills).where(eq(exportShippingBills.invoiceId, invoiceId));
  return row ? { number: row.number, date: row.date, portCode: row.portCode } : null;
}
