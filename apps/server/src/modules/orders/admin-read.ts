import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import {
  ADMIN_ORDER_TARGETS,
  canTransition,
  decimalText,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type AdminOrderSummary,
  type AdminOrderTarget,
  type Currency,
} from "@store/shared";
import type { Db } from "../../db/client";
import { users } from "../accounts/tables";
import { inrAtRate, orderFilter, TO_SHIP_STATUSES, type OrderFilter } from "./admin-search";
import { orderEvents, orderLines, orders } from "./tables";
import { toCsv } from "../../lib/csv";
import { notFound } from "../../lib/failures";
import { madeToOrderOf } from "./made-to-order";
import { amountPaid } from "./refund-policy";

type OrderRow = typeof orders.$inferSelect;

/**
 * The moves the back office offers: the state machine's, less those that happen on their own. A cancelled
 * order becomes refunded when its refund is made, and an order nothing was paid for is never refunded.
 */
function adminMayMove(order: OrderRow, to: AdminOrderTarget): boolean {
  if (!canTransition(order.status, to)) return false;
  return to !== "refunded" || (order.status !== "cancelled" && amountPaid(order) > 0);
}

/** An export is one file the seller opens in a spreadsheet; beyond this, narrow the dates. */
export const CSV_MAX_ROWS = 50_000;

/** Pieces per order still to be sent (cancelled pieces are not), for the orders on one page (one grouped query, not one per order). */
async function piecesOf(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      pieces: sql<number>`sum(${orderLines.quantity} - ${orderLines.cancelledQuantity})`.mapWith(Number),
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...ids]))
    .groupBy(orderLines.orderId);
  return new Map(rows.map((r) => [r.orderId, r.pieces]));
}

function summary(order: OrderRow, accountEmail: string | null, pieces: number): AdminOrderSummary {
  return {
    id: order.id,
    status: order.status,
    payment_method: order.paymentMethod,
    currency: order.currency as Currency,
    total_minor: order.total,
    customer_name: order.deliveryName,
    // The address the order was placed with; a guest who gave none may still have an account's.
    email: order.email ?? accountEmail,
    mobile_number: order.mobileNumber,
    city: order.city,
    country_code: order.countryCode,
    items: pieces,
    tracking_number: order.trackingNumber,
    is_test: order.isTest,
    attention: order.attention,
    created_at: order.createdAt.toISOString(),
    total_inr_minor: inrAtRate(order.total, order.currency, order.rateMilli),
  };
}

const withAccount = (db: Db) =>
  db.select({ order: orders, accountEmail: users.email }).from(orders).leftJoin(users, eq(users.id, orders.userId));

/** A timestamp as the seller reads it: "2026-03-31 18:30" in India Standard Time. */
const istText = (date: Date) => new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace("T", " ");

export const ORDER_CSV_HEADER = [
  "order_id",
  "created_at_ist",
  "status",
  "payment_method",
  "currency",
  "subtotal",
  "discount",
  "shipping",
  "total",
  "promo_code",
  "customer_name",
  "email",
  "mobile_number",
  "delivery_address",
  "city",
  "state",
  "pin_code",
  "country_code",
  "items",
  "tracking_number",
  "is_test",
] as const;

