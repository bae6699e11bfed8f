import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openAndMigrate } from "./db/prepare";
import { loadDotEnv } from "./env-file";
import { StartupError } from "./errors";
import { seedIfEmpty } from "./seed/first-start";
import { describeMode } from "./startup-summary";
import { warmUp } from "./warm-up";

/** The only file that listens: migrate, seed an empty demo database, serve, and shut down gracefully. */
const dev = process.argv.includes("--dev");

async function start() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openAndMigrate(config.database);
  // Replicas starting together on an empty database: one seeds, the others then find it seeded.
  const firstStart = await database.exclusively(() => seedIfEmpty(database.db, config));

  const app = await buildApp({ config, database, ssr: dev ? "vite" : "build" });
  await warmUp();
  await app.listen({ host: config.host, port: config.port });
  const mode = describeMode({
    config,
    database,
    demoSeededAt: firstStart.demoSeededAt,
    gateway: app.services.payments.gateway,
    carriers: app.services.shipping.gateway.plugins,
  });
  app.log.info({ mode: mode.lines }, `Store ready at ${config.publicUrl}`);
  console.log(`\n  Store ready at ${config.publicUrl}\n\n${mode.lines.map((line) => `  ${line}`).join("\n")}\n`);
  return app;
}

// A problem the operator must fix (a locked or damaged data folder) is said plainly, without a stack.
const app = await start().catch((err: unknown) => {
  if (!(err instanceof StartupError)) throw err;
  console.error(`\n  The store cannot start.\n  ${err.message}\n`);
  process.exit(1);
});

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    // SIGTERM comes from an orchestrator with a load balancer: first /readyz says 503, and the replica keeps
    // serving for DRAIN_SECONDS while the balancer notices. Ctrl-C (SIGINT) stops at once.
    const drainMs = signal === "SIGTERM" ? app.config.drainSeconds * 1000 : 0;
    app.lifecycle.draining = true;
    app.log.info({ signal, drainMs }, "shutting down");
    // In-flight requests finish; a stuck one does not keep the process alive forever.
    const timer = setTimeout(() => process.exit(1), drainMs + 10_000).unref();
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    // Stops accepting, waits for the requests under way, then closes the jobs, the pool and Redis.
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  });
}
