/**
 * `npm run bench:api -- [--database-url URL] [--products N] [--duration S] [--connections N]`
 * Loads the catalogue, search and cart endpoints of an in-process server with autocannon running in a
 * child process, next to a ceiling route on the same Fastify instance measured in the same run.
 */
import "./lib/production-env";
import { sql } from "drizzle-orm";
import { checkoutFlow, flowProducts, missingCheckoutRoutes, stockFlowProducts, type FlowResult } from "./checkout-flow";
import { apiScenarios, scenarioInputs, type PriceOf, type ScenarioGroup } from "./api-scenarios";
import { startBenchServer } from "./lib/app-server";
import { cliArgs, intArg, stringArg } from "./lib/args";
import { backendCpu, cpuSince, processCpuMs } from "./lib/proc-cpu";
import { freePort } from "./lib/free-port";
import { startProviderChild } from "./lib/provider-child";
import { startEventLoopMonitor, type EventLoopReport } from "./lib/event-loop";
import { describeTarget, ensureTarget, openBenchDatabase, resetTarget, targetFromArgs } from "./lib/database";
import { BROWSER_ACCEPT_ENCODING, errorCount, runLoad, type LoadResult, type LoadSpec } from "./lib/load";
import { fmt, markdownTable } from "./lib/markdown";
import { recordRun, writeResult } from "./lib/results";
import { mb, startRssSampler } from "./lib/rss";
import { fillCatalogue } from "./seed/fill-catalogue";

export interface EndpointResult {
  name: string;
  group: ScenarioGroup;
  note: string;
  load: LoadResult;
  errors: number;
  /** This endpoint's req/s over the ceiling's (the mean of the ceiling runs before and after). */
  ratioOfCeiling: number;
  /** The server process's largest RSS during this endpoint's load, warm-up included (MB). */
  rssMaxMB: number;
}

export interface ApiLoadData {
  database: { kind: string; target: string };
  products: number;
  connections: number;
  durationSeconds: number;
  acceptEncoding: string;
  ceilingRequestsPerSecond: { before: number; after: number; mean: number };
  endpoints: EndpointResult[];
  checkout: FlowResult;
  /** The server process's RSS (MB): when the load began, and the largest seen during any load or the checkout. */
  rss: { beforeLoadMB: number; maxMB: number; checkoutMaxMB: number | null };
  /**
   * The server's own CPU during the checkout (warm-up included; the load generator runs in another process):
   * cores kept busy, and milliseconds per flow at the measured rate. Steadier than flows/s on a shared machine.
   */
  checkoutCpu?: {
    coresBusy: number;
    msPerFlow: number;
    /** PostgreSQL's backends serving this database, milliseconds per flow (null on PGlite, whose work is the server's). */
    databaseMsPerFlow?: number | null;
    /** The provider simulator's process (not the store's work: a deployed store's provider is another company's). */
    providerMsPerFlow?: number | null;
  } | null;
  /**
   * How late this process's event loop ran during the checkout's recorded part (the store runs here): a
   * tick held for a second holds every shopper's request for that second, whatever the step.
   */
  checkoutEventLoop?: EventLoopReport | null;
}

