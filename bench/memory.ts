/**
 * `npm run bench:memory`: the resident memory of the store as it is deployed (the compiled server,
 * `node apps/server/dist/server.js`, NODE_ENV=production) under the API benchmark's loads and the checkout
 * flow, sampled from /proc every 100 ms. The API benchmark hosts the server in its own process, where tsx
 * and the seeder share the heap; this one measures the server alone (issue 18's memory target).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { apiScenarios, scenarioInputs, type PriceOf } from "./api-scenarios";
import { checkoutFlow, flowProducts, stockFlowProducts, type FlowResult } from "./checkout-flow";
import { cliArgs, intArg, stringArg } from "./lib/args";
import {
  benchDataDir,
  describeTarget,
  ensureTarget,
  openBenchDatabase,
  pgliteTarget,
  resetTarget,
  targetFromArgs,
} from "./lib/database";
import { BROWSER_ACCEPT_ENCODING, errorCount, runLoad } from "./lib/load";
import { fmt, markdownTable } from "./lib/markdown";
import { freePort } from "./lib/free-port";
import { providerEnv, startProviderChild, type ProviderEndpoint } from "./lib/provider-child";
import { recordRun, writeResult } from "./lib/results";
import { deployedMallocEnv, deployedNodeFlags } from "./lib/deployed-flags";
import { mb } from "./lib/rss";
import { fillCatalogue } from "./seed/fill-catalogue";

const usage = `
The compiled server's RSS under load (run "npm run build" first, or pass --build).
  --database-url URL   PostgreSQL (e.g. .../bench_api) instead of PGlite in bench/.data/memory/pglite
  --products N         catalogue size (default 10000)
  --duration S         seconds per load (default 10)
  --connections N      concurrent requests (default 50)
  --checkout-loops N   checkout shoppers (default 10)
  --only a,b           loads whose name contains one of these words ("checkout" for the flow)
  --node-flags="..."   extra flags for the server's node (to compare V8 settings, e.g. --node-flags="--max-semi-space-size=4")
  --cpu-prof DIR       write the server's V8 CPU profile into DIR (read it with bench/profile-summary.ts)
  --build              run "npm run build" first
  --fresh              empty the database first: orders and unsent e-mails of earlier runs would otherwise
                       keep the outbox busy during this one
`;
const args = cliArgs(usage, {
  "database-url": { type: "string" },
  products: { type: "string" },
  duration: { type: "string" },
  connections: { type: "string" },
  "checkout-loops": { type: "string" },
  only: { type: "string" },
  "cpu-prof": { type: "string" },
  "node-flags": { type: "string" },
  build: { type: "boolean" },
  fresh: { type: "boolean" },
});
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const serverEntry = `${repoRoot}apps/server/dist/server.js`;
const dataDir = `${benchDataDir}memory`;
const databaseUrl = stringArg(args["database-url"]);
// The server finds its PGlite folder at DATA_DIR/pglite.
const target = databaseUrl
  ? targetFromArgs("memory", databaseUrl, undefined)
  : pgliteTarget("memory", `${dataDir}/pglite`);
const options = {
  target: describeTarget(target),
  products: intArg(args.products, 10_000, "products"),
  durationSeconds: intArg(args.duration, 10, "duration"),
  connections: intArg(args.connections, 50, "connections"),
  checkoutLoops: intArg(args["checkout-loops"], 10, "checkout-loops"),
  only: stringArg(args.only)
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean),
};
const chosen = (name: string) => !options.only || options.only.some((word) => name.includes(word));
const cpuProfDir = stringArg(args["cpu-prof"]);
const nodeFlags = (stringArg(args["node-flags"]) ?? "").split(" ").filter(Boolean);

export interface MemoryData {
  database: { kind: "pglite" | "postgres"; target: string };
  products: number;
  server: string;
  idleMB: number;
  maxMB: number;
  loads: { name: string; requestsPerSecond: number; errors: number; maxMB: number }[];
  checkout: FlowResult & { maxMB: number };
}

if (args.build || !existsSync(serverEntry) || !existsSync(`${repoRoot}apps/web/build/server/index.js`)) {
  const built = spawnSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
  if (built.status !== 0) throw new Error("npm run build failed");
}

/** The largest VmRSS of a process since the last `take`, from /proc (Linux). */
function rssSampler(pid: number) {
  const read = () => {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return line ? Number(line[1]) * 1024 : 0;
  };
  let max = read();
  const timer = setInterval(() => (max = Math.max(max, read())), 100).unref();
  return {
    take() {
      const seen = Math.max(max, read());
      max = 0;
      return seen;
    },
    stop: () => clearInterval(timer),
  };
}

