import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { outboxStatus } from "../email/tables";

/**
 * WhatsApp template messages, written in the same transaction as the change they announce, then sent by
 * worker.ts (the e-mail outbox's claim, lease and retry, decision 031). `to` is the number in international
 * form, digits only. The Cloud API's message id and the last status its webhooks reported (sent, delivered,
 * read, failed) are kept for the seller and the tests.
 */
export const whatsappOutbox = pgTable(
  "whatsapp_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    template: text("template").notNull(),
    language: text("language").notNull(),
    /** The body's parameters in order; the opt-out link's is a placeholder until sent. */
    parameters: jsonb("parameters").$type<string[]>().notNull(),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The Cloud API's id (wamid...) of the message, once accepted. */
    providerMessageId: text("provider_message_id"),
    /** sent, delivered, read or failed: the latest the status webhooks reported. */
    deliveryStatus: text("delivery_status"),
    deliveryStatusAt: timestamp("delivery_status_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("whatsapp_outbox_pending_idx").on(t.status, t.createdAt),
    index("whatsapp_outbox_message_idx").on(t.providerMessageId),
  ],
);
