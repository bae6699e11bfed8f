import { count } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { DEMO_ADMIN, seedDemoAdmin, seedDemoData } from "./seed";

/**
 * A fresh embedded database gets the demo catalogue so `npm start` shows a shop at once. A production
 * database is never filled with demo products unless SEED_DEMO=true says so.
 *
 * The demo administrator (DEMO_ADMIN, a published password) is created only on the embedded PGlite
 * database, and only when demo data is wanted: a PostgreSQL shop gets its admins from `npm run admin:create`.
 */
export async function seedIfEmpty(db: Db, config: AppConfig): Promise<void> {
  const wanted = process.env.SEED_DEMO ? process.env.SEED_DEMO === "true" : config.env !== "production";
  if (!wanted) return;
  const [row] = await db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) === 0) {
    console.log("Empty database: seeding the demo catalogue...");
    await seedDemoData(db, { mediaDir: config.mediaDir, log: (msg) => console.log(msg) });
  }
  // Also on a demo database seeded before the back office existed.
  if (config.database.kind === "pglite" && (await seedDemoAdmin(db))) {
    console.log(`Demo back office: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  }
}
