/**
 * Vendure's configuration for the peer benchmark (bench/peer.ts copies this folder next to its throw-away
 * install in bench/.data/peer/, where @vendure/core resolves). Plain JavaScript: Vendure's types are not in
 * the project's node_modules, and no ts-node is needed. Production-like: no playgrounds or debug output,
 * logging at warn, no admin UI, asset server or e-mail plugin; the default search plugin, because the shop
 * API's `search` needs one.
 */
import core from "@vendure/core";
import { randomBytes } from "node:crypto";

// No usage report to Vendure's servers from a benchmark (it would also write .vendure/ into the working folder).
process.env.VENDURE_DISABLE_TELEMETRY = "true";

const { DefaultLogger, DefaultSearchPlugin, LogLevel, dummyPaymentHandler } = core;

// Vendure's logger writes to stdout, which carries the scripts' JSON answers to bench/peer.ts: everything
// else goes to stderr, the answer through answer().
const stdoutWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr);

/** Prints one JSON line on the real stdout for bench/peer.ts. */
export const answer = (json) => stdoutWrite(`${JSON.stringify(json)}\n`);

/**
 * The config of setup.mjs and server.mjs.
 * @param {{ kind: "sqlite"; file: string } | { kind: "postgres"; url: string }} db
 * @param {number} port
 * @param {boolean} synchronize create the schema (the setup run only)
 */
export function vendureConfig(db, port, synchronize) {
  const dbConnectionOptions =
    db.kind === "sqlite"
      ? // As @vendure/create's SQLite template: better-sqlite3, its defaults (no WAL pragma).
        { type: "better-sqlite3", database: db.file, synchronize, logging: false, migrations: [] }
      : { type: "postgres", url: db.url, synchronize, logging: false, migrations: [] };
  return {
    apiOptions: {
      hostname: "127.0.0.1",
      port,
      shopApiPath: "shop-api",
      adminApiPath: "admin-api",
      shopApiPlayground: false,
      adminApiPlayground: false,
      shopApiDebug: false,
      adminApiDebug: false,
      // Vendure warns about its default (any origin, with credentials); a production shop lists its own.
      cors: { origin: ["http://127.0.0.1"], credentials: true },
    },
    authOptions: {
      // The session token comes back in the vendure-auth-token header; a request without one starts a new
      // guest session, so each add to cart in the load makes a new guest order.
      tokenMethod: "bearer",
      // Vendure refuses its default password in production; nobody logs in to the admin API in this run,
      // so a random one per process.
      superadminCredentials: { identifier: "superadmin", password: randomBytes(18).toString("base64url") },
    },
    dbConnectionOptions,
    paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
    logger: new DefaultLogger({ level: LogLevel.Warn }),
    plugins: [DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true })],
  };
}
