import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The simulated courier's own records (its login tokens and its shipments), written only by the simulator.
 * In the database rather than in one process because a real courier is one service however many replicas
 * of the store call it (as the payment simulator's, decision 030). Empty in production.
 */
export const shippingSimulatorRecords = pgTable(
  "shipping_simulator_records",
  {
    /** token or shipment. */
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    /** A shipment's AWB once assigned (tracking and the test controls find it by that). */
    awb: text("awb"),
    /** The record as the courier's API shows it. */
    body: jsonb("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last time the parcel moved: the simulator's clock moves parcels left alone for long enough. */
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index("shipping_simulator_records_awb_idx").on(t.awb),
    index("shipping_simulator_records_moved_idx").on(t.kind, t.movedAt),
  ],
);
