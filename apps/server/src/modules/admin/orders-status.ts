import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  ORDER_STATUS_LABELS, canTransition,
  type AdminOrderDetail, type Currency, type OrderStatusChange, type OrderStatusChangeResponse, type Refund,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { Tx } from "../../db/client";
import { invalidateCatalogCache } from "../catalog/cache";
import { releaseHolds } from "../orders/holds";
import { orderEvents, orders } from "../orders/tables";
import { lockOrder, transition } from "../orders/transitions";
import { requestRefund } from "../payments/refunds";
import { payments } from "../payments/tables";
import { recordAudit } from "./audit";
import { notFound } from "./failures";
import type { OrderReader } from "./orders-read";
import { cancellationRefund, fullRefund, type RefundAmounts } from "./refund-policy";
import type { SessionUser } from "../accounts/service";

/** The payments module's refund queue: a requested refund is tried at once after the commit, and retried. */
export interface RefundPort {
  refundNow(paymentId: number): Promise<void>;
  /** A refund that failed for good, tried again at once; false when the order has none. */
  retry(orderId: number): Promise<boolean>;
}

type OrderRow = typeof orders.$inferSelect;

/** What a cancelled order was due, read back from its cancellation event when it is later marked refunded. */
async function cancelledRefund(tx: Tx, orderId: number): Promise<RefundAmounts | undefined> {
  const [event] = await tx.select({ data: orderEvents.data }).from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "cancelled"))).orderBy(desc(orderEvents.id)).limit(1);
  const refund = (event?.data as { refund?: RefundAmounts } | null)?.refund;
  return refund && typeof refund.refund_minor === "number" ? refund : undefined;
}

async function refundFor(tx: Tx, order: OrderRow, to: string, now: Date): Promise<RefundAmounts | null> {
  if (to === "cancelled") return cancellationRefund(order, now);
  if (to === "refunded") return order.status === "cancelled" ? (await cancelledRefund(tx, order.id)) ?? cancellationRefund(order, now) : fullRefund(order);
  return null;
}

export function createOrderStatusChanger(db: Db, reader: OrderReader, refunds: RefundPort | null) {
  return {
    /**
     * `POST /api/admin/orders/:id/status`: one move of the order state machine, under the order's row lock,
     * with its event (refund amounts in `data`) and audit row in the same transaction. A cancellation of a
     * paid order marks its payment refund_requested and, after commit, asks the payments module to refund.
     */
    async change(actor: SessionUser, id: number, input: OrderStatusChange, now = new Date()): Promise<OrderStatusChangeResponse> {
      const { refund, owedPaymentId, restocked } = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (!order) throw notFound("Order");
        const to = input.status;
        if (!canTransition(order.status, to)) {
          throw new AppError("conflict", `An order that is "${ORDER_STATUS_LABELS[order.status]}" cannot be marked "${ORDER_STATUS_LABELS[to]}".`, "INVALID_TRANSITION");
        }

        const amounts = await refundFor(tx, order, to, now);
        const refunded = to === "refunded";
        const refund: Refund | null = amounts && {
          ...amounts,
          currency: order.currency as Currency,
          status: amounts.refund_minor === 0 ? "none" : refunded ? "refunded" : "requested",
        };
        // What the order holds goes back: pieces still on the shelf (shipped ones come back by courier and are
        // counted back by hand when they arrive), and its promo use.
        const restocked = to === "cancelled" ? (await releaseHolds(tx, order)).map((p) => ({ variant_id: p.variantId, quantity: p.quantity })) : [];
        if (to === "shipped") await tx.update(orders).set({ trackingNumber: input.tracking_number }).where(eq(orders.id, id));

        // The payment follows the money: owed back (the refund queue asks the provider), or refunded once the seller says so.
        const [captured] = refund?.status === "requested"
          ? await tx.select().from(payments).where(and(eq(payments.orderId, id), eq(payments.status, "captured"), isNotNull(payments.providerPaymentId)))
          : [];
        if (captured && refund) await requestRefund(tx, captured, refund.refund_minor);
        if (refund?.status === "refunded") {
          await tx.update(payments).set({ status: "refunded", updatedAt: sql`now()` })
            .where(and(eq(payments.orderId, id), inArray(payments.status, ["captured", "refund_requested", "refund_failed"])));
        }

        await transition(tx, order, to, input.note ?? "", {
          by: "admin",
          ...(input.tracking_number && to === "shipped" && { tracking_number: input.tracking_number }),
          ...(refund && { refund }),
          ...(restocked.length > 0 && { restocked }),
        });
        await recordAudit(tx, actor, {
          action: `status:${to}`,
          entity: "order",
          entityId: id,
          before: { status: order.status, tracking_number: order.trackingNumber },
          after: { status: to, tracking_number: to === "shipped" ? input.tracking_number : order.trackingNumber, ...(refund && { refund }) },
        });
        return { refund, owedPaymentId: captured?.id ?? null, restocked: restocked.length > 0 };
      });
      // The pieces are back on the product pages (after the commit, so no reader caches the old count).
      if (restocked) invalidateCatalogCache();

      // Without the payments module's queue, the payment stays refund_requested for the seller to settle.
      if (owedPaymentId !== null && refunds) await refunds.refundNow(owedPaymentId);
      const order = await reader.detail(id);
      const settled = refund?.status === "requested" && order.status === "refunded" ? { ...refund, status: "refunded" as const } : refund;
      return { order, refund: settled };
    },

    /** `POST /api/admin/orders/:id/refund-retry`: a refund the queue gave up on, tried again at once (and audited). */
    async retryRefund(actor: SessionUser, id: number): Promise<AdminOrderDetail> {
      await reader.detail(id);
      if (!refunds || !(await refunds.retry(id))) throw new AppError("conflict", "This order has no failed refund to retry.", "NO_FAILED_REFUND");
      const order = await reader.detail(id);
      await db.transaction((tx) => recordAudit(tx, actor, {
        action: "refund:retry", entity: "order", entityId: id, before: { payment: "refund_failed" }, after: { payment: order.payments.at(-1)?.status ?? null },
      }));
      return order;
    },
  };
}
