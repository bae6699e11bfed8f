import { and, asc, desc, eq, notInArray, sql } from "drizzle-orm";
import {
  ORDER_STATUS_LABELS,
  UNPLACED_STATUSES,
  type Currency,
  type OrderDetail,
  type OrderSummary,
  toMajorUnits,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { orderLines, orders } from "./tables";
import type { OrderRow } from "./transitions";

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

    /** The invoices layer adds the tax invoice and credit notes (services.ts). */
    async get(userId: number, orderId: number): Promise<Omit<OrderDetail, "invoice" | "credit_notes">> {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) throw new AppError("not_found", "Order not found", "ORDER_NOT_FOUND");
      // The shopper sees what is coming: pieces the seller cancelled (and e-mailed about) are left out.
      const lines = (
        await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id))
      )
        .map((l) => ({ ...l, quantity: l.quantity - l.cancelledQuantity }))
        .filter((l) => l.quantity > 0);
      return {
        ...summary(
          order,
          lines.reduce((n, l) => n + l.quantity, 0),
        ),
        subtotal: toMajorUnits(order.subtotal),
        discount: toMajorUnits(order.discount),
        shipping: toMajorUnits(order.shipping),
        rounding: toMajorUnits(order.rounding),
        promo_code: order.promoCode,
        delivery: {
          name: order.deliveryName,
          delivery_address: order.deliveryAddress,
          city: order.city,
          state: order.state,
          pin_code: order.pinCode,
          country_code: order.countryCode,
          mobile_number: order.mobileNumber,
          comment: order.comment,
        },
        lines: lines.map((l) => ({
          product_pk: l.productId,
          product_name: l.productName,
          size: l.size,
          quantity: l.quantity,
          unit_price: toMajorUnits(l.unitPrice),
          mrp: toMajorUnits(l.unitMrp),
          line_total: toMajorUnits(l.unitPrice * l.quantity),
        })),
      };
    },
  };
}
