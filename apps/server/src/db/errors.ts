import { AppError } from "../errors";

/** What to tell the operator when the embedded database folder cannot be used. */
export function damagedMessage(dataDir: string, reason: string): string {
  return [
    `The embedded database in ${dataDir} cannot be used: ${reason}.`,
    "The folder is damaged (an interrupted write, a full disk, a copy taken while the store was running) or",
    "was written by another PGlite version. Restore it from a backup, or move it aside to start again with",
    `a fresh database (the demo catalogue is seeded again): mv "${dataDir}" "${dataDir}.damaged"`,
  ].join("\n  ");
}

// PostgreSQL's SQLSTATEs for "try again later": a lock or statement timeout, a server shutting down or
// refusing connections, and a connection lost (class 08).
const BUSY_STATES = new Set(["55P03", "57014"]);
const DOWN_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const DOWN_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN"]);
// pg-pool's own errors carry no code, only these messages.
const POOL_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /Cannot use a pool after calling end/i,
];

const RETRY_AFTER_SECONDS = 5;

/**
 * The database could not serve in time (busy, locked, restarting or unreachable): a 503 with Retry-After
 * that says so, instead of a 500. Drizzle wraps driver errors, so the whole cause chain is looked at.
 */
export function databaseUnavailable(error: unknown): AppError | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    // A provider that could not be reached over HTTP is not our database.
    if (e.message === "fetch failed") return null;
    const code = (e as { code?: unknown }).code;
    if ((typeof code === "string" && BUSY_STATES.has(code)) || POOL_MESSAGES[0]!.test(e.message)) {
      return new AppError(
        "unavailable",
        "The store is very busy right now. Please try again in a few seconds.",
        "DATABASE_BUSY",
        undefined,
        RETRY_AFTER_SECONDS,
      );
    }
    const down =
      typeof code === "string" && (DOWN_STATES.has(code) || code.startsWith("08") || DOWN_NODE_CODES.has(code));
    if (down || POOL_MESSAGES.slice(1).some((m) => m.test(e.message))) {
      return new AppError(
        "unavailable",
        "The store cannot reach its database right now. Please try again in a few seconds.",
        "DATABASE_UNAVAILABLE",
        undefined,
        RETRY_AFTER_SECONDS,
      );
    }
  }
  return null;
}
