import {
  BANK_TRANSFER_METHOD,
  type AdminOrderDetail,
  type OrderStatusChange,
  type OrderStatusChangeResponse,
  type Refund,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/service";
import { issueCreditNote } from "../invoices/credit";
import { reverseRestOfSale } from "../orders/reversals";
import { clearAttention } from "../orders/shipping-steps";
import { changeOrderStatus, lockOrderForRefund } from "../orders/status-change";
import { recordTransfer, requestRefund } from "../payments/refunds";
import { leftToGiveBack, splitCancellationRefund } from "../payments/credit-back";
import { transition } from "../orders/transitions";
import { giveBackCredit } from "../store-credit/ledger";
import { openReturns } from "../returns/review";
import { recordAudit } from "./audit";

/** The payments module's refund queue: a requested refund is tried at once after the commit, and retried. */
export interface RefundPort {
  refundNow(refundId: number): Promise<void>;
  /** The order's refunds that failed for good, tried again at once; false when the order has none. */
  retry(orderId: number): Promise<boolean>;
}

/** The order as the back office shows it (the orders module's view and the payments module's payments). */
export interface OrderDetails {
  detail(id: number): Promise<AdminOrderDetail>;
}

/** The shipping module's call to the courier: a cancelled order's parcel called back (a problem, or null). */
export interface ParcelRecall {
  recallParcel(orderId: number): Promise<string | null>;
}

const REFERENCE_NEEDED =
  "A cash-on-delivery order is refunded by a transfer you make (UPI, NEFT or IMPS): enter its reference.";

/**
 * After the commit: the refund asked in the transaction is tried at once, and the answer says how it ended
 * (made at once, or still requested: the order's page shows its progress).
 */
export async function answerAfterRefund(
  reader: OrderDetails,
  refunds: RefundPort | null,
  id: number,
  refund: Refund | null,
  refundId: number | null,
): Promise<OrderStatusChangeResponse> {
  if (refundId !== null && refunds) await refunds.refundNow(refundId);
  const order = await reader.detail(id);
  const made = refundId !== null && order.refunds.find((r) => r.id === refundId)?.status === "refunded";
  return { order, refund: refund && made ? { ...refund, status: "refunded" } : refund };
}

export function createOrderStatusChanger(
  db: Db,
  reader: OrderDetails,
  refunds: RefundPort | null,
  parcels: ParcelRecall | null,
) {
  const answer = (id: number, refund: Refund | null, refundId: number | null) =>
    answerAfterRefund(reader, refunds, id, refund, refundId);

  /**
   * All that is left of a delivered or returned-to-seller order goes back: through the provider for an online
   * payment (the order is refunded once the provider has made it), or as the transfer the seller made to a
   * cash-on-delivery shopper, recorded with its reference (refunded at once). What is left of the invoice is
   * credited. Refused while a return of the order is still being settled, or when nothing is left.
   */
  async function refundOrder(actor: SessionUser, id: number, input: OrderStatusChange, now: Date) {
    const { refund, refundId } = await db.transaction(async (tx) => {
      const { order, paid } = await lockOrderForRefund(tx, id);
      if ((await openReturns(tx, id)) > 0)
        throw new AppError(
          "conflict",
          "A return of this order is still open: settle it on the returns page first.",
          "RETURN_OPEN",
        );
      // Cash on delivery and bank transfer (decision 098) go back as the seller's own transfer.
      const cod = order.paymentMethod === "cod" || order.paymentMethod === BANK_TRANSFER_METHOD;
      const reference = input.refund_reference;
      // Money first, the rest back as the store credit the order spent (decision 088).
      const left = await leftToGiveBack(tx, order);
      if (left.money + left.credit <= 0)
        throw new AppError(
          "conflict",
          "Everything paid for this order has been refunded already, or is on its way.",
          "NOTHING_LEFT_TO_REFUND",
        );
      if (cod && left.money > 0 && !reference)
        throw new AppError("unprocessable", REFERENCE_NEEDED, "REFERENCE_REQUIRED", [
          { path: "refund_reference", message: REFERENCE_NEEDED },
        ]);
      await issueCreditNote(tx, id, { kind: "remainder", reason: "Order refunded", feeMinor: 0 }, now);
      await reverseRestOfSale(tx, order, "order_refunded");
      if (left.credit > 0)
        await giveBackCredit(tx, {
          orderId: id,
          cause: "refunded",
          reason: `Order #${id} was refunded`,
          amountMinor: left.credit,
        });
      const ask = { reason: "order_refunded" as const, amount: left.money };
      const refundId =
        left.money === 0
          ? (await transition(tx, order, "refunded", "Store credit given back"), null)
          : cod && reference
            ? (await recordTransfer(tx, order, { ...ask, reference, destination: "the account you gave us" }), null)
            : await requestRefund(tx, id, ask);
      const refund: Refund = {
        rule: "full",
        currency: order.currency as Refund["currency"],
        paid_minor: paid,
        fee_minor: 0,
        refund_minor: left.money + left.credit,
        ...(left.credit > 0 && { store_credit_minor: left.credit }),
        status: cod || left.money === 0 ? "refunded" : "requested",
      };
      await recordAudit(tx, actor, {
        action: "refund:order",
        entity: "order",
        entityId: id,
        before: { status: order.status },
        after: { refund, ...(reference && { reference }), ...(input.note && { note: input.note }) },
      });
      return { refund, refundId };
    });
    return answer(id, refund, refundId);
  }

  return {
    /**
     * `POST /api/admin/orders/:id/status`: one move of the order state machine (the orders module), the
     * money owed back asked of the payments module and the audit row, in one transaction. A cancellation of a
     * paid order asks its refund, tried at once after the commit; "refunded" refunds what is left (above).
     */
    async change(
      actor: SessionUser,
      id: number,
      input: OrderStatusChange,
      now = new Date(),
    ): Promise<OrderStatusChangeResponse> {
      const to = input.status;
      if (to === "refunded") return refundOrder(actor, id, input, now);
      const { refund, refundId, shipped } = await db.transaction(async (tx) => {
        const { before, refund: owed } = await changeOrderStatus(tx, id, { ...input, status: to }, now);
        // Money first, the rest back as the store credit the order spent (decision 088).
        const { refund, money } = await splitCancellationRefund(tx, before, owed);
        const refundId = money > 0 ? await requestRefund(tx, id, { reason: "order_cancelled", amount: money }) : null;
        // Cancelled after it was invoiced: a credit note takes back what was not kept as a fee.
        if (to === "cancelled")
          await issueCreditNote(
            tx,
            id,
            { kind: "remainder", reason: "Order cancelled", feeMinor: refund?.fee_minor ?? 0 },
            now,
          );
        await recordAudit(tx, actor, {
          action: `status:${to}`,
          entity: "order",
          entityId: id,
          before: { status: before.status, tracking_number: before.trackingNumber },
          after: {
            status: to,
            tracking_number: to === "shipped" ? (input.tracking_number ?? null) : before.trackingNumber,
            ...(to === "shipped" && input.carrier && { carrier: input.carrier }),
            ...(to === "shipped" && input.carrier_name && { carrier_name: input.carrier_name }),
            ...(refund && { refund }),
          },
        });
        return { refund, refundId, shipped: before.status === "shipped" };
      });
      // Cancelled on its way: the courier is asked to bring the parcel back (its problem shows on the parcel).
      if (to === "cancelled" && shipped && parcels) await parcels.recallParcel(id);
      return answer(id, refund, refundId);
    },

    /** `POST /api/admin/orders/:id/shipment/recall`: a cancelled order's parcel called back again (the courier failed). */
    async recallParcel(actor: SessionUser, id: number): Promise<AdminOrderDetail> {
      const order = await reader.detail(id);
      if (order.status !== "cancelled" && order.status !== "refunded")
        throw new AppError("conflict", "Only a cancelled order's parcel is called back.", "NOT_CANCELLED");
      const problem = parcels ? await parcels.recallParcel(id) : "Shipping through the courier is not configured.";
      if (problem) throw new AppError("unavailable", problem, "PARCEL_NOT_RECALLED");
      await db.transaction((tx) =>
        recordAudit(tx, actor, { action: "shipment:recall", entity: "order", entityId: id, before: null, after: {} }),
      );
      return reader.detail(id);
    },

    /** `POST /api/admin/orders/:id/attention`: what the order was flagged for is settled (audited, with the note). */
    async resolveAttention(actor: SessionUser, id: number, note: string): Promise<AdminOrderDetail> {
      await db.transaction(async (tx) => {
        const cleared = await clearAttention(tx, id, note);
        if (cleared === null)
          throw new AppError("conflict", "Nothing on this order is waiting to be resolved.", "NOTHING_TO_RESOLVE");
        await recordAudit(tx, actor, {
          action: "attention:resolve",
          entity: "order",
          entityId: id,
          before: { attention: cleared },
          after: { attention: null, note },
        });
      });
      return reader.detail(id);
    },

    /** `POST /api/admin/orders/:id/refund-retry`: refunds the queue gave up on, tried again at once (and audited). */
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
          before: { refunds: "failed" },
          after: { refunds: order.refunds.map((r) => ({ id: r.id, status: r.status })) },
        }),
      );
      return order;
    },
  };
}
