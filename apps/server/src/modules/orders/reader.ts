import { and, asc, desc, eq, notInArray, sql } from "drizzle-orm";
import { customsNote, sizeName, type OrderTimelineEntry } from "@store/shared";
import {
  HAND_DELIVERED,
  ORDER_STATUS_LABELS,
  UNPLACED_STATUSES,
  type Currency,
  type OrderDetail,
  type OrderSummary,
  toMajorUnits,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { sameSecret } from "../../lib/secrets";
import { deliveryWindow } from "./delivery-window";
import { handTracking } from "./hand-tracking";
import { mainPhotos } from "./line-images";
import { orderEvents, orderLines, orders } from "./tables";
import type { OrderRow } from "./transitions";
import { longestLeadDays, madeToOrderOf } from "./made-to-order";
import { creditPaying, toPayByMethod } from "./refund-policy";

function summary(order: OrderRow, itemCount: number): OrderSummary {
  return {
    id: order.id,
    status: order.status,
    status_label: ORDER_STATUS_LABELS[order.status],
    payment_method: order.paymentMethod,
    currency: order.currency as Currency,
    total: toMajorUnits(order.total),
    item_count: itemCount,
    created_at: order.createdAt.toISOString(),
    time_zone: order.timeZone,
    is_test: order.isTest,
  };
}

/**
 * A shopper's orders (`/account`), newest first, and one order with its lines; someone else's order is a 404.
 * Checkout attempts never paid or confirmed (waiting, or expired) are not orders in the shopper's eyes and are not listed.
 */
export function createOrdersReader(db: Db) {
  return {
    async list(userId: number): Promise<OrderSummary[]> {
      const rows = await db
        .select({
          order: orders,
          itemCount: sql<number>`coalesce(sum(${orderLines.quantity} - ${orderLines.cancelledQuantity}), 0)`.mapWith(
            Number,
          ),
        })
        .from(orders)
        .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(and(eq(orders.userId, userId), notInArray(orders.status, [...UNPLACED_STATUSES])))
        .groupBy(orders.id)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(200);
      return rows.map((r) => summary(r.order, r.itemCount));
    },

    /**
     * One order for its owner, or for whoever has its page's secret (a guest's e-mailed link, or the lookup
     * in lookup.ts). The invoices layer adds the tax invoice and credit notes (services.ts).
     */
    async get(
      access: OrderAccess,
      orderId: number,
    ): Promise<
      Omit<OrderDetail, "invoice" | "credit_notes" | "returns" | "return_window_closes_at" | "reviewable_line_ids">
    > {
      const order = await viewableOrder(db, access, orderId);
      // The shopper sees what is coming: pieces the seller cancelled (and e-mailed about) are left out.
      const lines = (
        await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id))
      )
        .map((l) => ({ ...l, quantity: l.quantity - l.cancelledQuantity }))
        .filter((l) => l.quantity > 0);
      const photos = await mainPhotos(
        db,
        lines.map((l) => l.productId),
      );
      return {
        ...summary(
          order,
          lines.reduce((n, l) => n + l.quantity, 0),
        ),
        subtotal: toMajorUnits(order.subtotal),
        discount: toMajorUnits(order.discount),
        shipping: toMajorUnits(order.shipping),
        shipping_method: order.shippingMethod,
        rounding: toMajorUnits(order.rounding),
        duties: toMajorUnits(order.duties),
        promo_code: order.promoCode,
        store_credit: toMajorUnits(creditPaying(order)),
        to_pay: toMajorUnits(toPayByMethod(order)),
        ...(order.codAdvance > 0 && { cod_advance: toMajorUnits(order.codAdvance) }),
        // Made to order: the promise starts when the longest making is done (decision 099).
        delivery_window: deliveryWindow(order, longestLeadDays(lines)),
        delivery: {
          name: order.deliveryName,
          delivery_address: order.deliveryAddress,
          city: order.city,
          state: order.state,
          pin_code: order.pinCode,
          country_code: order.countryCode,
          country: order.deliveryCountry,
          mobile_number: order.mobileNumber,
          comment: order.comment,
        },
        business:
          order.buyerGstin && order.buyerLegalName
            ? { gstin: order.buyerGstin, legal_name: order.buyerLegalName }
            : null,
        lines: lines.map((l) => ({
          line_id: l.id,
          product_pk: l.productId,
          product_name: l.productName,
          size: l.size,
          size_name: sizeName(l.size, l.sizeName),
          quantity: l.quantity,
          unit_price: toMajorUnits(l.unitPrice),
          mrp: toMajorUnits(l.unitMrp),
          line_total: toMajorUnits(l.unitPrice * l.quantity),
          image: (l.productId !== null && photos.get(l.productId)) || null,
          ...madeToOrderOf(l),
        })),
        timeline: await timeline(db, order),
        // A parcel the seller shipped herself; the shipping module's parcel, when there is one, wins (services.ts).
        tracking: handTracking(order),
        delivered_by_hand: order.handCarrier === HAND_DELIVERED && order.status === "shipped",
        customs: customsNote({
          country: order.deliveryCountry,
          shippingMethod: order.shippingMethod,
          currency: order.currency as Currency,
          duties: toMajorUnits(order.duties),
        }),
      };
    },
  };
}

/** The signed-in shopper, or a guest holding the order page's secret. */
export type OrderAccess = { userId: number } | { token: string };

/** The order, when `access` may see it; one "not found" otherwise (no such order, not yours, a wrong secret). */
export async function viewableOrder(db: Db, access: OrderAccess, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const allowed =
    order && ("userId" in access ? order.userId === access.userId : sameSecret(access.token, order.viewToken));
  if (!allowed) throw new AppError("not_found", "Order not found", "ORDER_NOT_FOUND");
  return order;
}

/** The order's own page, for a shopper signed in or not: what the e-mails link to. */
export function orderPagePath(order: Pick<OrderRow, "id" | "viewToken">): string {
  return `/orders/${order.id}?token=${order.viewToken}`;
}

/**
 * The order's page in its "just placed" state: where the checkout sends whoever paid or confirmed it
 * (decision 076). The secret is the page's own, so a guest reaches it as the e-mail's link does.
 */
export function confirmationPagePath(order: Pick<OrderRow, "id" | "viewToken">): string {
  return `${orderPagePath(order)}&placed=1`;
}

/**
 * Placed, then each change of status, oldest first. Steps the shopper did not see as an order (waiting for
 * payment, expired) and the seller's corrections (a step from a status to itself) are left out.
 */
async function timeline(db: Db, order: OrderRow): Promise<OrderTimelineEntry[]> {
  const events = await db
    .select({ to: orderEvents.toStatus, from: orderEvents.fromStatus, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const unplaced: readonly string[] = UNPLACED_STATUSES;
  return [
    { at: order.createdAt.toISOString(), label: "Order placed" },
    ...events
      .filter((e) => e.from !== e.to && !unplaced.includes(e.to))
      .map((e) => ({ at: e.at.toISOString(), label: ORDER_STATUS_LABELS[e.to] })),
  ];
}

/** When the order was delivered (its latest step to delivered), or null while it is not. */
export async function deliveredAt(db: Db | Tx, orderId: number): Promise<Date | null> {
  const [event] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "delivered")))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  return event?.at ?? null;
}
