/**
 * `npm run bench`: API load on PGlite and PostgreSQL, search at scale, pages; each benchmark in its own
 * process (a fresh heap and event loop each), then the targets as one markdown table.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ApiLoadData } from "./api-load";
import type { StatementsData } from "./count-statements";
import type { MemoryData } from "./memory";
import { cliArgs, stringArg } from "./lib/args";
import { benchDataDir, DEFAULT_POSTGRES_URL, postgresTarget } from "./lib/database";
import { readLatestResult, type BenchResult } from "./lib/results";
import { targetsTable } from "./lib/targets";
import type { PagesData } from "./pages";
import type { SearchScaleData } from "./search-scale";

const usage = `
Runs every benchmark with modest defaults (a few minutes), then prints the targets table.
  --full               the issue's full sizes: 10 s per endpoint, search up to 100k products, 3 Lighthouse runs,
                       and the checkout's statements per flow on PostgreSQL (results/statements.json)
  --skip LIST          any of api,memory,search,pages
  --postgres-url URL   server for the bench_api and bench_search databases (default ${DEFAULT_POSTGRES_URL})
  --build              rebuild the web app before the page benchmark
  --summary-only       print the targets table from the latest results without running anything
`;
const args = cliArgs(usage, {
  full: { type: "boolean" },
  skip: { type: "string" },
  "postgres-url": { type: "string" },
  build: { type: "boolean" },
  "summary-only": { type: "boolean" },
});
const skip = new Set((stringArg(args.skip) ?? "").split(",").map((s) => s.trim()));
const full = Boolean(args.full);
const adminUrl = stringArg(args["postgres-url"]) ?? DEFAULT_POSTGRES_URL;
const here = fileURLToPath(new URL(".", import.meta.url));

/** One benchmark script in a child process; a failure is reported and the others still run. */
function run(script: string, scriptArgs: string[]): boolean {
  console.log(`\n## bench: ${script} ${scriptArgs.join(" ")}\n`);
  const result = spawnSync(process.execPath, ["--import", "tsx", `${here}${script}`, ...scriptArgs], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdio: "inherit",
    timeout: 45 * 60_000,
  });
  if (result.status !== 0) console.error(`bench: ${script} failed (exit ${result.status ?? result.signal})`);
  return result.status === 0;
}

/** The API runs of search alone at 100k products (--full), kept apart from the 10k runs. */
const SEARCH_100K = { pglite: "api-load-pglite-search-100k", postgres: "api-load-postgres-search-100k" };

const failures: string[] = [];
if (!args["summary-only"]) {
  const duration = full ? "10" : "5";
  if (!skip.has("api")) {
    // Fresh databases: carts and orders from earlier runs must not pile up from one run to the next.
    const apiArgs = ["--fresh", "--duration", duration, "--warmup", full ? "2" : "1"];
    if (!run("api-load.ts", apiArgs)) failures.push("api-load pglite");
    const postgres = await postgresTarget(adminUrl, "bench_api", false);
    if (postgres.kind === "postgres" && !run("api-load.ts", [...apiArgs, "--database-url", postgres.url]))
      failures.push("api-load postgres");
    // Issue 46's statements per flow, on the catalogue the PostgreSQL API run just filled.
    if (full && postgres.kind === "postgres" && !run("count-statements.ts", ["--database-url", postgres.url]))
      failures.push("count-statements");
  }
  if (!skip.has("memory")) {
    // The compiled server, as deployed, on fresh catalogues (no orders or unsent e-mails of earlier runs).
    const memoryArgs = ["--fresh", "--duration", duration];
    if (!run("memory.ts", [...memoryArgs, ...(args.build ? ["--build"] : [])])) failures.push("memory pglite");
    const postgres = await postgresTarget(adminUrl, "bench_api", false);
    if (postgres.kind === "postgres" && !run("memory.ts", [...memoryArgs, "--database-url", postgres.url]))
      failures.push("memory postgres");
  }
  if (!skip.has("search") && !run("search-scale.ts", ["--fresh", "--sizes", full ? "1k,10k,100k" : "1k,10k"]))
    failures.push("search-scale");
  if (!skip.has("search") && full) {
    // Search over HTTP at 100k products, on the catalogues search-scale.ts just filled to 100k.
    const searchArgs = ["--only", "search", "--products", "100000", "--duration", duration, "--warmup", "2"];
    if (
      !run("api-load.ts", [...searchArgs, "--data-dir", `${benchDataDir}pglite-search`, "--result", SEARCH_100K.pglite])
    )
      failures.push("api-load search 100k pglite");
    const postgres = await postgresTarget(adminUrl, "bench_search", false);
    if (
      postgres.kind === "postgres" &&
      !run("api-load.ts", [...searchArgs, "--database-url", postgres.url, "--result", SEARCH_100K.postgres])
    )
      failures.push("api-load search 100k postgres");
  }
  if (
    !skip.has("pages") &&
    !run("pages.ts", ["--duration", duration, "--runs", full ? "3" : "1", ...(args.build ? ["--build"] : [])])
  ) {
    failures.push("pages");
  }
}

const api = ["api-load-pglite", "api-load-postgres"].flatMap((name) => {
  const result = readLatestResult<ApiLoadData>(name);
  return result ? [result] : [];
});
const search100k = Object.values(SEARCH_100K).flatMap((name) => {
  const result = readLatestResult<ApiLoadData>(name);
  return result ? [result] : [];
});
const memory = ["memory-pglite", "memory-postgres"].flatMap((name) => {
  const result = readLatestResult<MemoryData>(name);
  return result ? [result] : [];
});
const search: BenchResult<SearchScaleData> | undefined = readLatestResult("search-scale");
const statements: BenchResult<StatementsData> | undefined = readLatestResult("statements");
const pages: BenchResult<PagesData> | undefined = readLatestResult("pages");
console.log("\n## Targets (issues 7, 18 and 46), from the latest result of each benchmark\n");
console.log(targetsTable({ api, search100k, memory, search, statements, pages }));
if (failures.length > 0) {
  console.error(`\nbench: failed: ${failures.join(", ")}`);
  process.exitCode = 1;
}
