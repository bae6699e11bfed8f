import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { REFUND_METHODS, REFUND_REASONS, REFUND_STATUSES } from "@store/shared";
import { orders } from "../orders/tables";

/** refunded: refunds made add up to the whole payment (each refund is a row of `refunds`). */
export const paymentStatus = pgEnum("payment_status", ["created", "captured", "failed", "refunded"]);

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** A registered provider's name (`providers.ts`), checked there, not by an enum: adding one needs no migration. */
    provider: text("provider").notNull(),
    providerOrderId: text("provider_order_id").notNull(),
    providerPaymentId: text("provider_payment_id"),
    status: paymentStatus("status").notNull().default("created"),
    /** Minor units of `currency`, as sent to the provider. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    raw: jsonb("raw"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A bank transfer's row carries its UTR here: the same UTR twice is refused (decision 098).
    unique("payments_provider_order_uq").on(t.provider, t.providerOrderId),
    // One provider order per order: two tabs creating it at once keep the first and drop the other. A bank
    // transfer order has a row per transfer received.
    uniqueIndex("payments_order_uq")
      .on(t.orderId)
      .where(sql`${t.provider} <> 'bank_transfer'`),
  ],
);

export const refundMethod = pgEnum("refund_method", REFUND_METHODS);
export const refundReason = pgEnum("refund_reason", REFUND_REASONS);
export const refundStatus = pgEnum("refund_status", REFUND_STATUSES);

/**
 * Money given back (decision 059), one row per refund, so an order may have several (pieces cancelled, two
 * returns, the rest on cancellation) and each is said refunded only once the provider says the money is back,
 * or the seller gives the reference of the transfer they made. Written only by payments/refunds.ts. Amounts in
 * minor units of the order's currency; the refunds of a payment never add up to more than it (checked under
 * the payment's row lock).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The payment refunded through its provider; null for a transfer the seller made. */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    method: refundMethod("method").notNull(),
    reason: refundReason("reason").notNull(),
    /** The return request refunded (no foreign key: the returns module sits above this one). */
    returnId: integer("return_id"),
    status: refundStatus("status").notNull().default("requested"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** Sent to the provider on every try of this refund, so it refunds once however often it is asked. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    providerRefundId: text("provider_refund_id"),
    /** A transfer's UPI or bank reference. */
    reference: text("reference"),
    attempts: integer("attempts").notNull().default(0),
    /** When the queue next asks the provider (to refund, or whether a processing refund is back); null when done. */
    nextAt: timestamp("next_at", { withTimezone: true }),
    error: text("error"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    index("refunds_payment_idx").on(t.paymentId),
    index("refunds_due_idx")
      .on(t.nextAt)
      .where(sql`${t.status} in ('requested', 'processing')`),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check(
      "refunds_method_source",
      // A transfer is recorded once made, with its reference; or owed (requested, no reference) when money
      // received by bank transfer must go back (decision 098).
      sql`(${t.method} = 'provider') = (${t.paymentId} is not null) and (${t.method} = 'provider' or (${t.status} = 'refunded' and ${t.reference} is not null) or (${t.status} = 'requested' and ${t.reference} is null and ${t.nextAt} is null))`,
    ),
  ],
);

/** Every webhook delivery we accepted, so a replay is recognised and changes nothing. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("webhook_events_provider_event_uq").on(t.provider, t.eventId)],
);

/**
 * The seller's account a bank-transfer buyer pays into (decision 098): one row (id 1), written only by
 * `bank-transfer.ts`; none until the seller saves it, and the method is not offered while it is off.
 */
export const bankTransferAccount = pgTable(
  "bank_transfer_account",
  {
    id: integer("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(false),
    accountName: text("account_name").notNull(),
    bankName: text("bank_name").notNull(),
    accountNumber: text("account_number").notNull(),
    ifsc: text("ifsc").notNull(),
    branch: text("branch").notNull(),
    upiId: text("upi_id"),
    daysToPay: integer("days_to_pay").notNull().default(7),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("bank_transfer_account_single_row", sql`${t.id} = 1`),
    check("bank_transfer_account_days", sql`${t.daysToPay} between 1 and 30`),
  ],
);