const usage = `
API load: autocannon (child process) against the store running in this process.
  --database-url URL    PostgreSQL database (default: PGlite in bench/.data/pglite-api)
  --data-dir PATH       PGlite folder
  --products N          catalogue size; the database is topped up to it first (default 10000)
  --duration S          seconds per endpoint (default 10)
  --warmup S            unrecorded seconds before each endpoint (default 2)
  --connections N       concurrent connections (default 50)
  --only a,b            endpoints whose name contains one of these words (the ceiling always runs)
  --accept-encoding V   request header (default "${BROWSER_ACCEPT_ENCODING}"; "identity" turns compression off)
  --checkout-loops N    concurrent checkout flows (default 10)
  --fresh               empty the database first (a PGlite folder under bench/.data or a bench_* database)
  --result NAME         the result's name (default api-load-<database>, api-load-<database>-partial with --only)
`;
const args = cliArgs(usage, {
  "database-url": { type: "string" },
  "data-dir": { type: "string" },
  products: { type: "string" },
  duration: { type: "string" },
  warmup: { type: "string" },
  connections: { type: "string" },
  only: { type: "string" },
  "accept-encoding": { type: "string" },
  "checkout-loops": { type: "string" },
  fresh: { type: "boolean" },
  result: { type: "string" },
});
const target = targetFromArgs("api", stringArg(args["database-url"]), stringArg(args["data-dir"]));
const options = {
  target: describeTarget(target),
  products: intArg(args.products, 10_000, "products"),
  durationSeconds: intArg(args.duration, 10, "duration"),
  warmupSeconds: args.warmup === "0" ? 0 : intArg(args.warmup, 2, "warmup"),
  connections: intArg(args.connections, 50, "connections"),
  only: stringArg(args.only)
    ?.split(",")
    .map((w) => w.trim().toLowerCase()),
  acceptEncoding: stringArg(args["accept-encoding"]) ?? BROWSER_ACCEPT_ENCODING,
  checkoutLoops: intArg(args["checkout-loops"], 10, "checkout-loops"),
};