export function createOrderReader(db: Db) {
  return {
    /** `GET /api/admin/orders`: newest first. */
    async list(query: AdminOrderListQuery): Promise<AdminOrderListResponse> {
      const where = orderFilter(query);
      const [rows, [total]] = await Promise.all([
        withAccount(db)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where),
      ]);
      const pieces = await piecesOf(
        db,
        rows.map((r) => r.order.id),
      );
      return {
        data: rows.map((r) => summary(r.order, r.accountEmail, pieces.get(r.order.id) ?? 0)),
        total: total?.n ?? 0,
        page: query.page,
        page_size: query.page_size,
      };
    },

    /**
     * `GET /api/admin/orders/:id`: the order with its lines and history (the payments module adds its payments,
     * the invoices module its invoice).
     */
    async detail(
      id: number,
    ): Promise<
      Omit<
        AdminOrderDetail,
        | "payments"
        | "refunds"
        | "invoice"
        | "can_issue_invoice"
        | "invoice_problem"
        | "e_way_bill"
        | "can_correct_address"
        | "store_credit_back_minor"
      >
    > {
      const [row] = await withAccount(db).where(eq(orders.id, id));
      if (!row) throw notFound("Order");
      const [lines, events] = await Promise.all([
        db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
        db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
      ]);
      const o = row.order;
      return {
        ...summary(
          o,
          row.accountEmail,
          lines.reduce((sum, l) => sum + l.quantity - l.cancelledQuantity, 0),
        ),
        user_id: o.userId,
        subtotal_minor: o.subtotal,
        discount_minor: o.discount,
        shipping_minor: o.shipping,
        store_credit_minor: o.storeCredit,
        cod_advance_minor: o.codAdvance,
        shipping_method: o.shippingMethod,
        promo_code: o.promoCode,
        rate_milli: o.rateMilli,
        delivery: {
          name: o.deliveryName,
          address: o.deliveryAddress,
          city: o.city,
          state: o.state,
          pin_code: o.pinCode,
          country_code: o.countryCode,
          mobile_number: o.mobileNumber,
          comment: o.comment,
          country: o.deliveryCountry,
        },
        lines: lines.map((l) => ({
          id: l.id,
          product_id: l.productId,
          variant_id: l.variantId,
          product_name: l.productName,
          size: l.size,
          unit_price_minor: l.unitPrice,
          unit_mrp_minor: l.unitMrp,
          quantity: l.quantity,
          cancelled_quantity: l.cancelledQuantity,
          line_total_minor: l.unitPrice * (l.quantity - l.cancelledQuantity),
          unit_price_inr_minor: inrAtRate(l.unitPrice, o.currency, o.rateMilli),
          line_total_inr_minor: inrAtRate(l.unitPrice * (l.quantity - l.cancelledQuantity), o.currency, o.rateMilli),
          ...madeToOrderOf(l),
        })),
        events: events.map((e) => ({
          id: e.id,
          from_status: e.fromStatus,
          to_status: e.toStatus,
          note: e.note,
          data: e.data ?? null,
          created_at: e.createdAt.toISOString(),
        })),
        allowed_transitions: ADMIN_ORDER_TARGETS.filter((to) => adminMayMove(o, to)),
        can_cancel_lines: (TO_SHIP_STATUSES as readonly string[]).includes(o.status),
      };
    },

    /** `GET /api/admin/orders.csv`: every order the filters match (up to CSV_MAX_ROWS), newest first. */
    async csv(query: OrderFilter): Promise<string> {
      const items = sql<
        string | null
      >`(select string_agg(${orderLines.productName} || ' (' || ${orderLines.size} || ') x' || (${orderLines.quantity} - ${orderLines.cancelledQuantity}), '; ' order by ${orderLines.id})
        from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.quantity} > ${orderLines.cancelledQuantity})`;
      const rows = await db
        .select({ order: orders, accountEmail: users.email, items })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(orderFilter(query))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(CSV_MAX_ROWS);
      return toCsv(
        ORDER_CSV_HEADER,
        rows.map(({ order: o, accountEmail, items: pieces }) => [
          o.id,
          istText(o.createdAt),
          o.status,
          o.paymentMethod,
          o.currency,
          decimalText(o.subtotal),
          decimalText(o.discount),
          decimalText(o.shipping),
          decimalText(o.total),
          o.promoCode,
          o.deliveryName,
          o.email ?? accountEmail,
          o.mobileNumber,
          o.deliveryAddress,
          o.city,
          o.state,
          o.pinCode,
          o.countryCode,
          pieces ?? "",
          o.trackingNumber,
          o.isTest,
        ]),
      );
    },
  };
}
