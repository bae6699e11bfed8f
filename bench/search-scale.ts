/**
 * `npm run bench:search -- [--sizes 1k,10k,100k] [--databases pglite,postgres]`
 * Latency of the search service called in process, one query at a time, as the catalogue grows, on
 * PGlite and PostgreSQL; and whether typo queries still put the right product first. Uncached: what a query
 * the answer cache has not seen costs.
 */
import type { DatabaseConfig } from "@store/server/config";
import { createSearchService } from "@store/server/modules/search/service";
import { cliArgs, intArg, intListArg, stringArg } from "./lib/args";
import {
  DEFAULT_POSTGRES_URL,
  openBenchDatabase,
  pgliteTarget,
  postgresTarget,
  removePgliteData,
} from "./lib/database";
import { fmt, markdownTable } from "./lib/markdown";
import { recordRun, writeResult } from "./lib/results";
import { rareWord, searchCases } from "./lib/search-cases";
import { summarize, type LatencySummary } from "./lib/stats";
import { fillCatalogue } from "./seed/fill-catalogue";

export interface SearchCaseResult {
  name: string;
  query: string;
  total: number;
  /** The service stopped counting at `total` ("1000+"). */
  totalIsCapped: boolean;
  firstResult: string | null;
  /** Only for cases with an expected first result. */
  correct?: boolean;
  latencyMs: LatencySummary;
}

export interface SearchRun {
  database: "pglite" | "postgres";
  products: number;
  seedSeconds: number;
  /** Every sample of every case pooled: the latency of the query mix. */
  overallMs: LatencySummary;
  cases: SearchCaseResult[];
}

export interface SearchScaleData {
  iterations: number;
  runs: SearchRun[];
}

const usage = `
Search latency at growing catalogue sizes (in-process service calls, one at a time).
  --sizes LIST          catalogue sizes, ascending (default 1k,10k; the issue's target is at 100k)
  --databases LIST      pglite,postgres (default both)
  --postgres-url URL    server to create bench_search on (default ${DEFAULT_POSTGRES_URL})
  --iterations N        timed calls per query and size (default 40, after 3 unrecorded)
  --fresh               start from empty databases (needed when they hold more than the first size)
`;
const args = cliArgs(usage, {
  sizes: { type: "string" },
  databases: { type: "string" },
  "postgres-url": { type: "string" },
  iterations: { type: "string" },
  fresh: { type: "boolean" },
});
const sizes = intListArg(args.sizes, [1000, 10_000], "sizes").sort((a, b) => a - b);
const kinds = (stringArg(args.databases) ?? "pglite,postgres").split(",").map((k) => k.trim());
const iterations = intArg(args.iterations, 40, "iterations");
const adminUrl = stringArg(args["postgres-url"]) ?? DEFAULT_POSTGRES_URL;

async function targetFor(kind: string, fresh: boolean): Promise<DatabaseConfig> {
  if (kind === "postgres") return postgresTarget(adminUrl, "bench_search", fresh);
  if (kind !== "pglite") throw new Error(`--databases takes pglite and postgres, got ${kind}`);
  const target = pgliteTarget("search");
  if (fresh) removePgliteData(target);
  return target;
}

async function measure(target: DatabaseConfig, kind: SearchRun["database"]): Promise<SearchRun[]> {
  const database = await openBenchDatabase(target);
  try {
    const runs: SearchRun[] = [];
    for (const size of sizes) {
      const fill = await fillCatalogue(database.db, { products: size, log: console.log });
      if (fill.totalProducts > size)
        throw new Error(`bench_search already holds ${fill.totalProducts} products: run with --fresh`);
      const search = createSearchService(database.db);
      const cases = searchCases(await rareWord(database.db));
      // The database's answer every time: the route's answer cache (decision 042) would time a Map lookup.
      const run = (query: string) => search.searchUncached({ query, page: 1, page_size: 12, currency: "USD" });
      for (const c of cases) for (let i = 0; i < 3; i++) await run(c.query);

      const samples = new Map(cases.map((c) => [c.name, [] as number[]]));
      // Round-robin over the queries, so a burst of load from a neighbour hits all of them alike.
      for (let i = 0; i < iterations; i++) {
        for (const c of cases) {
          const started = performance.now();
          await run(c.query);
          samples.get(c.name)?.push(performance.now() - started);
        }
      }
      const results: SearchCaseResult[] = [];
      for (const c of cases) {
        const answer = await run(c.query);
        const first = answer.data[0]?.product_name ?? null;
        results.push({
          name: c.name,
          query: c.query,
          total: answer.total,
          totalIsCapped: answer.total_is_capped,
          firstResult: first,
          ...(c.expectFirst && { correct: first !== null && c.expectFirst.test(first) }),
          latencyMs: summarize(samples.get(c.name) ?? []),
        });
      }
      runs.push({
        database: kind,
        products: fill.totalProducts,
        seedSeconds: fill.seconds,
        overallMs: summarize([...samples.values()].flat()),
        cases: results,
      });
      console.log(`bench:search: ${kind} ${fill.totalProducts} products: p95 ${fmt.ms(runs.at(-1)?.overallMs.p95)}`);
    }
    return runs;
  } finally {
    await database.close();
  }
}

const result = await recordRun(
  "search-scale",
  { sizes, databases: kinds, iterations },
  async (): Promise<SearchScaleData> => {
    const runs: SearchRun[] = [];
    for (const kind of kinds) {
      const target = await targetFor(kind, Boolean(args.fresh));
      runs.push(...(await measure(target, kind === "postgres" ? "postgres" : "pglite")));
    }
    return { iterations, runs };
  },
);

console.log(`bench:search: wrote ${writeResult(result)}`);
console.log(
  `\n### Search latency (in process, sequential), load average ${result.loadAverage.mean} (max ${result.loadAverage.max})\n`,
);
console.log(
  markdownTable(
    ["database", "products", "query", "matches", "p50", "p95", "first result"],
    result.data.runs.flatMap((run) => [
      ...run.cases.map((c) => [
        run.database,
        run.products,
        `${c.name}: "${c.query}"`,
        `${c.total}${c.totalIsCapped ? "+" : ""}`,
        fmt.ms(c.latencyMs.p50),
        fmt.ms(c.latencyMs.p95),
        `${c.firstResult ?? "-"}${c.correct === undefined ? "" : c.correct ? " (right)" : " (**wrong**)"}`,
      ]),
      [run.database, run.products, "**all queries**", "", fmt.ms(run.overallMs.p50), fmt.ms(run.overallMs.p95), ""],
    ]),
  ),
);
