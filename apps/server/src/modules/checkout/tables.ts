import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "../orders/tables";

/**
 * The one-time code a cash-on-delivery order waits for (a guest's, or an account's not yet verified e-mail):
 * only its hash is kept; a few wrong tries close the order. The deadline is the order's `expires_at`.
 */
export const codConfirmations = pgTable("cod_confirmations", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  /** Codes e-mailed for this order (a new attempt of the same checkout sends a fresh one, a few times at most). */
  sends: integer("sends").notNull().default(1),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
