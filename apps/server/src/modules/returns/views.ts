import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import {
  RETURN_ABROAD_APPROVED_LABEL,
  RETURN_REFUNDED_AS_CREDIT_LABEL,
  RETURN_STATUS_LABELS,
  toMajorUnits,
  type AdminReturnView,
  type Currency,
  type OrderReturns,
  type ReturnView,
} from "@store/shared";
import type { Db } from "../../db/client";
import { deliveredAt } from "../orders/reader";
import { orderLines, orders } from "../orders/tables";
import { refunds } from "../payments/tables";
import { sentByShopper } from "./abroad";
import { maskedDestination, returnWindowClosesAt } from "./rules";
import { returnLines, returnRequests } from "./tables";
import type { ReturnRow } from "./review";

/** Requests as the seller sees them, in the order given: the shopper's view plus contact and payout details. */
export async function adminReturnViews(db: Db, requests: readonly ReturnRow[]): Promise<AdminReturnView[]> {
  if (requests.length === 0) return [];
  const ids = requests.map((r) => r.id);
  const orderIds = [...new Set(requests.map((r) => r.orderId))];
  const pieces = await db
    .select({ piece: returnLines, line: orderLines })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(inArray(returnLines.returnId, ids));
  const ofOrders = await db.select().from(orders).where(inArray(orders.id, orderIds));
  return requests.map((r) => {
    const order = ofOrders.find((o) => o.id === r.orderId)!;
    const abroad = sentByShopper(order);
    return {
      id: r.id,
      order_id: r.orderId,
      kind: r.kind,
      status: r.status,
      status_label:
        abroad && r.status === "approved"
          ? RETURN_ABROAD_APPROVED_LABEL
          : r.status === "refunded" && r.refundVia === "store_credit"
            ? RETURN_REFUNDED_AS_CREDIT_LABEL
            : RETURN_STATUS_LABELS[r.status],
      reason: r.reason,
      details: r.details,
      lines: pieces
        .filter((p) => p.piece.returnId === r.id)
        .map(({ piece, line }) => ({
          id: piece.id,
          line_id: line.id,
          product_name: line.productName,
          size: line.size,
          quantity: piece.quantity,
          exchange_size: piece.exchangeSize,
          restocked: piece.restocked,
        })),
      photos: r.photos,
      currency: order.currency as Currency,
      refund: toMajorUnits(r.refundMinor),
      accepted_refund: r.acceptedMinor === null ? null : toMajorUnits(r.acceptedMinor),
      inspection: r.inspectedAt
        ? { note: r.inspectionNote, photos: r.inspectionPhotos, at: r.inspectedAt.toISOString() }
        : null,
      refund_via: r.refundVia,
      refund_to: maskedDestination(r.refundTo ?? null),
      pickup: r.pickupAwb
        ? { awb: r.pickupAwb, courier: r.pickupCourier ?? "", tracking_url: r.pickupTrackingUrl }
        : null,
      sent_by_shopper: abroad,
      shopper_parcel:
        r.shopperCarrier && r.shopperTracking && r.shopperSentAt
          ? { carrier: r.shopperCarrier, tracking_number: r.shopperTracking, sent_at: r.shopperSentAt.toISOString() }
          : null,
      seller_note: r.sellerNote,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      customer: { name: order.deliveryName, email: order.email, phone: order.mobileNumber },
      payout: r.refundTo ?? null,
      payout_reference: r.payoutReference,
    };
  });
}

/** The shopper's view: the seller's view without the contact and payout details (the destination masked). */
export async function returnViews(db: Db, requests: readonly ReturnRow[]): Promise<ReturnView[]> {
  return (await adminReturnViews(db, requests)).map(
    ({ customer: _customer, payout: _payout, payout_reference: _reference, ...view }) => view,
  );
}

/** On an order's page: its requests, newest first, and until when another can be asked. */
export async function orderReturns(db: Db, orderId: number): Promise<OrderReturns> {
  const requests = await db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
  const delivered = await deliveredAt(db, orderId);
  return {
    returns: await returnViews(db, requests),
    return_window_closes_at: delivered ? returnWindowClosesAt(delivered).toISOString() : null,
  };
}

/**
 * Requests waiting for the seller (the dashboard's count and the returns page's "to handle" view): to decide,
 * to check once back, a cash refund to transfer, or a refund through the provider that failed for good.
 */
export const toHandle = or(
  inArray(returnRequests.status, ["requested", "received", "refund_due"]),
  and(
    eq(returnRequests.status, "refunding"),
    sql`exists (select 1 from ${refunds} where ${refunds.returnId} = ${returnRequests.id} and ${refunds.status} = 'failed')`,
  ),
);

export async function returnsToHandle(db: Db): Promise<number> {
  const [row] = await db.select({ waiting: count() }).from(returnRequests).where(toHandle);
  return row?.waiting ?? 0;
}
