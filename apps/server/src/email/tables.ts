import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { Letter } from "./letter";

/**
 * A document an e-mail carries, named by kind and id rather than stored: the worker asks the source
 * registered for the kind for its bytes when it sends (the tax invoice PDF, rendered from the invoice row).
 */
export interface EmailAttachment {
  kind: string;
  id: number;
  filename: string;
}

/** `sending`: claimed by a worker until `lease_until` (worker.ts); after that, claimable again. */
export const outboxStatus = pgEnum("outbox_status", ["pending", "sending", "sent", "failed"]);

/** E-mails are written here in the same transaction as the change they announce, then delivered. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** The HTML part, when it was drawn as the row was written (rows queued before decision 069). */
    html: text("html"),
    /** A branded e-mail's blocks: the worker draws its HTML part from them when it sends (decision 069). */
    letter: jsonb("letter").$type<Letter>(),
    /** Documents to attach, made when the e-mail is sent (outbox.ts). */
    attachments: jsonb("attachments").$type<EmailAttachment[]>().notNull().default([]),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_outbox_pending_idx").on(t.status, t.createdAt)],
);
