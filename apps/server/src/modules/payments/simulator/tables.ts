import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The simulated providers' own records (orders, payments, captures, access tokens, PayPal-Request-Id
 * answers), written only by the simulator (records.ts). They live in the database, not in one process,
 * because a real provider is one service however many replicas of the store call it (decision 030).
 * Empty in production, where the simulator never runs.
 */
export const paymentSimulatorRecords = pgTable(
  "payment_simulator_records",
  {
    provider: text("provider").notNull(),
    /** order, payment, capture, token or request. */
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    /** The record a list is read by: a Razorpay payment's order. */
    parentId: text("parent_id"),
    /** The record as the provider's API shows it. */
    body: jsonb("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.kind, t.id] }),
    index("payment_simulator_records_parent_idx").on(t.provider, t.kind, t.parentId),
    index("payment_simulator_records_created_idx").on(t.createdAt),
  ],
);
