import { eq } from "drizzle-orm";
import type { AdminOrderDetail } from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { notFound } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";
import { issueInvoice } from "../invoices/issue";
import { invoiceOfOrder } from "../invoices/read";
import { INVOICED_STATUSES } from "../invoices/service";
import { orders } from "../orders/tables";
import { recordAudit } from "./audit";
import type { OrderDetails } from "./orders-status";

export function createInvoiceIssuer(db: Db, reader: OrderDetails) {
  return {
    /**
     * `POST /api/admin/orders/:id/invoice`: the invoice of a confirmed order that has none (the shop's tax data
     * did not allow it when the order was confirmed), issued now with its audit row, or the reason it still
     * cannot be (422, in the seller's words). An order that already has one answers it unchanged.
     */
    async issueInvoice(actor: SessionUser, id: number, now = new Date()): Promise<AdminOrderDetail> {
      const outcome = await db.transaction(async (tx): Promise<{ ok: true } | { ok: false; problem: string }> => {
        const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
        if (!order) throw notFound("Order");
        if (!INVOICED_STATUSES.includes(order.status))
          throw new AppError(
            "conflict",
            "Only a paid or confirmed order (not yet cancelled or refunded) gets a tax invoice.",
            "NOT_INVOICEABLE",
          );
        // Already issued (a second click, another tab): nothing to do, nothing to audit.
        if (await invoiceOfOrder(tx, id)) return { ok: true as const };
        const issued = await issueInvoice(tx, id, now);
        if (issued.ok)
          await recordAudit(tx, actor, {
            action: "invoice:issue",
            entity: "order",
            entityId: id,
            before: { invoice_number: null },
            after: { invoice_number: issued.number },
          });
        return issued;
      });
      if (!outcome.ok) throw new AppError("unprocessable", outcome.problem, "INVOICE_NOT_ISSUED");
      return reader.detail(id);
    },
  };
}
