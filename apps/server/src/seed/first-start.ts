import { count, eq } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { installSettings } from "../db/install-settings";
import { createMediaStore } from "../media/store";
import { products } from "../schema";
import { ensureDemoAdmin, type DemoAdminReport } from "./demo-admin";
import { DEMO_SEEDED_KEY } from "./demo-marker";

export interface FirstStartReport {
  /** When the demo catalogue was loaded into this database (now or on an earlier start), if ever. */
  demoSeededAt: string | null;
  demoAdmin: DemoAdminReport | null;
}

/**
 * A fresh database gets the demo catalogue when demo data is wanted (SEED_DEMO, default: not in
 * production), so `npm start` shows a shop at once; the demo administrator comes with it (see
 * demo-admin.ts). Prints what it did, and the demo password once.
 */
export async function seedIfEmpty(
  db: Db,
  config: AppConfig,
  log: (line: string) => void = console.log,
): Promise<FirstStartReport> {
  if (config.seedDemo) {
    const [row] = await db.select({ n: count() }).from(products);
    if ((row?.n ?? 0) === 0) {
      log("Empty database: seeding the demo catalogue...");
      // The demo catalogue, its artwork and sharp load only here: a shop with its own data never holds them.
      const { seedDemoData } = await import("./seed");
      const media = createMediaStore(config);
      try {
        await seedDemoData(db, { media, log });
      } finally {
        media.close();
      }
    }
  }
  const demoAdmin = await ensureDemoAdmin(db, config);
  if (demoAdmin) log(describeDemoAdmin(demoAdmin));
  const [seeded] = await db
    .select({ at: installSettings.value })
    .from(installSettings)
    .where(eq(installSettings.key, DEMO_SEEDED_KEY));
  return { demoSeededAt: seeded?.at ?? null, demoAdmin };
}

function describeDemoAdmin({ email, password, given, reason }: DemoAdminReport): string {
  const why =
    reason === "created"
      ? "Demo back office"
      : "The demo administrator still had the once-published password; it is replaced";
  if (password === null)
    return `${why}: ${email} has a new random password. Choose one with: npm run admin:create -- --email ${email} --reset-password`;
  if (given) return `${why}: ${email} with the password in DEMO_ADMIN_PASSWORD.`;
  return `${why}: ${email} / ${password}\n  (shown once; npm run admin:create -- --email ${email} --reset-password sets another)`;
}
