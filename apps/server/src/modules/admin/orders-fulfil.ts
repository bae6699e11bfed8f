import type {
  AdminOrderDetail,
  BulkShip,
  BulkShipResponse,
  CancelLines,
  OrderStatusChange,
  OrderStatusChangeResponse,
  ProductionStatusChange,
  TrackingCorrection,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/service";
import { issueCreditNote } from "../invoices/credit";
import { cancelOrderLines } from "../orders/cancel-lines";
import { correctTracking } from "../orders/tracking";
import { setProductionStatus } from "../orders/made-to-order";
import { requestRefund } from "../payments/refunds";
import { splitCancellationRefund } from "../payments/credit-back";
import { giveBackCredit } from "../store-credit/ledger";
import { recordAudit } from "./audit";
import { answerAfterRefund, type OrderDetails, type RefundPort } from "./orders-status";

type StatusChanger = {
  change(
    actor: SessionUser,
    id: number,
    input: Pick<OrderStatusChange, "tracking_number" | "carrier" | "carrier_name"> & { status: "shipped" },
  ): Promise<OrderStatusChangeResponse>;
};

/**
 * The seller's day at the packing table (issue 13): several orders shipped at once, a tracking number
 * corrected, pieces of an order cancelled. Each write runs the owning modules' functions in one transaction
 * with its audit row; refunds owed are tried after the commit, as a cancellation's are.
 */
export function createOrderFulfilment(
  db: Db,
  reader: OrderDetails,
  changer: StatusChanger,
  refunds: RefundPort | null,
) {
  return {
    /**
     * `POST /api/admin/orders/ship`: each order on its own (decision 023): one that cannot be shipped (unknown,
     * not paid or confirmed, already shipped) is reported with the reason and left as it was; the others ship.
     */
    async shipMany(actor: SessionUser, input: BulkShip): Promise<BulkShipResponse> {
      const results: BulkShipResponse["results"] = [];
      for (const item of input.orders) {
        try {
          const { id, ...shipping } = item;
          const { order } = await changer.change(actor, id, { status: "shipped", ...shipping });
          results.push({ id: item.id, ok: true, status: order.status, message: null, code: null });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const status = error.kind === "not_found" ? null : (await reader.detail(item.id)).status;
          const message = error.kind === "not_found" ? `Order ${item.id} was not found.` : error.message;
          results.push({ id: item.id, ok: false, status, message, code: error.code });
        }
      }
      const shipped = results.filter((r) => r.ok).length;
      return { results, shipped, refused: results.length - shipped };
    },

    /** `PATCH /api/admin/orders/:id/tracking`: a shipped order's tracking number corrected (audited; same number: no change). */
    async correctTracking(actor: SessionUser, id: number, input: TrackingCorrection): Promise<AdminOrderDetail> {
      await db.transaction(async (tx) => {
        const changed = await correctTracking(tx, id, input.tracking_number, input.note);
        if (!changed) return;
        await recordAudit(tx, actor, {
          action: "tracking:correct",
          entity: "order",
          entityId: id,
          before: { tracking_number: changed.before },
          after: { tracking_number: input.tracking_number },
        });
      });
      return reader.detail(id);
    },

    /** `POST /api/admin/orders/:id/lines/:lineId/production`: a made-to-order line's making, one step on (audited). */
    async setProduction(
      actor: SessionUser,
      id: number,
      lineId: number,
      input: ProductionStatusChange,
    ): Promise<AdminOrderDetail> {
      await db.transaction(async (tx) => {
        const { before } = await setProductionStatus(tx, id, lineId, input.status);
        await recordAudit(tx, actor, {
          action: "order-line:production",
          entity: "order",
          entityId: id,
          before: { line_id: lineId, production_status: before },
          after: { line_id: lineId, production_status: input.status },
        });
      });
      return reader.detail(id);
    },

    /**
     * `POST /api/admin/orders/:id/cancel-lines`: pieces cancelled, stock back, totals smaller, the money for
     * them owed back on an online payment; the last pieces cancel the order (with its refund policy).
     */
    async cancelLines(
      actor: SessionUser,
      id: number,
      input: CancelLines,
      now = new Date(),
    ): Promise<OrderStatusChangeResponse> {
      const { refund, refundId } = await db.transaction(async (tx) => {
        const result = await cancelOrderLines(tx, id, input, now);
        if (result.kind === "order") {
          const { refund, money } = await splitCancellationRefund(tx, result.change.before, result.change.refund);
          const { before } = result.change;
          const refundId = money > 0 ? await requestRefund(tx, id, { reason: "order_cancelled", amount: money }) : null;
          await issueCreditNote(
            tx,
            id,
            { kind: "remainder", reason: "Order cancelled", feeMinor: refund?.fee_minor ?? 0 },
            now,
          );
          await recordAudit(tx, actor, {
            action: "status:cancelled",
            entity: "order",
            entityId: id,
            before: { status: before.status },
            after: { status: "cancelled", ...(refund && { refund }) },
          });
          return { refund, refundId };
        }
        const credit = result.refund.store_credit_minor ?? 0;
        if (credit > 0)
          await giveBackCredit(tx, {
            orderId: id,
            cause: `pieces:${result.eventId}`,
            reason: `Pieces of order #${id} were cancelled`,
            amountMinor: credit,
          });
        const refundId = await requestRefund(tx, id, {
          reason: "pieces_cancelled",
          amount: result.refund.refund_minor - credit,
        });
        const pieces = result.cancelled.map((c) => ({ orderLineId: c.line_id, quantity: c.quantity }));
        await issueCreditNote(tx, id, { kind: "pieces", pieces }, now);
        await recordAudit(tx, actor, {
          action: "lines:cancel",
          entity: "order",
          entityId: id,
          before: { cancelled: null, total_minor: result.before.total },
          after: { cancelled: result.cancelled, total_minor: result.totalAfter, refund: result.refund },
        });
        return { refund: result.refund, refundId };
      });
      return answerAfterRefund(reader, refunds, id, refund, refundId);
    },
  };
}
