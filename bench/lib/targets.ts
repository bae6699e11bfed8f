import type { ApiLoadData } from "../api-load";
import type { StatementsData } from "../count-statements";
import type { MemoryData } from "../memory";
import type { PagesData } from "../pages";
import type { SearchScaleData } from "../search-scale";
import { fmt, markdownTable } from "./markdown";
import type { BenchResult } from "./results";

/** The issue's targets (issue 7), in one place. */
export const TARGETS = {
  catalogueRatioOfCeiling: 0.5,
  catalogueP99Ms: 50,
  /** Issue 18: in-process, uncached (bench/search-scale.ts), the query mix on PostgreSQL. */
  searchP95Ms: 10,
  searchAtProducts: 100_000,
  /** Issue 18: search over HTTP under load, on both databases, at 10k and 100k products. */
  searchRatioOfCeiling: 0.2,
  searchP99Ms: 50,
  /**
   * Issue 46: Lighthouse mobile performance on this shared machine (issue 18 asked 98 of a quiet one); every
   * run states the host's benchmarkIndex, the speed the score was simulated from.
   */
  performance: 95,
  otherScores: 100,
  cls: 0,
  /** Issue 18 (was 150 KB in issue 7). */
  firstLoadJsGzipBytes: 130 * 1024,
  /** Issue 18: server renders of these pages at 10 concurrent requests, on the embedded database. */
  renderPages: ["home", "listing", "product"],
  rendersPerSecond: 350,
  renderP99Ms: 50,
} as const;

/**
 * Targets for writes: add to cart's throughput and the server's memory (issue 18); add to cart's p99, the
 * checkout's steps, CPU and statements (issue 46, 10 shoppers, on both databases).
 */
export const WRITE_TARGETS = {
  addToCartRatioOfCeiling: 0.1,
  addToCartP99Ms: 50,
  checkoutStepP99Ms: 250,
  /** The server process's CPU per flow; on PostgreSQL also the CPU of the database's backends. */
  checkoutServerCpuMsPerFlow: { postgres: 20, pglite: 25 },
  checkoutDatabaseCpuMsPerFlow: 8,
  /** The store's statements while the shopper waits, per flow (bench/count-statements.ts, on PostgreSQL). */
  statementsPerFlow: 20,
  rssMaxMB: { postgres: 200, pglite: 400 },
} as const;

interface TargetRow {
  target: string;
  measured: string;
  met: boolean | undefined;
  load: number | undefined;
}

const missedParts = (checks: [string, boolean][]) => checks.filter(([, ok]) => !ok).map(([name]) => name);

/** Endpoints measured against a share of the ceiling, a p99 and no errors. */
function throughputRows(
  result: BenchResult<ApiLoadData>,
  endpoint: (e: ApiLoadData["endpoints"][number]) => boolean,
  ratioOfCeiling: number,
  p99Ms: number,
): TargetRow[] {
  const d = result.data;
  return d.endpoints.filter(endpoint).map((e) => {
    const missed = missedParts([
      ["throughput", e.ratioOfCeiling >= ratioOfCeiling],
      ["p99", e.load.latencyMs.p99 < p99Ms],
      ["errors", e.errors === 0],
    ]);
    return {
      target: `${e.name} on ${d.database.kind} (${d.products} products, ${d.connections} conn.): >= ${fmt.pct(ratioOfCeiling)} of ceiling, p99 < ${p99Ms} ms, 0 errors`,
      measured: `${fmt.pct(e.ratioOfCeiling)} (${fmt.rps(e.load.requestsPerSecond)} of ${d.ceilingRequestsPerSecond.mean} req/s), p99 ${fmt.ms(e.load.latencyMs.p99)}, ${e.errors} errors${missed.length ? ` [missed: ${missed.join(", ")}]` : ""}`,
      met: missed.length === 0,
      load: result.loadAverage.mean,
    };
  });
}

