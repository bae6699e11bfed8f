import type { AdminOrderDetail, OrderStatusChange, OrderStatusChangeResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/service";
import { issueCreditNote } from "../invoices/credit";
import { changeOrderStatus } from "../orders/status-change";
import { followOrderRefund } from "../payments/order-payments";
import { recordAudit } from "./audit";

/** The payments module's refund queue: a requested refund is tried at once after the commit, and retried. */
export interface RefundPort {
  refundNow(paymentId: number): Promise<void>;
  /** A refund that failed for good, tried again at once; false when the order has none. */
  retry(orderId: number): Promise<boolean>;
}

/** The order as the back office shows it (the orders module's view and the payments module's payments). */
export interface OrderDetails {
  detail(id: number): Promise<AdminOrderDetail>;
}

export function createOrderStatusChanger(db: Db, reader: OrderDetails, refunds: RefundPort | null) {
  return {
    /**
     * `POST /api/admin/orders/:id/status`: one move of the order state machine (the orders module), the
     * payment following the money (the payments module) and the audit row, in one transaction. A cancellation
     * of a paid order marks its payment refund_requested and, after commit, asks the refund queue to refund.
     */
    async change(
      actor: SessionUser,
      id: number,
      input: OrderStatusChange,
      now = new Date(),
    ): Promise<OrderStatusChangeResponse> {
      const { refund, owedPaymentId } = await db.transaction(async (tx) => {
        const { before, refund } = await changeOrderStatus(tx, id, input, now);
        const owedPaymentId = refund ? await followOrderRefund(tx, id, refund) : null;
        const to = input.status;
        // Cancelled or refunded after it was invoiced: a credit note takes back what was not kept as a fee.
        if (to === "cancelled" || to === "refunded") {
          const reason = to === "cancelled" ? "Order cancelled" : "Order refunded";
          await issueCreditNote(tx, id, { kind: "remainder", reason, feeMinor: refund?.fee_minor ?? 0 }, now);
        }
        await recordAudit(tx, actor, {
          action: `status:${to}`,
          entity: "order",
          entityId: id,
          before: { status: before.status, tracking_number: before.trackingNumber },
          after: {
            status: to,
            tracking_number: to === "shipped" ? input.tracking_number : before.trackingNumber,
            ...(refund && { refund }),
          },
        });
        return { refund, owedPaymentId };
      });

      // Without the payments module's queue, the payment stays refund_requested for the seller to settle.
      if (owedPaymentId !== null && refunds) await refunds.refundNow(owedPaymentId);
      const order = await reader.detail(id);
      const settled =
        refund?.status === "requested" && order.status === "refunded"
          ? { ...refund, status: "refunded" as const }
          : refund;
      return { order, refund: settled };
    },

    /** `POST /api/admin/orders/:id/refund-retry`: a refund the queue gave up on, tried again at once (and audited). */
    async retryRefund(actor: SessionUser, id: number): Promise<AdminOrderDetail> {
      await reader.detail(id);
      if (!refunds || !(await refunds.retry(id)))
        throw new AppError("conflict", "This order has no failed refund to retry.", "NO_FAILED_REFUND");
      const order = await reader.detail(id);
      await db.transaction((tx) =>
        recordAudit(tx, actor, {
          action: "refund:retry",
          entity: "order",
          entityId: id,
          before: { payment: "refund_failed" },
          after: { payment: order.payments.at(-1)?.status ?? null },
        }),
      );
      return order;
    },
  };
}
