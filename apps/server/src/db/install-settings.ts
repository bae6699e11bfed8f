import { sql } from "drizzle-orm";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { randomBytes } from "node:crypto";
import type { Db } from "./client";

/**
 * Values that belong to one install rather than to the code: generated once, kept in the database so
 * every replica of the install reads the same value (a file would differ per machine).
 */
export const installSettings = pgTable("install_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The install's random secret under `key`, created on first use. Two replicas starting together both
 * insert; the primary key keeps the first, and both read that one back.
 */
export async function installSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(installSettings)
    .values({ key, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: installSettings.value })
    .from(installSettings)
    .where(sql`${installSettings.key} = ${key}`);
  if (!row) throw new Error(`install setting ${key} could not be stored`);
  return row.value;
}