/** The search rows with a target: each repeats one query ("search distinct", the uncached cost, is reported only). */
const SEARCH_TARGET_ENDPOINTS = new Set(["search common", "search typo", "search rare"]);

const catalogueRows = (result: BenchResult<ApiLoadData>) =>
  throughputRows(result, (e) => e.group === "catalogue", TARGETS.catalogueRatioOfCeiling, TARGETS.catalogueP99Ms);

const apiSearchRows = (result: BenchResult<ApiLoadData>) =>
  throughputRows(result, (e) => SEARCH_TARGET_ENDPOINTS.has(e.name), TARGETS.searchRatioOfCeiling, TARGETS.searchP99Ms);

/** Add to cart and the checkout flow (10 shoppers) of one API run. */
function writeRows(result: BenchResult<ApiLoadData>): TargetRow[] {
  const d = result.data;
  const kind = d.database.kind === "postgres" ? "postgres" : "pglite";
  const load = result.loadAverage.mean;
  const rows: TargetRow[] = [];
  const cart = d.endpoints.find((e) => e.group === "cart");
  if (cart) {
    const p99Ms = WRITE_TARGETS.addToCartP99Ms;
    const missed = missedParts([
      ["throughput", cart.ratioOfCeiling >= WRITE_TARGETS.addToCartRatioOfCeiling],
      ["p99", cart.load.latencyMs.p99 < p99Ms],
      ["errors", cart.errors === 0],
    ]);
    rows.push({
      target: `${cart.name} on ${d.database.kind} (${d.connections} conn.): >= 10% of ceiling, p99 < ${p99Ms} ms, 0 errors`,
      measured: `${fmt.pct(cart.ratioOfCeiling)} (${fmt.rps(cart.load.requestsPerSecond)} req/s), p99 ${fmt.ms(cart.load.latencyMs.p99)}, ${cart.errors} errors${missed.length ? ` [missed: ${missed.join(", ")}]` : ""}`,
      met: missed.length === 0,
      load,
    });
  }
  const flow = d.checkout;
  if (flow.status === "ok") {
    const limit = WRITE_TARGETS.checkoutStepP99Ms;
    const loop = d.checkoutEventLoop;
    const missed = missedParts([
      ...Object.entries(flow.stepsMs).map(([step, ms]): [string, boolean] => [`${step} p99`, ms.p99 < limit]),
      ["errors", flow.errors === 0],
    ]);
    rows.push({
      target: `checkout on ${d.database.kind} (${flow.loops} shoppers): every step's p99 < ${limit} ms, 0 errors (event loop's longest delay stated)`,
      measured: `${Object.entries(flow.stepsMs)
        .map(([step, ms]) => `${step} ${fmt.ms(ms.p99)}`)
        .join(
          ", ",
        )}; ${flow.flowsPerSecond} flows/s, ${flow.errors} errors; event loop max ${loop ? `${fmt.ms(loop.maxMs)} (busiest tick ${loop.maxTickCpuMs} ms CPU)` : "not measured"}${missed.length ? ` [missed: ${missed.join(", ")}]` : ""}`,
      met: missed.length === 0,
      load,
    });
    const cpu = d.checkoutCpu;
    const serverLimit = WRITE_TARGETS.checkoutServerCpuMsPerFlow[kind];
    const databaseLimit = kind === "postgres" ? WRITE_TARGETS.checkoutDatabaseCpuMsPerFlow : null;
    const databaseMs = cpu?.databaseMsPerFlow ?? null;
    rows.push({
      target: `checkout CPU per flow on ${d.database.kind}: server <= ${serverLimit} ms${databaseLimit === null ? "" : ` + PostgreSQL <= ${databaseLimit} ms`}`,
      measured: cpu
        ? `server ${cpu.msPerFlow} ms${databaseLimit === null ? "" : ` + PostgreSQL ${databaseMs ?? "not measured"} ms`}`
        : "not measured",
      met: cpu
        ? cpu.msPerFlow <= serverLimit &&
          (databaseLimit === null || (databaseMs !== null ? databaseMs <= databaseLimit : false))
        : undefined,
      load,
    });
  }
  return rows;
}

