import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { orders } from "../orders/tables";

export const paymentProvider = pgEnum("payment_provider", ["razorpay", "paypal"]);
/** refund_failed: every retry of the refund failed; the seller retries it from the back office. */
export const paymentStatus = pgEnum("payment_status", [
  "created",
  "captured",
  "failed",
  "refund_requested",
  "refunded",
  "refund_failed",
]);

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: paymentProvider("provider").notNull(),
    providerOrderId: text("provider_order_id").notNull(),
    providerPaymentId: text("provider_payment_id"),
    status: paymentStatus("status").notNull().default("created"),
    /** Minor units of `currency`, as sent to the provider. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    raw: jsonb("raw"),
    /** The provider's refund id once a refund was requested (a sold-out race, see payments/settle.ts). */
    refundId: text("refund_id"),
    /** What is owed back, minor units (the whole payment, or less a cancellation fee); set with refund_requested. */
    refundAmount: integer("refund_amount"),
    /** The refund queue (payments/refunds.ts): tries so far, when the next is due, and why the last one failed. */
    refundAttempts: integer("refund_attempts").notNull().default(0),
    refundNextAt: timestamp("refund_next_at", { withTimezone: true }),
    refundError: text("refund_error"),
    /**
     * A refund of cancelled pieces (issue 13) is asked under its own idempotency key, kept here while it is owed;
     * null for the refund of the whole order (`refund-order-<id>`). Once it is made the payment is captured again.
     */
    refundKey: text("refund_key"),
    /** Refunds of cancelled pieces already made, minor units; the order's total is already that much smaller. */
    partRefunded: integer("part_refunded").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("payments_provider_order_uq").on(t.provider, t.providerOrderId),
    // One provider order per order: two tabs creating it at once keep the first and drop the other.
    unique("payments_order_uq").on(t.orderId),
    index("payments_refund_due_idx")
      .on(t.refundNextAt)
      .where(sql`${t.status} = 'refund_requested'`),
  ],
);

/** Every webhook delivery we accepted, so a replay is recognised and changes nothing. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: serial("id").primaryKey(),
    provider: paymentProvider("provider").notNull(),
    eventId: text("event_id").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("webhook_events_provider_event_uq").on(t.provider, t.eventId)],
);
