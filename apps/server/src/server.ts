import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedIfEmpty } from "./seed/first-start";

/** The only file that listens: migrate, seed an empty demo database, serve, and shut down gracefully. */
const dev = process.argv.includes("--dev");
const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
await seedIfEmpty(database.db, config);

const app = await buildApp({ config, database, ssr: dev ? "vite" : "build" });
await app.listen({ host: config.host, port: config.port });
app.log.info(`Store ready at ${config.publicUrl}`);
console.log(`\n  Store ready at ${config.publicUrl}\n`);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // In-flight requests finish; a stuck one does not keep the process alive forever.
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  });
}