function searchRows(result: BenchResult<SearchScaleData>): TargetRow[] {
  const runs = result.data.runs;
  const atScale = runs.find((r) => r.database === "postgres" && r.products >= TARGETS.searchAtProducts);
  const worst = atScale?.cases.reduce((a, b) => (b.latencyMs.p95 > a.latencyMs.p95 ? b : a));
  const rows: TargetRow[] = [
    {
      target: "search p95 < 10 ms at 100k products on PostgreSQL (query mix, uncached, in process)",
      measured: atScale
        ? `p95 ${fmt.ms(atScale.overallMs.p95)} over ${atScale.products} products; slowest query "${worst?.query}" p95 ${fmt.ms(worst?.latencyMs.p95)}`
        : "not measured at 100k (run bench:search with --sizes 1k,10k,100k)",
      met: atScale ? atScale.overallMs.p95 < TARGETS.searchP95Ms : undefined,
      load: result.loadAverage.mean,
    },
  ];
  const typos = runs.flatMap((r) => r.cases.filter((c) => c.correct !== undefined).map((c) => ({ r, c })));
  const wrong = typos.filter(({ c }) => !c.correct);
  rows.push({
    target: "typo queries put the right product first (every size and database)",
    measured:
      wrong.length === 0
        ? `${typos.length} of ${typos.length} right`
        : `wrong: ${wrong.map(({ r, c }) => `"${c.query}" ${r.database} ${r.products}`).join("; ")}`,
    met: typos.length > 0 ? wrong.length === 0 : undefined,
    load: result.loadAverage.mean,
  });
  return rows;
}

function pageRows(result: BenchResult<PagesData>): TargetRow[] {
  return result.data.pages.map((p) => {
    const { scores, metrics, seoWithoutNoindex } = p.lighthouse;
    // A deliberately noindex page is scored without the audit that fails every noindex page (decision 012);
    // it must still say noindex, or the exception would hide a real miss.
    const seo = p.noindex ? seoWithoutNoindex.score : scores.seo;
    const seoOk = seo >= TARGETS.otherScores && (!p.noindex || seoWithoutNoindex.noindex);
    const missed = missedParts([
      [`performance ${scores.performance}`, scores.performance >= TARGETS.performance],
      [`accessibility ${scores.accessibility}`, scores.accessibility >= TARGETS.otherScores],
      [`best practices ${scores["best-practices"]}`, scores["best-practices"] >= TARGETS.otherScores],
      [`SEO ${seo}`, seoOk],
      [`CLS ${metrics.cls}`, metrics.cls <= TARGETS.cls],
      [`JS ${fmt.kb(p.bytes.jsGzip)}`, p.bytes.jsGzip <= TARGETS.firstLoadJsGzipBytes],
    ]);
    return {
      target: `${p.name} page${p.note ? ` (${p.note})` : ""}: perf >= ${TARGETS.performance} (host benchmarkIndex stated), a11y/bp/SEO 100${p.noindex ? " (SEO without its deliberate noindex)" : ""}, CLS 0, JS <= 130 KB gz`,
      measured: `${scores.performance}/${scores.accessibility}/${scores["best-practices"]}/${seo} at benchmarkIndex ${p.lighthouse.benchmarkIndex ?? "?"}, CLS ${metrics.cls}, JS ${fmt.kb(p.bytes.jsGzip)}${missed.length ? ` [missed: ${missed.join(", ")}]` : ""}`,
      met: missed.length === 0,
      load: result.loadAverage.mean,
    };
  });
}