// A partial run (--only) keeps its own latest copy, so the targets table stays on the last complete run.
const result = await recordRun(
  stringArg(args.result) ?? `api-load-${target.kind}${options.only ? "-partial" : ""}`,
  options,
  async (): Promise<ApiLoadData> => {
    await (args.fresh ? resetTarget(target) : ensureTarget(target));
    const seeding = await openBenchDatabase(target);
    const fill = await fillCatalogue(seeding.db, { products: options.products, log: console.log }).finally(() =>
      seeding.close(),
    );
    // The card provider's simulator runs in its own process and answers the store at a port chosen now.
    const port = await freePort();
    const provider = await startProviderChild(`http://127.0.0.1:${port}`);
    const server = await startBenchServer({ database: target, ssr: "none", port, provider }).catch((error) => {
      void provider.stop();
      throw error;
    });
    const rss = startRssSampler();
    try {
      const base: Omit<LoadSpec, "requests"> = {
        origin: server.origin,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
        timeoutSeconds: 10,
        headers: { "accept-encoding": options.acceptEncoding },
      };
      const catalog = server.app.services.catalog;
      const priceOf: PriceOf = async (id, currency) =>
        (await catalog.productDetail({ product_pk: id, size: "S", currency })).data;
      const inputs = await scenarioInputs(server.app.database.db);
      const scenarios = await apiScenarios(inputs, priceOf);
      const [ceiling, ...rest] = scenarios;
      if (!ceiling) throw new Error("no ceiling scenario");
      const chosen = rest.filter((s) => !options.only || options.only.some((w) => s.name.includes(w)));

      const measure = async (name: string, requests: LoadSpec["requests"], sharedOrder?: boolean) => {
        await server.settle();
        console.log(
          `bench:api: ${target.kind} ${name} (${options.durationSeconds} s, ${options.connections} connections)`,
        );
        rss.take();
        const load = await runLoad({ ...base, requests, sharedOrder });
        return { ...load, rssMaxMB: mb(rss.take()) };
      };
      const beforeLoadMB = mb(process.memoryUsage.rss());
      // The ceiling runs first and last: on a shared machine the spread between the two shows the noise.
      const before = await measure(ceiling.name, ceiling.requests);
      const loads = [];
      for (const scenario of chosen)
        loads.push({ scenario, load: await measure(scenario.name, scenario.requests, scenario.sharedOrder) });
      const after = await measure(ceiling.name, ceiling.requests);
      const mean = (before.requestsPerSecond + after.requestsPerSecond) / 2;

      const runCheckout = !options.only || options.only.some((w) => "checkout".includes(w));
      if (runCheckout) await server.settle();
      rss.take();
      if (runCheckout)
        console.log(
          `bench:api: ${target.kind} checkout (${options.checkoutLoops} shoppers, ${options.durationSeconds} s)`,
        );
      const unavailable = missingCheckoutRoutes(server.app);
      let checkout: FlowResult = { status: "skipped", reason: "not selected with --only" };
      let checkoutCpu: ApiLoadData["checkoutCpu"] = null;
      let checkoutEventLoop: EventLoopReport | null = null;
      if (runCheckout && unavailable) checkout = { status: "not available", reason: unavailable };
      else if (runCheckout) {
        await stockFlowProducts(server.app.database.db, inputs.cartIds);
        const db = server.app.database.db;
        // The loads above wrote a hundred thousand carts in seconds. A server's autovacuum analyses such a
        // table within the minute; this machine's PostgreSQL runs without it, so the checkout would be planned
        // on the statistics of an empty carts table (decision 114).
        if (target.kind === "postgres") await db.execute(sql`vacuum (analyze)`);
        const backendsBefore = target.kind === "postgres" ? await backendCpu(db) : null;
        const cpuBefore = process.cpuUsage();
        const providerBefore = processCpuMs(provider.pid);
        const started = performance.now();
        // The flow's child records after its warm-up and says when; the event-loop monitor starts again then.
        const loop = startEventLoopMonitor();
        checkout = await checkoutFlow(
          server.origin,
          provider.origin,
          {
            loops: options.checkoutLoops,
            durationSeconds: options.durationSeconds,
            warmupSeconds: options.warmupSeconds,
            products: await flowProducts(inputs.cartIds, priceOf),
            acceptEncoding: options.acceptEncoding,
          },
          () => loop.restart(),
        );
        const wallMs = performance.now() - started;
        checkoutCpu = cpuPerFlow(process.cpuUsage(cpuBefore), wallMs, checkout);
        if (checkoutCpu && checkout.status === "ok") {
          const flowsPerSecond = checkout.flowsPerSecond;
          const perFlow = (ms: number) => Math.round((ms / ((wallMs / 1000) * flowsPerSecond)) * 10) / 10;
          const providerAfter = processCpuMs(provider.pid);
          if (providerBefore !== null && providerAfter !== null)
            checkoutCpu.providerMsPerFlow = perFlow(providerAfter - providerBefore);
          if (backendsBefore) checkoutCpu.databaseMsPerFlow = perFlow(cpuSince(backendsBefore, await backendCpu(db)));
        }
        checkoutEventLoop = loop.stop();
      }
      const checkoutMaxMB = runCheckout ? mb(rss.take()) : null;
      const loadMaxMB = Math.max(before.rssMaxMB, after.rssMaxMB, ...loads.map((l) => l.load.rssMaxMB));

      return {
        database: { kind: target.kind, target: options.target },
        products: fill.totalProducts,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        acceptEncoding: options.acceptEncoding,
        ceilingRequestsPerSecond: {
          before: before.requestsPerSecond,
          after: after.requestsPerSecond,
          mean: Math.round(mean),
        },
        endpoints: [
          {
            name: ceiling.name,
            group: ceiling.group,
            note: ceiling.note,
            load: before,
            errors: errorCount(before),
            ratioOfCeiling: before.requestsPerSecond / mean,
            rssMaxMB: before.rssMaxMB,
          },
          ...loads.map(({ scenario, load }) => ({
            name: scenario.name,
            group: scenario.group,
            note: scenario.note,
            load,
            errors: errorCount(load),
            ratioOfCeiling: load.requestsPerSecond / mean,
            rssMaxMB: load.rssMaxMB,
          })),
        ],
        checkout,
        rss: { beforeLoadMB, maxMB: Math.max(loadMaxMB, checkoutMaxMB ?? 0), checkoutMaxMB },
        checkoutCpu,
        checkoutEventLoop,
      };
    } finally {
      rss.stop();
      await provider.stop();
      await server.close();
    }
  },
);

