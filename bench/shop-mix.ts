/**
 * `npm run bench:shop -- [--database-url URL] [--shoppers 10] [--sessions 300] [--rounds 3]`
 * A realistic shop's load, measured by what it costs rather than by how fast the machine is today: a few
 * shoppers (default 10) browse, search and add to cart, one guest's first add per ten page views. Reports
 * the CPU time per request of the server process (and, on PostgreSQL, of the database's backends for
 * this database) around a fixed number of visits, and the statements each kind of request sends. With
 * `--baseline DIR` (another version's apps/server/src) it runs that version too, on a copy of the database,
 * the same visits in alternating blocks, so both see the machine as it was.
 */
import "./lib/production-env";
import type { DatabaseConfig } from "@store/server/config";
import { openDatabase } from "@store/server/db/client";
import { categories } from "@store/server/schema";
import { asc, sql } from "drizzle-orm";
import { cpSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { scenarioInputs, type PriceOf } from "./api-scenarios";
import { flowProducts, stockFlowProducts, type FlowProduct } from "./checkout-flow";
import { startBenchServer, type BenchServer, type ServerModules } from "./lib/app-server";
import { cliArgs, intArg, stringArg } from "./lib/args";
import { runChildJson } from "./lib/child-json";
import {
  describeTarget,
  ensureTarget,
  openBenchDatabase,
  postgresTarget,
  removePgliteData,
  resetTarget,
  targetFromArgs,
} from "./lib/database";
import { addToNewCart } from "./lib/flow-requests";
import { BROWSER_ACCEPT_ENCODING } from "./lib/load";
import { fmt, markdownTable } from "./lib/markdown";
import { recordRun, writeResult } from "./lib/results";
import { backendCpu, cpuSince } from "./lib/proc-cpu";
import { COMMON_CASE, TYPO_CASE } from "./lib/search-cases";
import { summarize, type LatencySummary } from "./lib/stats";
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
  requests: number;
  seconds: number;
  samplesMs: Partial<Record<ShopRequestKind, number[]>>;
  errors: number;
  errorSamples: string[];
}

/** One version's figures in one round. */
interface ShopFigures {
  requests: number;
  requestsPerSecond: number;
  /** The server process's CPU (this process: the store, and PGlite when it is the database). */
  serverCpuMsPerRequest: number;
  /** PostgreSQL's backends serving this database (null on PGlite, whose work is the server's). */
  databaseCpuMsPerRequest: number | null;
  cpuMsPerRequest: number;
  statementsPerRequest: number;
  latencyMs: Partial<Record<ShopRequestKind, LatencySummary>>;
  errors: number;
  errorSamples: string[];
}

type Side = "current" | "baseline";

/** One version's blocks of a round, added up. */
interface BlockSum {
  serverMs: number;
  databaseMs: number | null;
  statements: number;
  seconds: number;
  requests: number;
  errors: number;
  errorSamples: string[];
  samples: Map<ShopRequestKind, number[]>;
}

interface ShopData {
  database: { kind: string; target: string };
  products: number;
  shoppers: number;
  sessionsPerRound: number;
  requestsPerSession: number;
  /** The other version's source (--baseline), or null. */
  baseline: string | null;
  rounds: Partial<Record<Side, ShopFigures>>[];
  /** CPU per request over all rounds (total CPU over total requests), per version. */
  overall: Partial<Record<Side, { cpuMsPerRequest: number; statementsPerRequest: number }>>;
  /** Statements sent per request of each kind, one request at a time (BEGIN and COMMIT count: each is a round trip). */
  statementsPerKind: Partial<Record<Side, Partial<Record<ShopRequestKind, number>>>>;
}

