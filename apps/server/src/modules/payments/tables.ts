import { integer, jsonb, pgEnum, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { orders } from "../checkout/tables";

export const paymentProvider = pgEnum("payment_provider", ["razorpay", "paypal"]);
export const paymentStatus = pgEnum("payment_status", ["created", "captured", "failed", "refund_requested", "refunded"]);

export const payments = pgTable("payments", {
  id: serial("id").primaryKey(),
  orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique("payments_provider_order_uq").on(t.provider, t.providerOrderId),
  // One provider order per order: two tabs creating it at once keep the first and drop the other.
  unique("payments_order_uq").on(t.orderId),
]);

/** Every webhook delivery we accepted, so a replay is recognised and changes nothing. */
export const webhookEvents = pgTable("webhook_events", {
  id: serial("id").primaryKey(),
  provider: paymentProvider("provider").notNull(),
  eventId: text("event_id").notNull(),
  payload: jsonb("payload").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [unique("webhook_events_provider_event_uq").on(t.provider, t.eventId)]);