console.log(`bench:api: wrote ${writeResult(result)}`);
const d = result.data;
console.log(
  `\n### API load: ${d.database.kind}, ${d.products} products, ${d.connections} connections, ${d.durationSeconds} s each, load average ${result.loadAverage.mean} (max ${result.loadAverage.max})\n`,
);
console.log(
  markdownTable(
    ["endpoint", "req/s", "p50", "p99", "errors", "of ceiling", "max RSS"],
    d.endpoints.map((e) => [
      e.name,
      fmt.rps(e.load.requestsPerSecond),
      fmt.ms(e.load.latencyMs.p50),
      fmt.ms(e.load.latencyMs.p99),
      e.errors,
      fmt.pct(e.ratioOfCeiling),
      `${e.rssMaxMB} MB`,
    ]),
  ),
);
console.log(
  `\nceiling before/after: ${d.ceilingRequestsPerSecond.before} / ${d.ceilingRequestsPerSecond.after} req/s; checkout: ${describeFlow(d.checkout)}`,
);
console.log(
  `server RSS: ${d.rss.beforeLoadMB} MB before the load, max ${d.rss.maxMB} MB (checkout ${d.rss.checkoutMaxMB ?? "-"} MB)`,
);

if (d.checkoutCpu)
  console.log(
    `server CPU during the checkout: ${d.checkoutCpu.coresBusy} cores busy, about ${d.checkoutCpu.msPerFlow} ms per flow${d.checkoutCpu.databaseMsPerFlow != null ? ` + ${d.checkoutCpu.databaseMsPerFlow} ms of PostgreSQL` : ""}${d.checkoutCpu.providerMsPerFlow != null ? ` (the provider's simulator, in its own process: ${d.checkoutCpu.providerMsPerFlow} ms)` : ""}`,
  );
if (d.checkout.status === "ok") {
  const flow = d.checkout;
  const loop = d.checkoutEventLoop;
  console.log(`\n### Checkout steps (${flow.loops} shoppers)\n`);
  console.log(
    markdownTable(
      ["step", "p50", "p95", "p99", "max"],
      [...Object.entries(flow.stepsMs), ["flow", flow.latencyMs] as const].map(([step, ms]) => [
        step,
        fmt.ms(ms.p50),
        fmt.ms(ms.p95),
        fmt.ms(ms.p99),
        fmt.ms(ms.max),
      ]),
    ),
  );
  if (loop)
    console.log(
      `\nevent loop during the checkout: delay mean ${fmt.ms(loop.meanMs)}, p99 ${fmt.ms(loop.p99Ms)}, max ${fmt.ms(loop.maxMs)}; ${loop.longTicks.length} ticks over 100 ms, the busiest using ${loop.maxTickCpuMs} ms of CPU${loop.longTicks.length ? ` (second: ms long/ms CPU ${loop.longTicks.map((t) => `${(t.atMs / 1000).toFixed(1)}: ${t.ms}/${t.cpuMs}`).join(", ")})` : ""}`,
    );
}

function cpuPerFlow(used: NodeJS.CpuUsage, wallMs: number, flow: FlowResult): ApiLoadData["checkoutCpu"] {
  if (flow.status !== "ok" || flow.flowsPerSecond === 0) return null;
  const cpuMs = (used.user + used.system) / 1000;
  return {
    coresBusy: Math.round((cpuMs / wallMs) * 100) / 100,
    msPerFlow: Math.round((cpuMs / ((wallMs / 1000) * flow.flowsPerSecond)) * 10) / 10,
  };
}

function describeFlow(flow: FlowResult): string {
  if (flow.status !== "ok") return `${flow.status} (${flow.reason})`;
  const steps = Object.entries(flow.stepsMs)
    .map(([step, ms]) => `${step} ${fmt.ms(ms.p50)}`)
    .join(", ");
  return `${flow.flowsPerSecond} flows/s (${flow.loops} shoppers), p50 ${fmt.ms(flow.latencyMs.p50)}, p99 ${fmt.ms(flow.latencyMs.p99)}, ${flow.errors} errors; step p50: ${steps}`;
}