/** The compiled store, as deployed, with the bench's allowances (every request comes from 127.0.0.1). */
async function startServer(port: number, provider: ProviderEndpoint): Promise<{ child: ChildProcess; origin: string }> {
  const origin = `http://127.0.0.1:${port}`;
  const profiling = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
  const child = spawn(process.execPath, [...profiling, ...deployedNodeFlags(), ...nodeFlags, serverEntry], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ...deployedMallocEnv(),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      MEDIA_DIR: `${benchDataDir}media`,
      LOG_LEVEL: "warn",
      SESSION_SECRET: "bench-only-session-secret-0123456789abcdef",
      // The checkout pays through the provider's simulator in its own process, as through a real provider.
      SIMULATOR: "0",
      ...providerEnv(provider),
      PAYPAL_CLIENT_ID: "",
      PAYPAL_CLIENT_SECRET: "",
      SMTP_URL: "",
      REDIS_URL: "",
      RATE_LIMIT_MAX: "1000000000",
      AUTH_RATE_LIMIT_MAX: "1000000000",
      OPEN_ORDERS_PER_CLIENT: "1000000",
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, origin };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error("the server was not ready within 120 s");
}

// A partial run (--only, --cpu-prof) keeps its own latest copy, so the targets table stays on a complete run.
const partial = options.only || cpuProfDir || nodeFlags.length > 0 ? "-partial" : "";
const result = await recordRun(`memory-${target.kind}${partial}`, options, async (): Promise<MemoryData> => {
  await (args.fresh ? resetTarget(target) : ensureTarget(target));
  const seeding = await openBenchDatabase(target);
  let inputs;
  try {
    await fillCatalogue(seeding.db, { products: options.products, log: console.log });
    inputs = await scenarioInputs(seeding.db);
    await stockFlowProducts(seeding.db, inputs.cartIds);
  } finally {
    // PGlite belongs to one process: the server opens it next.
    await seeding.close();
  }

  const port = await freePort();
  const provider = await startProviderChild(`http://127.0.0.1:${port}`);
  const { child, origin } = await startServer(port, provider).catch((error: unknown) => {
    void provider.stop();
    throw error;
  });
  const rss = rssSampler(child.pid!);
  try {
    const priceOf: PriceOf = async (id, currency) => {
      const response = await fetch(`${origin}/api/get-product-detail/?product_pk=${id}&size=S&currency=${currency}`);
      return ((await response.json()) as { data: { offer_price: number; mrp: number } }).data;
    };
    const scenarios = (await apiScenarios(inputs, priceOf)).filter((s) => s.group !== "ceiling" && chosen(s.name));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleMB = mb(rss.take());
    const loads: MemoryData["loads"] = [];
    for (const scenario of scenarios) {
      console.log(`bench:memory: ${target.kind} ${scenario.name} (${options.durationSeconds} s)`);
      const load = await runLoad({
        origin,
        requests: scenario.requests,
        sharedOrder: scenario.sharedOrder,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: 1,
        timeoutSeconds: 10,
        headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
      });
      loads.push({
        name: scenario.name,
        requestsPerSecond: load.requestsPerSecond,
        errors: errorCount(load),
        maxMB: mb(rss.take()),
      });
    }
    let flow: FlowResult = { status: "skipped", reason: "not selected with --only" };
    if (chosen("checkout")) {
      console.log(`bench:memory: ${target.kind} checkout (${options.checkoutLoops} shoppers)`);
      flow = await checkoutFlow(origin, provider.origin, {
        loops: options.checkoutLoops,
        durationSeconds: options.durationSeconds,
        warmupSeconds: 1,
        products: await flowProducts(inputs.cartIds, priceOf),
        acceptEncoding: BROWSER_ACCEPT_ENCODING,
      });
    }
    const checkout = { ...flow, maxMB: mb(rss.take()) };
    return {
      database: { kind: target.kind, target: options.target },
      products: options.products,
      server: "node apps/server/dist/server.js, NODE_ENV=production",
      idleMB,
      maxMB: Math.max(checkout.maxMB, ...loads.map((l) => l.maxMB)),
      loads,
      checkout,
    };
  } finally {
    rss.stop();
    await provider.stop();
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
});

console.log(`bench:memory: wrote ${writeResult(result)}`);
const d = result.data;
console.log(
  `\n### Server memory (compiled server): ${d.database.kind}, ${d.products} products, load average ${result.loadAverage.mean}\n`,
);
console.log(
  markdownTable(
    ["load", "req/s", "errors", "max RSS"],
    [
      ["idle, after start", "-", "-", `${d.idleMB} MB`],
      ...d.loads.map((l) => [l.name, fmt.rps(l.requestsPerSecond), String(l.errors), `${l.maxMB} MB`]),
      [
        `checkout (${options.checkoutLoops} shoppers)`,
        d.checkout.status === "ok" ? `${d.checkout.flowsPerSecond} flows/s` : d.checkout.status,
        d.checkout.status === "ok" ? String(d.checkout.errors) : "-",
        `${d.checkout.maxMB} MB`,
      ],
    ],
  ),
);
