/**
 * bench:peer's results as they are printed and saved: each database's table of loads and checkouts, and
 * issue 46's targets met or missed (decision 106).
 */
import { errorCount, type LoadResult } from "./load";
import { fmt, markdownTable } from "./markdown";
import type { LoadAverage } from "./results";
import type { LoopReport } from "./shopper-loop";

export type Kind = "embedded" | "postgres";
export type SideName = "ours" | "vendure";
export const ROWS = ["product list of 12", "product detail", "search", "add to cart"] as const;
export type Row = (typeof ROWS)[number];

export type PeerFlowReport = LoopReport<string>;

export interface Checkout extends PeerFlowReport {
  serverCpuMsPerFlow: number;
  /** PostgreSQL backends' CPU per flow (null on the embedded databases, whose work is the server's). */
  databaseCpuMsPerFlow: number | null;
  /** Our card provider's simulator, in its own process: not the store's work (null for Vendure's in-server dummy). */
  providerCpuMsPerFlow: number | null;
}

export interface KindResult {
  kind: Kind;
  activeProducts: Record<SideName, number>;
  databases: Record<SideName, string>;
  rows: { row: Row; notes: Record<SideName, string>; loads: Record<SideName, LoadResult> }[];
  checkout: Record<SideName, Checkout>;
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : Number.NaN);
const x = (n: number) => (Number.isNaN(n) ? "-" : `${n.toFixed(n < 10 ? 2 : 1)}x`);

function table(k: KindResult): string {
  const loads = markdownTable(
    ["row", "ours req/s", "ours p99", "Vendure req/s", "Vendure p99", "ours/Vendure", "errors (ours/Vendure)"],
    k.rows.map(({ row, loads: l }) => [
      row,
      fmt.rps(l.ours.requestsPerSecond),
      fmt.ms(l.ours.latencyMs.p99),
      fmt.rps(l.vendure.requestsPerSecond),
      fmt.ms(l.vendure.latencyMs.p99),
      x(ratio(l.ours.requestsPerSecond, l.vendure.requestsPerSecond)),
      `${errorCount(l.ours)}/${errorCount(l.vendure)}`,
    ]),
  );
  const steps = (c: Checkout) =>
    Object.entries(c.stepsMs)
      .map(([name, s]) => `${name} ${fmt.ms(s.p99)}`)
      .join(", ");
  const checkout = markdownTable(
    [
      "checkout",
      "flows/s",
      "flow p95",
      "steps p99",
      "server CPU/flow",
      "PostgreSQL CPU/flow",
      "provider CPU/flow",
      "errors",
    ],
    (["ours", "vendure"] as const).map((name) => {
      const c = k.checkout[name];
      return [
        name === "ours" ? "ours" : "Vendure",
        c.flowsPerSecond,
        fmt.ms(c.latencyMs.p95),
        steps(c),
        fmt.ms(c.serverCpuMsPerFlow),
        c.databaseCpuMsPerFlow === null ? "-" : fmt.ms(c.databaseCpuMsPerFlow),
        c.providerCpuMsPerFlow === null ? "-" : fmt.ms(c.providerCpuMsPerFlow),
        c.errors ? `${c.errors} (${c.errorSamples[0] ?? ""})` : 0,
      ];
    }),
  );
  return [
    `### ${k.kind === "embedded" ? "Embedded" : "PostgreSQL"}: ours on ${k.databases.ours}, Vendure on ${k.databases.vendure}`,
    `Active products: ours ${k.activeProducts.ours}, Vendure ${k.activeProducts.vendure}.`,
    "",
    loads,
    "",
    checkout,
  ].join("\n");
}

export interface Target {
  target: string;
  value: string;
  met: boolean;
}

export function targets(k: KindResult): Target[] {
  const o = k.checkout.ours;
  const v = k.checkout.vendure;
  const embedded = k.kind === "embedded";
  const flows = ratio(o.flowsPerSecond, v.flowsPerSecond);
  const list: Target[] = [
    { target: `checkout >= ${embedded ? 3 : 6}x Vendure's flows/s`, value: x(flows), met: flows >= (embedded ? 3 : 6) },
    {
      target: "ours flow p95 < 1/3 of Vendure's",
      value: `${fmt.ms(o.latencyMs.p95)} vs ${fmt.ms(v.latencyMs.p95)}`,
      met: o.latencyMs.p95 < v.latencyMs.p95 / 3,
    },
  ];
  for (const { row, loads } of k.rows.filter((r) => r.row !== "add to cart")) {
    const r = ratio(loads.ours.requestsPerSecond, loads.vendure.requestsPerSecond);
    // A Vendure load with no answer inside the window has no ratio: said so, not counted as met.
    const value = loads.vendure.completed === 0 ? "no Vendure answer within the run" : x(r);
    list.push({ target: `${row} >= 20x Vendure's req/s`, value, met: r >= 20 });
  }
  const add = k.rows.find((r) => r.row === "add to cart")!.loads.ours.latencyMs.p99;
  list.push({ target: "ours add to cart p99 < 50 ms", value: fmt.ms(add), met: add < 50 });
  const worst = Math.max(...Object.values(o.stepsMs).map((s) => s.p99));
  list.push({ target: "ours every checkout step p99 < 250 ms", value: fmt.ms(worst), met: worst < 250 });
  if (embedded)
    list.push({
      target: "ours server CPU <= 25 ms per flow",
      value: fmt.ms(o.serverCpuMsPerFlow),
      met: o.serverCpuMsPerFlow <= 25,
    });
  else
    list.push({
      target: "ours server CPU <= 20 ms + PostgreSQL CPU <= 8 ms per flow",
      value: `${fmt.ms(o.serverCpuMsPerFlow)} + ${fmt.ms(o.databaseCpuMsPerFlow)}`,
      met: o.serverCpuMsPerFlow <= 20 && (o.databaseCpuMsPerFlow ?? Infinity) <= 8,
    });
  return list.map((t) => ({ ...t, target: `${k.kind}: ${t.target}` }));
}

export function report(kinds: KindResult[], load: LoadAverage): string {
  const all = kinds.flatMap(targets);
  return [
    ...kinds.map(table),
    "",
    `### Targets (load average during the run: mean ${load.mean}, max ${load.max})`,
    markdownTable(
      ["target", "value", ""],
      all.map((t) => [t.target, t.value, fmt.mark(t.met)]),
    ),
  ].join("\n");
}
