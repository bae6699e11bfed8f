import { buildApp } from "@store/server/app";
import { loadConfig, type AppConfig, type DatabaseConfig } from "@store/server/config";
import { openDatabase } from "@store/server/db/client";
import { warmUp } from "@store/server/warm-up";
import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { providerEnv, type ProviderEndpoint } from "./provider-child";
import { benchDataDir, openBenchDatabase } from "./database";

/** A trivial JSON route on the same Fastify instance: the most any route of this setup can do. */
export const CEILING_PATH = "/__bench/ceiling";

const PROVIDER_KEYS = [
  "RAZORPAY_KEY_ID",
  "RAZORPAY_KEY_SECRET",
  "RAZORPAY_WEBHOOK_SECRET",
  "PAYPAL_CLIENT_ID",
  "PAYPAL_CLIENT_SECRET",
  "PAYPAL_WEBHOOK_ID",
];

/** The server's entry points: this tree's, or another version's source (bench:shop's `--baseline`). */
export interface ServerModules {
  buildApp: typeof buildApp;
  loadConfig: typeof loadConfig;
  openDatabase: typeof openDatabase;
}

export interface BenchServerOptions {
  database: DatabaseConfig;
  /** Default: this tree's apps/server/src. */
  modules?: ServerModules;
  ssr: "none" | "build";
  /** Defaults to bench/.data/media (the page benchmark renders the demo's pictures there). */
  mediaDir?: string;
  /** A copy of apps/web/build (see web-build.ts), so another engineer's rebuild cannot change it mid-run. */
  webBuildDir?: string;
  /** pino level; request logging ("info") is off by default so the terminal does not become the bottleneck. */
  logLevel?: string;
  /** Serve the payment provider simulator (default true; the page benchmark runs as production, without it). */
  paymentSimulator?: boolean;
  /** A CDN's country header to read, as CDN_COUNTRY_HEADER does (the page benchmark's visitor, lib/visitor.ts). */
  cdnCountryHeader?: string;
  /** Pay through this provider process (lib/provider-child.ts) with its keys, as through a real provider. */
  provider?: ProviderEndpoint;
  /** The loopback port to listen on (default: any free one). */
  port?: number;
  /** Where the payment simulator sends its webhooks (default: this server). */
  webhooksTo?: string;
}

export interface BenchServer {
  app: FastifyInstance;
  config: AppConfig;
  origin: string;
  /** Resolves once work left over from the last load run is done (see settle). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When a load run stops, up to one request per connection is still being served, and on a slow endpoint
 * queued database work can outlast the run by seconds; measured next, it would slow the next endpoint.
 * A ping waits behind every queued query (PGlite runs them in order; the pg pool queues in order), so a
 * fast ping means the backlog is gone. Bounded: 60 s at most.
 */
async function settle(app: FastifyInstance): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await app.database.ping();
    if (performance.now() - started < 20) break;
    await sleep(100);
  }
  await sleep(500);
}

/**
 * The store as server.ts builds it (same plugins, hooks and routes, warmed up alike), listening on a free loopback port,
 * plus the ceiling route registered before the app is ready. Three settings differ on purpose: the
 * per-IP rate limit and open-orders cap are raised (every load-generator request comes from 127.0.0.1,
 * and measuring 429s is not the point), request logging is off, and the API server pays through the provider simulator.
 */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const modules = options.modules ?? { buildApp, loadConfig, openDatabase };
  const base = modules.loadConfig({
    ...process.env,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: options.logLevel ?? "warn",
    // Checkout pays through the built-in simulator or a provider process, never a real provider, whatever
    // this shell exports.
    ...Object.fromEntries(PROVIDER_KEYS.map((key) => [key, ""])),
    ...(options.provider && providerEnv(options.provider)),
    SIMULATOR: options.paymentSimulator === false || options.provider ? "0" : "1",
    CDN_COUNTRY_HEADER: options.cdnCountryHeader ?? "",
  });
  const config: AppConfig = {
    ...base,
    database: options.database,
    mediaDir: options.mediaDir ?? `${benchDataDir}media`,
    webBuildDir: options.webBuildDir ?? base.webBuildDir,
    rateLimitMax: 1_000_000_000,
    authRateLimitMax: 1_000_000_000,
    // The checkout flow's shoppers all come from 127.0.0.1: the per-client cap of open (unpaid) attempts
    // would refuse the sixth of ten shoppers between create order and verify, so it is raised like the rate limit.
    checkout: { ...base.checkout, openOrdersPerClient: 1_000_000_000 },
  };
  const database = await openBenchDatabase(options.database, modules.openDatabase);
  const app = await modules.buildApp({ config, database, ssr: options.ssr, logger: true });
  app.get(CEILING_PATH, () => ({ ok: true }));
  await warmUp();
  await app.listen({ host: "127.0.0.1", port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  // The payment adapters reach the simulator, and it sends its webhooks, at the public URL: this port, or
  // the store's when this process is the provider.
  config.publicUrl = options.webhooksTo ?? origin;
  return { app, config, origin, settle: () => settle(app), close: () => app.close() };
}

/**
 * For a child process that serves a benchmark (serve.ts, provider.ts): prints one JSON line, {"origin", ...
 * `announced`}, for its parent (lib/server-child.ts) and stops on SIGTERM or when the parent closes its
 * stdin, so it never outlives a crashed benchmark.
 */
export function serveForParent(server: BenchServer, announced: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ origin: server.origin, ...announced })}\n`);
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.stdin.on("end", stop);
  process.stdin.resume();
}
