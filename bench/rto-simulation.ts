/** `npm run bench:rto -- [--orders 1000] [--seed 43] [--concurrency 4] [--products 8]` */
import "./lib/production-env";
import { FEATURE_STEPS } from "@store/server/testing/rto-simulation/features";
import { MODEL } from "@store/server/testing/rto-simulation/model";
import { simulateRun, type RunReport, type SimulationOptions } from "@store/server/testing/rto-simulation/simulation";
import { seedDemoData } from "@store/server/seed/seed";
import { startBenchServer } from "./lib/app-server";
import { cliArgs, intArg } from "./lib/args";
import { describeTarget, pgliteTarget, removePgliteData } from "./lib/database";
import { markdownTable } from "./lib/markdown";
import { recordRun, writeResult } from "./lib/results";

const USAGE = `
Simulates COD orders through the store and its courier simulator (issue 43, decision 095): once without the
RTO features, once with them, on two fresh PGlite stores (bench/.data/pglite-rto-a and -b), same seed.

  --orders N       orders per run (default 1000)
  --seed N         the model's seed (default 43): the same seed prints the same figures
  --concurrency N  shoppers served at once (default 4; the figures do not depend on it)
  --products N     products the shoppers choose among (default 8)
`;

const args = cliArgs(USAGE, {
  orders: { type: "string" },
  seed: { type: "string" },
  concurrency: { type: "string" },
  products: { type: "string" },
});
const options: SimulationOptions = {
  orders: intArg(args.orders, 1000, "orders"),
  seed: intArg(args.seed, 43, "seed"),
  concurrency: intArg(args.concurrency, 4, "concurrency"),
  products: intArg(args.products, 8, "products"),
};

interface Timed extends RunReport {
  seconds: number;
  database: string;
}

/** One run on a fresh store with the demo catalogue. */
async function run(name: "a" | "b", features: typeof FEATURE_STEPS | null): Promise<Timed> {
  const target = pgliteTarget(`rto-${name}`);
  removePgliteData(target);
  const server = await startBenchServer({ database: target, ssr: "none" });
  const started = performance.now();
  try {
    await seedDemoData(server.app.database.db);
    const log = (line: string) => console.log(`bench:rto: run ${name.toUpperCase()}: ${line}`);
    const report = await simulateRun(server.app, { ...options, log }, features);
    console.log(`bench:rto: run ${name.toUpperCase()} done in ${Math.round((performance.now() - started) / 1000)} s`);
    return { ...report, seconds: Math.round((performance.now() - started) / 1000), database: describeTarget(target) };
  } finally {
    await server.app.services.shipping.gateway.simulator?.settled();
    await server.close();
  }
}

const rupees = (minor: number) => `₹${Math.round(minor / 100).toLocaleString("en-IN")}`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const signed = (n: number, show: (n: number) => string = String) =>
  n > 0 ? `+${show(n)}` : n < 0 ? `-${show(-n)}` : show(0);

function table(a: Timed, b: Timed): string {
  const row = (label: string, pick: (r: Timed) => number, show: (n: number) => string = String) => [
    label,
    show(pick(a)),
    show(pick(b)),
    signed(pick(b) - pick(a), show),
  ];
  const pp = (n: number) => `${(n * 100).toFixed(1)} pt`;
  return markdownTable(
    ["", "A: without features", "B: with features", "B minus A"],
    [
      row("shoppers", (r) => r.shoppers),
      row("orders placed", (r) => r.ordersPlaced),
      row("lost sales (left at the COD rules)", (r) => r.lostSales),
      row("COD orders converted to prepaid by the nudge (store's figures)", (r) => r.convertedByNudge),
      row("paid by card where COD was refused", (r) => r.prepaidAtCheckout),
      row("COD with an advance paid", (r) => r.advancePaid),
      row("address checks sent", (r) => r.addressChecksSent),
      row("addresses corrected", (r) => r.addressesCorrected),
      row("failed first attempts (NDR)", (r) => r.failedFirstAttempts),
      row("NDRs answered by the shopper", (r) => r.ndrAnswered),
      row("delivered (store's report)", (r) => r.store.delivered),
      row("RTO (store's report)", (r) => r.store.rto),
      [
        "RTO rate (store's report)",
        percent(a.store.rtoRate),
        percent(b.store.rtoRate),
        signed(b.store.rtoRate - a.store.rtoRate, pp),
      ],
      row("freight lost (store's report)", (r) => r.store.freightLostMinor, rupees),
      row("RTOs without reported freight", (r) => r.store.freightUnknown),
      row("wall time (s)", (r) => r.seconds),
    ],
  );
}

const result = await recordRun("rto-simulation", { ...options }, async () => {
  const a = await run("a", null);
  const b = await run("b", FEATURE_STEPS);
  return { a, b, model: { ...MODEL, rtoByDays: "22% at 1-2 days, 27% at 3-5, 35% after 5" } };
});
const { a, b } = result.data;
console.log(`\n${table(a, b)}\n`);
const missing = Object.entries(b.wired)
  .filter(([, on]) => !on)
  .map(([step]) => step);
if (missing.length > 0) console.log(`Run B left out (not in the store yet): ${missing.join(", ")}.`);
console.log(`bench:rto: wrote ${writeResult(result)}`);
