import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The simulated Cloud API's own record of the messages it accepted, in the database so every replica's
 * simulator is one service (decision 030); written only by the simulator (plugin.ts). `text` is what the
 * phone would show. Empty in production, where the simulator never runs.
 */
export const whatsappSimulatorMessages = pgTable(
  "whatsapp_simulator_messages",
  {
    /** wamid.<random>, as the Cloud API names messages. */
    id: text("id").primaryKey(),
    phoneNumberId: text("phone_number_id").notNull(),
    to: text("to").notNull(),
    template: text("template").notNull(),
    language: text("language").notNull(),
    parameters: jsonb("parameters").$type<string[]>().notNull(),
    text: text("text").notNull(),
    /** sent, delivered or read: what the simulator has reported by webhook. */
    status: text("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("whatsapp_simulator_messages_to_idx").on(t.to, t.createdAt),
    index("whatsapp_simulator_messages_created_idx").on(t.createdAt),
  ],
);