/** Server renders a second and their p99, for the pages the issue names (the others are reported only). */
function renderRows(result: BenchResult<PagesData>): TargetRow[] {
  const d = result.data;
  return d.pages
    .filter((p) => (TARGETS.renderPages as readonly string[]).includes(p.name))
    .map((p) => {
      const missed = missedParts([
        ["renders/s", p.render.requestsPerSecond >= TARGETS.rendersPerSecond],
        ["p99", p.render.latencyMs.p99 < TARGETS.renderP99Ms],
        ["errors", p.render.errors === 0],
      ]);
      return {
        target: `${p.name} server render on ${d.database} (${d.renderConnections} conn.): >= ${TARGETS.rendersPerSecond}/s, p99 < ${TARGETS.renderP99Ms} ms, 0 errors`,
        measured: `${fmt.rps(p.render.requestsPerSecond)} renders/s, p99 ${fmt.ms(p.render.latencyMs.p99)}, ${p.render.errors} errors${missed.length ? ` [missed: ${missed.join(", ")}]` : ""}`,
        met: missed.length === 0,
        load: result.loadAverage.mean,
      };
    });
}

/** The store's statements per checkout flow while the shopper waits (bench/count-statements.ts). */
function statementRows(result: BenchResult<StatementsData>): TargetRow {
  const { perFlow, flows } = result.data;
  // The first flows of a fresh server also pay one-time work (lazy loads, first statements): the last one is a shop's.
  const steady = perFlow.at(-1);
  return {
    target: `store statements per checkout flow while the shopper waits, on postgres: <= ${WRITE_TARGETS.statementsPerFlow}`,
    measured: `${steady ?? "-"} in the last of ${perFlow.length} flows (all: ${perFlow.join(", ")}; by step: ${
      flows
        .at(-1)
        ?.map((s) => `${s.step} ${s.waited}`)
        .join(", ") ?? "-"
    })`,
    met: steady === undefined ? undefined : steady <= WRITE_TARGETS.statementsPerFlow,
    load: result.loadAverage.mean,
  };
}

/** The compiled server's largest RSS under the API loads and the checkout flow (bench/memory.ts). */
function memoryRows(result: BenchResult<MemoryData>): TargetRow {
  const d = result.data;
  const limit = WRITE_TARGETS.rssMaxMB[d.database.kind];
  const worst = [...d.loads, { name: "checkout", maxMB: d.checkout.maxMB }].reduce((a, b) =>
    b.maxMB > a.maxMB ? b : a,
  );
  return {
    target: `server RSS under load on ${d.database.kind} (compiled server, ${d.products} products) <= ${limit} MB`,
    measured: `max ${d.maxMB} MB during ${worst.name} (${d.idleMB} MB idle)`,
    met: d.maxMB <= limit,
    load: result.loadAverage.mean,
  };
}

export interface LatestResults {
  api: BenchResult<ApiLoadData>[];
  /** Search alone over HTTP at 100k products. */
  search100k: BenchResult<ApiLoadData>[];
  memory: BenchResult<MemoryData>[];
  search?: BenchResult<SearchScaleData>;
  statements?: BenchResult<StatementsData>;
  pages?: BenchResult<PagesData>;
}

/** The issue's targets against the latest results, met or missed, with the load average of each run. */
export function targetsTable(latest: LatestResults): string {
  const rows = [
    ...latest.api.flatMap(catalogueRows),
    ...latest.api.flatMap(apiSearchRows),
    ...latest.search100k.flatMap(apiSearchRows),
    ...latest.api.flatMap(writeRows),
    ...(latest.statements ? [statementRows(latest.statements)] : []),
    ...latest.memory.map(memoryRows),
    ...(latest.search ? searchRows(latest.search) : []),
    ...(latest.pages ? pageRows(latest.pages) : []),
    ...(latest.pages ? renderRows(latest.pages) : []),
  ];
  return markdownTable(
    ["target", "measured", "result", "load avg"],
    rows.map((r) => [r.target, r.measured, r.met === undefined ? "not measured" : fmt.mark(r.met), r.load ?? "-"]),
  );
}
