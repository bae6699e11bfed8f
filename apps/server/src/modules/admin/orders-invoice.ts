import type { AdminOrderDetail } from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import { issueMissingInvoice } from "../invoices/service";
import { recordAudit } from "./audit";
import type { OrderDetails } from "./orders-status";

export function createInvoiceIssuer(db: Db, reader: OrderDetails) {
  return {
    /**
     * `POST /api/admin/orders/:id/invoice`: the invoice of a confirmed order that has none, issued now with its
     * audit row, or the reason it still cannot be (422, in the seller's words; 409 for an order not confirmed).
     * An order that already has one answers it unchanged, with no audit row.
     */
    async issueInvoice(actor: SessionUser, id: number): Promise<AdminOrderDetail> {
      await db.transaction(async (tx) => {
        const issued = await issueMissingInvoice(tx, id);
        if (issued)
          await recordAudit(tx, actor, {
            action: "invoice:issue",
            entity: "order",
            entityId: id,
            before: { invoice_number: null },
            after: { invoice_number: issued },
          });
      });
      return reader.detail(id);
    },
  };
}