const usage = `
A realistic shop load: browsing, search and adds to cart, measured as CPU per request.
  --database-url URL    PostgreSQL database (default: PGlite in bench/.data/pglite-shop)
  --data-dir PATH       PGlite folder
  --products N          catalogue size; the database is topped up to it first (default 10000)
  --shoppers N          concurrent shoppers (default 10)
  --sessions N          visits per measured round, 13 requests each (default 300)
  --rounds N            measured rounds, after one unmeasured warm-up of a tenth the visits (default 3)
  --baseline DIR        also run another version's apps/server/src on a copy of the database, in alternating blocks
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
  baseline: { type: "string" },
  fresh: { type: "boolean" },
  result: { type: "string" },
});
const target = targetFromArgs("shop", stringArg(args["database-url"]), stringArg(args["data-dir"]));
const baselineSrc = stringArg(args.baseline) === undefined ? null : resolve(stringArg(args.baseline)!);
const options = {
  target: describeTarget(target),
  products: intArg(args.products, 10_000, "products"),
  shoppers: intArg(args.shoppers, 10, "shoppers"),
  sessions: intArg(args.sessions, 300, "sessions"),
  rounds: intArg(args.rounds, 3, "rounds"),
  baseline: baselineSrc,
};
const REQUESTS_PER_SESSION = 13;
/** With a baseline, each round's visits go in this many blocks, each run on both versions, alternating which goes first. */
const BLOCKS = 6;
const runner = fileURLToPath(new URL("./lib/shop-runner.ts", import.meta.url));

/** Counts every statement the store sends, on PGlite and PostgreSQL alike (both go through a pg pool's clients). */
async function countStatements(server: BenchServer): Promise<{ take(): number }> {
  type Queryable = { query(...a: unknown[]): unknown; release(): void };
  const pool = (server.app.database.db as unknown as { $client: { connect(): Promise<Queryable> } }).$client;
  const connection = await pool.connect();
  const prototype = Object.getPrototypeOf(connection) as Queryable & { counted?: true };
  connection.release();
  // Two versions share pg's own classes; each has its own PreparingClient, which is what is counted.
  if (prototype.counted) throw new Error("both versions' connections share one class: their statements would mix");
  prototype.counted = true;
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

/** Another version of the server, loaded from its source folder (a copy of apps/server/src). */
async function baselineModules(src: string): Promise<ServerModules> {
  const load = (file: string) => import(`${src}/${file}`) as Promise<Record<string, unknown>>;
  return {
    buildApp: (await load("app.ts")).buildApp as ServerModules["buildApp"],
    loadConfig: (await load("config.ts")).loadConfig as ServerModules["loadConfig"],
    openDatabase: (await load("db/client.ts")).openDatabase as ServerModules["openDatabase"],
  };
}

/** A copy of the filled database for the baseline, so both versions start from the same rows. */
async function copyDatabase(from: DatabaseConfig): Promise<DatabaseConfig> {
  if (from.kind === "pglite") {
    const copy: DatabaseConfig = { kind: "pglite", dataDir: `${from.dataDir}-baseline` };
    removePgliteData(copy);
    cpSync(from.dataDir!, copy.dataDir!, { recursive: true });
    rmSync(`${copy.dataDir}/postmaster.pid`, { force: true });
    return copy;
  }
  // A bench_* database copied as a template: nothing else may be connected to it meanwhile.
  const url = new URL(from.url);
  const name = url.pathname.slice(1);
  url.pathname = "/postgres";
  const copy = await postgresTarget(url.toString(), `${name}_baseline`, true);
  const admin = await openDatabase({ kind: "postgres", url: url.toString() });
  try {
    await admin.db.execute(sql.raw(`drop database ${name}_baseline with (force)`));
    await admin.db.execute(sql.raw(`create database ${name}_baseline template ${name}`));
  } finally {
    await admin.close();
  }
  return copy;
}

const perRequest = (ms: number, requests: number) => Math.round((ms / requests) * 1000) / 1000;

const result = await recordRun(
  stringArg(args.result) ?? `shop-mix-${target.kind}`,
  options,
  async (): Promise<ShopData> => {
    await (args.fresh ? resetTarget(target) : ensureTarget(target));
    const seeding = await openBenchDatabase(target);
    const fill = await fillCatalogue(seeding.db, { products: options.products, log: console.log }).finally(() =>
      seeding.close(),
    );
    const servers: Partial<Record<Side, BenchServer>> = {};
    try {
      if (baselineSrc) {
        const copy = await copyDatabase(target);
        servers.baseline = await startBenchServer({
          database: copy,
          ssr: "none",
          modules: await baselineModules(baselineSrc),
        });
      }
      servers.current = await startBenchServer({ database: target, ssr: "none" });
      const sides = (Object.keys(servers) as Side[]).sort();
      const server = servers.current;
      const db = server.app.database.db;
      const catalog = server.app.services.catalog;
      const priceOf: PriceOf = async (id, currency) =>
        (await catalog.productDetail({ product_pk: id, size: "S", currency })).data;
      const inputs = await scenarioInputs(db);
      const categoryIds = (await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id))).map(
        (c) => c.id,
      );
      const cartProducts = await flowProducts(inputs.cartIds, priceOf);
      const counters: Partial<Record<Side, { take(): number }>> = {};
      for (const side of sides) {
        await stockFlowProducts(servers[side]!.app.database.db, inputs.cartIds);
        counters[side] = await countStatements(servers[side]!);
      }
      const spec = (side: Side, firstSession: number, sessions: number): ShopSpec => ({
        origin: servers[side]!.origin,
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

      /** One block of visits on one version, with the CPU and statements it cost. */
      async function block(side: Side, firstSession: number, sessions: number) {
        const on = servers[side]!;
        await on.settle();
        const backendsBefore = target.kind === "postgres" ? await backendCpu(on.app.database.db) : null;
        counters[side]!.take();
        const cpuBefore = process.cpuUsage();
        const report = await visit(spec(side, firstSession, sessions));
        const cpu = process.cpuUsage(cpuBefore);
        const statements = counters[side]!.take();
        const databaseMs = backendsBefore ? cpuSince(backendsBefore, await backendCpu(on.app.database.db)) : null;
        return { report, serverMs: (cpu.user + cpu.system) / 1000, databaseMs, statements };
      }

      const warmup = Math.ceil(options.sessions / 10);
      console.log(`bench:shop: ${target.kind} warm-up (${warmup} visits)`);
      for (const side of sides) await visit(spec(side, 0, warmup));
      const blocks = baselineSrc ? BLOCKS : 1;
      const rounds: ShopData["rounds"] = [];
      const totals = new Map<Side, { cpuMs: number; statements: number; requests: number }>();
      for (let round = 0; round < options.rounds; round++) {
        console.log(
          `bench:shop: ${target.kind} round ${round + 1} (${options.sessions} visits, ${options.shoppers} shoppers${baselineSrc ? ", both versions" : ""})`,
        );
        const sums = new Map<Side, BlockSum>();
        const size = Math.ceil(options.sessions / blocks);
        for (let b = 0; b < blocks; b++) {
          const first = (round + 1) * options.sessions + b * size;
          const count = Math.min(size, options.sessions - b * size);
          for (const side of b % 2 ? [...sides].reverse() : sides) {
            const done = await block(side, first, count);
            const sum: BlockSum = sums.get(side) ?? {
              serverMs: 0,
              databaseMs: null,
              statements: 0,
              seconds: 0,
              requests: 0,
              errors: 0,
              errorSamples: [],
              samples: new Map(),
            };
            sum.serverMs += done.serverMs;
            if (done.databaseMs !== null) sum.databaseMs = (sum.databaseMs ?? 0) + done.databaseMs;
            sum.statements += done.statements;
            sum.seconds += done.report.seconds;
            sum.requests += done.report.requests;
            sum.errors += done.report.errors;
            sum.errorSamples.push(...done.report.errorSamples.slice(0, 5 - sum.errorSamples.length));
            for (const [kind, list] of Object.entries(done.report.samplesMs) as [ShopRequestKind, number[]][])
              sum.samples.set(kind, [...(sum.samples.get(kind) ?? []), ...list]);
            sums.set(side, sum);
          }
        }
        const figures: Partial<Record<Side, ShopFigures>> = {};
        for (const [side, sum] of sums) {
          const cpuMs = sum.serverMs + (sum.databaseMs ?? 0);
          figures[side] = {
            requests: sum.requests,
            requestsPerSecond: Math.round(sum.requests / sum.seconds),
            serverCpuMsPerRequest: perRequest(sum.serverMs, sum.requests),
            databaseCpuMsPerRequest: sum.databaseMs === null ? null : perRequest(sum.databaseMs, sum.requests),
            cpuMsPerRequest: perRequest(cpuMs, sum.requests),
            statementsPerRequest: Math.round((sum.statements / sum.requests) * 100) / 100,
            latencyMs: Object.fromEntries([...sum.samples].map(([kind, list]) => [kind, summarize(list)])),
            errors: sum.errors,
            errorSamples: sum.errorSamples,
          };
          const total = totals.get(side) ?? { cpuMs: 0, statements: 0, requests: 0 };
          totals.set(side, {
            cpuMs: total.cpuMs + cpuMs,
            statements: total.statements + sum.statements,
            requests: total.requests + sum.requests,
          });
        }
        rounds.push(figures);
      }

      // One request at a time, so each statement is the request's own.
      const statementsPerKind: ShopData["statementsPerKind"] = {};
      for (const side of sides) {
        const on = servers[side]!;
        await on.settle();
        const counts: Partial<Record<ShopRequestKind, number>> = {};
        const one = async (kind: ShopRequestKind, path: string, body?: unknown) => {
          counters[side]!.take();
          const response = await fetch(`${on.origin}${path}`, {
            method: body === undefined ? "GET" : "POST",
            headers: body === undefined ? {} : { "content-type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const json = (await response.json()) as { cart_id?: string };
          if (!response.ok) throw new Error(`${kind}: ${response.status} ${JSON.stringify(json)}`);
          counts[kind] = counters[side]!.take();
          return json;
        };
        const [first, second] = cartProducts;
        const cart = await one("first add", "/api/cart-items/", addToNewCart(first!));
        await one("later add", "/api/cart-items/", { ...addToNewCart(second!), cart_id: cart.cart_id });
        await one("cart", `/api/get-cart-items/?cart_id=${cart.cart_id}&currency=INR`);
        await one("search", `/api/search?query=${encodeURIComponent(inputs.distinct.at(-1)!)}`);
        statementsPerKind[side] = counts;
      }

      return {
        database: { kind: target.kind, target: options.target },
        products: fill.totalProducts,
        shoppers: options.shoppers,
        sessionsPerRound: options.sessions,
        requestsPerSession: REQUESTS_PER_SESSION,
        baseline: baselineSrc,
        rounds,
        overall: Object.fromEntries(
          [...totals].map(([side, t]) => [
            side,
            {
              cpuMsPerRequest: perRequest(t.cpuMs, t.requests),
              statementsPerRequest: Math.round((t.statements / t.requests) * 100) / 100,
            },
          ]),
        ),
        statementsPerKind,
      };
    } finally {
      for (const server of Object.values(servers)) await server.close();
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
    [
      "round",
      "version",
      "CPU ms/request",
      "server",
      "database",
      "statements/request",
      "req/s",
      "first add p50/p95",
      "errors",
    ],
    d.rounds.flatMap((round, i) =>
      (Object.entries(round) as [Side, ShopFigures][]).map(([side, r]) => [
        i + 1,
        side,
        r.cpuMsPerRequest,
        r.serverCpuMsPerRequest,
        r.databaseCpuMsPerRequest ?? "-",
        r.statementsPerRequest,
        r.requestsPerSecond,
        `${fmt.ms(r.latencyMs["first add"]?.p50)} / ${fmt.ms(r.latencyMs["first add"]?.p95)}`,
        r.errors,
      ]),
    ),
  ),
);
for (const [side, o] of Object.entries(d.overall))
  console.log(
    `\n${side}: ${o.cpuMsPerRequest} ms of CPU and ${o.statementsPerRequest} statements per request over all rounds`,
  );
for (const [side, counts] of Object.entries(d.statementsPerKind))
  console.log(
    `${side}, statements per request one at a time: ${Object.entries(counts)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(", ")}`,
  );
