/**
 * `npm run bench:shop -- [--database-url URL] [--shoppers 10] [--sessions 300] [--rounds 3]`
 * A realistic shop's load, measured by what it costs rather than by how fast the machine is today: a few
 * shoppers (default 10) browse, search and add to cart, one guest's first add per ten page views. Reports
 * the CPU time per request of the server process (and, on PostgreSQL, of the database's backends for
 * this database) around a fixed number of visits, and the statements each kind of request sends.
 */
import "./lib/production-env";
import { categories } from "@store/server/schema";
import { asc, sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { scenarioInputs, type PriceOf } from "./api-scenarios";
import { flowProducts, stockFlowProducts, type FlowProduct } from "./checkout-flow";
import { startBenchServer, type BenchServer } from "./lib/app-server";
import { cliArgs, intArg, stringArg } from "./lib/args";
import { runChildJson } from "./lib/child-json";
import { describeTarget, ensureTarget, openBenchDatabase, resetTarget, targetFromArgs } from "./lib/database";
import { addToNewCart } from "./lib/flow-requests";
import { BROWSER_ACCEPT_ENCODING } from "./lib/load";
import { fmt, markdownTable } from "./lib/markdown";
import { recordRun, writeResult } from "./lib/results";
import { COMMON_CASE, TYPO_CASE } from "./lib/search-cases";
import type { LatencySummary } from "./lib/stats";
import { fillCatalogue } from "./seed/fill-catalogue";

export type ShopRequestKind = "listing" | "product detail" | "search" | "first add" | "later add" | "cart";

/** What the shoppers' child process needs (lib/shop-runner.ts). */
export interface ShopSpec {
  origin: string;
  acceptEncoding: string;
  shoppers: number;
  /** Visits numbered from `firstSession`, so each round's searches and products differ from the last. */
  firstSession: number;
  sessions: number;
  detailIds: number[];
  categoryIds: number[];
  popularQueries: string[];
  distinctQueries: string[];
  cartProducts: FlowProduct[];
}

export interface ShopReport {
  sessions: number;
  requests: number;
  seconds: number;
  latencyMs: Partial<Record<ShopRequestKind, LatencySummary>>;
  errors: number;
  errorSamples: string[];
}

interface ShopRound extends ShopReport {
  requestsPerSecond: number;
  /** The server process's CPU (this process: the store, and PGlite when it is the database). */
  serverCpuMsPerRequest: number;
  /** PostgreSQL's backends serving this database (null on PGlite, whose work is the server's). */
  databaseCpuMsPerRequest: number | null;
  cpuMsPerRequest: number;
  statementsPerRequest: number;
}

interface ShopData {
  database: { kind: string; target: string };
  products: number;
  shoppers: number;
  sessionsPerRound: number;
  requestsPerSession: number;
  rounds: ShopRound[];
  /** The middle round by total CPU per request. */
  median: { cpuMsPerRequest: number; serverCpuMsPerRequest: number; requestsPerSecond: number };
  /** Statements sent per request of each kind, one request at a time (BEGIN and COMMIT count: each is a round trip). */
  statementsPerKind: Partial<Record<ShopRequestKind, number>>;
}

const usage = `
A realistic shop load: browsing, search and adds to cart, measured as CPU per request.
  --database-url URL    PostgreSQL database (default: PGlite in bench/.data/pglite-shop)
  --data-dir PATH       PGlite folder
  --products N          catalogue size; the database is topped up to it first (default 10000)
  --shoppers N          concurrent shoppers (default 10)
  --sessions N          visits per measured round, 13 requests each (default 300)
  --rounds N            measured rounds, after one unmeasured warm-up round of a tenth the visits (default 3)
  --fresh               empty the database first (a PGlite folder under bench/.data or a bench_* database)
  --result NAME         the result's name (default shop-mix-<database>)
`;
const args = cliArgs(usage, {
  "database-url": { type: "string" },
  "data-dir": { type: "string" },
  products: { type: "string" },
  shoppers: { type: "string" },
  sessions: { type: "string" },
  rounds: { type: "string" },
  fresh: { type: "boolean" },
  result: { type: "string" },
});
const target = targetFromArgs("shop", stringArg(args["database-url"]), stringArg(args["data-dir"]));
const options = {
  target: describeTarget(target),
  products: intArg(args.products, 10_000, "products"),
  shoppers: intArg(args.shoppers, 10, "shoppers"),
  sessions: intArg(args.sessions, 300, "sessions"),
  rounds: intArg(args.rounds, 3, "rounds"),
};
const REQUESTS_PER_SESSION = 13;
const runner = fileURLToPath(new URL("./lib/shop-runner.ts", import.meta.url));

/** Counts every statement the store sends, on PGlite and PostgreSQL alike (both go through a pg pool's clients). */
async function countStatements(server: BenchServer): Promise<{ take(): number }> {
  type Queryable = { query(...a: unknown[]): unknown; release(): void };
  const pool = (server.app.database.db as unknown as { $client: { connect(): Promise<Queryable> } }).$client;
  const connection = await pool.connect();
  const prototype = Object.getPrototypeOf(connection) as Queryable;
  connection.release();
  let count = 0;
  const query = prototype.query;
  prototype.query = function counted(this: Queryable, ...a: unknown[]) {
    count += 1;
    return query.apply(this, a);
  };
  return {
    take() {
      const taken = count;
      count = 0;
      return taken;
    },
  };
}

/** CPU milliseconds (user and system) the PostgreSQL backends of this database have used so far, by pid. */
async function backendCpu(server: BenchServer): Promise<Map<number, number>> {
  const result = (await server.app.database.db.execute(
    // The benchmark's own query runs on a pooled connection, which serves the shoppers too: it is counted.
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as { rows: { pid: number }[] };
  const ticksPerMs = 100 / 1000; // Linux's USER_HZ
  const cpu = new Map<number, number>();
  for (const { pid } of result.rows) {
    try {
      // After the command's closing parenthesis: the 3rd field (state) onwards; utime is the 14th, stime the 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
    } catch {
      // A backend that ended meanwhile, or a database on another machine: nothing to read.
    }
  }
  return cpu;
}

function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const result = await recordRun(
  stringArg(args.result) ?? `shop-mix-${target.kind}`,
  options,
  async (): Promise<ShopData> => {
    await (args.fresh ? resetTarget(target) : ensureTarget(target));
    const seeding = await openBenchDatabase(target);
    const fill = await fillCatalogue(seeding.db, { products: options.products, log: console.log }).finally(() =>
      seeding.close(),
    );
    const server = await startBenchServer({ database: target, ssr: "none" });
    try {
      const db = server.app.database.db;
      const catalog = server.app.services.catalog;
      const priceOf: PriceOf = async (id, currency) =>
        (await catalog.productDetail({ product_pk: id, size: "S", currency })).data;
      const inputs = await scenarioInputs(db);
      await stockFlowProducts(db, inputs.cartIds);
      const categoryIds = (await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id))).map(
        (c) => c.id,
      );
      const cartProducts = await flowProducts(inputs.cartIds, priceOf);
      const statements = await countStatements(server);
      const spec = (firstSession: number, sessions: number): ShopSpec => ({
        origin: server.origin,
        acceptEncoding: BROWSER_ACCEPT_ENCODING,
        shoppers: options.shoppers,
        firstSession,
        sessions,
        detailIds: inputs.detailIds,
        categoryIds,
        popularQueries: [COMMON_CASE.query, TYPO_CASE.query, inputs.rare, "kaftan", "indigo"],
        distinctQueries: inputs.distinct,
        cartProducts,
      });
      const visit = (s: ShopSpec) => runChildJson<ShopReport>(runner, s, 600_000);

      console.log(`bench:shop: ${target.kind} warm-up (${Math.ceil(options.sessions / 10)} visits)`);
      await visit(spec(0, Math.ceil(options.sessions / 10)));
      const rounds: ShopRound[] = [];
      for (let round = 0; round < options.rounds; round++) {
        await server.settle();
        console.log(
          `bench:shop: ${target.kind} round ${round + 1} (${options.sessions} visits, ${options.shoppers} shoppers)`,
        );
        const backendsBefore = target.kind === "postgres" ? await backendCpu(server) : null;
        statements.take();
        const cpuBefore = process.cpuUsage();
        const report = await visit(spec((round + 1) * options.sessions, options.sessions));
        const cpu = process.cpuUsage(cpuBefore);
        const sent = statements.take();
        const databaseMs = backendsBefore ? cpuSince(backendsBefore, await backendCpu(server)) : null;
        const serverMs = (cpu.user + cpu.system) / 1000;
        const perRequest = (ms: number) => Math.round((ms / report.requests) * 1000) / 1000;
        rounds.push({
          ...report,
          requestsPerSecond: Math.round(report.requests / report.seconds),
          serverCpuMsPerRequest: perRequest(serverMs),
          databaseCpuMsPerRequest: databaseMs === null ? null : perRequest(databaseMs),
          cpuMsPerRequest: perRequest(serverMs + (databaseMs ?? 0)),
          statementsPerRequest: Math.round((sent / report.requests) * 100) / 100,
        });
      }
      const byCpu = [...rounds].sort((a, b) => a.cpuMsPerRequest - b.cpuMsPerRequest);
      const middle = byCpu[Math.floor(byCpu.length / 2)]!;

      // One request at a time, so each statement is the request's own.
      await server.settle();
      const statementsPerKind: ShopData["statementsPerKind"] = {};
      const one = async (kind: ShopRequestKind, path: string, body?: unknown) => {
        statements.take();
        const response = await fetch(`${server.origin}${path}`, {
          method: body === undefined ? "GET" : "POST",
          headers: body === undefined ? {} : { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = (await response.json()) as { cart_id?: string };
        if (!response.ok) throw new Error(`${kind}: ${response.status} ${JSON.stringify(json)}`);
        statementsPerKind[kind] = statements.take();
        return json;
      };
      const [first, second] = cartProducts;
      const cart = await one("first add", "/api/cart-items/", addToNewCart(first!));
      await one("later add", "/api/cart-items/", { ...addToNewCart(second!), cart_id: cart.cart_id });
      await one("cart", `/api/get-cart-items/?cart_id=${cart.cart_id}&currency=INR`);
      await one("search", `/api/search?query=${encodeURIComponent(inputs.distinct.at(-1)!)}`);

      return {
        database: { kind: target.kind, target: options.target },
        products: fill.totalProducts,
        shoppers: options.shoppers,
        sessionsPerRound: options.sessions,
        requestsPerSession: REQUESTS_PER_SESSION,
        rounds,
        median: {
          cpuMsPerRequest: middle.cpuMsPerRequest,
          serverCpuMsPerRequest: middle.serverCpuMsPerRequest,
          requestsPerSecond: middle.requestsPerSecond,
        },
        statementsPerKind,
      };
    } finally {
      await server.close();
    }
  },
);

console.log(`bench:shop: wrote ${writeResult(result)}`);
const d = result.data;
console.log(
  `\n### Shop mix: ${d.database.kind}, ${d.products} products, ${d.shoppers} shoppers, ${d.sessionsPerRound} visits of ${d.requestsPerSession} requests a round, load average ${result.loadAverage.mean} (max ${result.loadAverage.max})\n`,
);
console.log(
  markdownTable(
    ["round", "CPU ms/request", "server", "database", "statements/request", "req/s", "first add p50/p95", "errors"],
    d.rounds.map((r, i) => [
      i + 1,
      r.cpuMsPerRequest,
      r.serverCpuMsPerRequest,
      r.databaseCpuMsPerRequest ?? "-",
      r.statementsPerRequest,
      r.requestsPerSecond,
      `${fmt.ms(r.latencyMs["first add"]?.p50)} / ${fmt.ms(r.latencyMs["first add"]?.p95)}`,
      r.errors,
    ]),
  ),
);
console.log(`\nmedian round: ${d.median.cpuMsPerRequest} ms of CPU per request, ${d.median.requestsPerSecond} req/s`);
console.log(
  `statements per request, one at a time: ${Object.entries(d.statementsPerKind)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ")}`,
);
