import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { EXCHANGE_RATE_REMINDER_DAYS, lutNotice, type DashboardResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { addDays } from "../../lib/seller-time";
import { orders } from "../orders/tables";
import { readSellerGst } from "../settings/service";
import { printedDate } from "./format";
import { invoiceProblem } from "./issue";
import { valueInForce } from "./notified-values";
import { INVOICED_STATUSES } from "./service";
import { invoices } from "./tables";

type TaxNotice = DashboardResponse["tax_notices"][number];

/** How many held invoices the dashboard names, newest first; the rest are counted. */
const HELD_SHOWN = 5;

/**
 * What the seller must do about tax on `today` (IST), in their words (issue 38): confirmed orders whose invoice
 * is held and why, an LUT lapsing or lapsed, and a customs exchange rate missing or not renewed.
 */
export async function taxNotices(db: Db, today: string): Promise<TaxNotice[]> {
  const withoutInvoice = and(inArray(orders.status, [...INVOICED_STATUSES]), isNull(invoices.id));
  const [held, [total], gst, rate] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .where(withoutInvoice)
      .orderBy(desc(orders.id))
      .limit(HELD_SHOWN),
    db.select({ n: count() }).from(orders).leftJoin(invoices, eq(invoices.orderId, orders.id)).where(withoutInvoice),
    readSellerGst(db),
    valueInForce(db, "usd_export_rate", today),
  ]);
  const notices: TaxNotice[] = [];
  for (const { id } of held) {
    const problem = await invoiceProblem(db, id, today);
    notices.push({
      message: problem
        ? `Order #${id} has no tax invoice: ${problem}`
        : `Order #${id} has no tax invoice yet: it can be issued now from the order's page.`,
      href: `/admin/orders/${id}`,
      action: `Open order #${id}`,
    });
  }
  const more = (total?.n ?? 0) - held.length;
  if (more > 0)
    notices.push({
      message:
        more === 1
          ? "1 more confirmed order has no tax invoice."
          : `${more} more confirmed orders have no tax invoice.`,
      href: "/admin/orders",
      action: "Open the orders",
    });
  const lut = lutNotice(gst, today);
  if (lut) notices.push({ message: lut, href: "/admin/settings", action: "Open the settings" });
  if (!rate)
    notices.push({
      message:
        "No customs exchange rate for the US dollar is saved: the invoices of dollar orders are held until you add the rate CBIC notified for exported goods.",
      href: "/admin/exchange-rates",
      action: "Add the exchange rate",
    });
  else if (rate.effectiveFrom < addDays(today, -EXCHANGE_RATE_REMINDER_DAYS))
    notices.push({
      message: `The customs exchange rate in force for the US dollar is from ${printedDate(rate.effectiveFrom)} (${rate.notification}): CBIC notifies new rates twice a month, so add the latest.`,
      href: "/admin/exchange-rates",
      action: "Add the latest rate",
    });
  return notices;
}
