import { count } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { seedDemoData } from "./seed";

/**
 * A fresh embedded database gets the demo catalogue so `npm start` shows a shop at once. A production
 * database is never filled with demo products unless SEED_DEMO=true says so.
 */
export async function seedIfEmpty(db: Db, config: AppConfig): Promise<void> {
  const wanted = process.env.SEED_DEMO ? process.env.SEED_DEMO === "true" : config.env !== "production";
  if (!wanted) return;
  const [row] = await db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) > 0) return;
  console.log("Empty database: seeding the demo catalogue...");
  await seedDemoData(db, { mediaDir: config.mediaDir, log: (msg) => console.log(msg) });
}
