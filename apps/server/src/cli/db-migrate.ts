/**
 * `npm run db:migrate`: applies the migrations to the configured database (PGlite by default, PostgreSQL
 * with DATABASE_URL) and exits, so a deployment can migrate once before it starts or replaces replicas.
 * The server still migrates at start; on PostgreSQL both take the same advisory lock (db/postgres.ts).
 */
import { loadConfig } from "../config";
import { openAndMigrate } from "../db/prepare";
import { loadDotEnv } from "../env-file";

loadDotEnv();
const config = loadConfig();
try {
  const database = await openAndMigrate(config.database);
  console.log(
    `db:migrate: the ${database.kind === "postgres" ? "PostgreSQL" : "embedded"} database at ${database.location} is up to date.`,
  );
  await database.close();
} catch (error) {
  // A locked (server running) or damaged embedded folder, or an unreachable PostgreSQL, is said plainly.
  console.error(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
