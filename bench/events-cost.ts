/**
 * `npm run bench:events -- [--products N] [--duration S] [--connections N]`
 * The seller's numbers on the request path (decision 105): the product detail read alone, then the same read
 * while browsers' event batches arrive at a shop's worst rate and beyond, then the events alone. The read's
 * req/s and p99 with and without the events show what the beacon costs a read target.
 */
import "./lib/production-env";
import { numbersEvents } from "@store/server/schema";
import { count } from "drizzle-orm";
import { EVENTS_BATCH, scenarioInputs } from "./api-scenarios";
import { startBenchServer } from "./lib/app-server";
import { cliArgs, intArg } from "./lib/args";
import { ensureTarget, openBenchDatabase, pgliteTarget } from "./lib/database";
import { errorCount, runLoad, type LoadRequest, type LoadResult, type LoadSpec } from "./lib/load";
import { fmt, markdownTable } from "./lib/markdown";
import { recordRun, writeResult } from "./lib/results";
import { fillCatalogue } from "./seed/fill-catalogue";

const args = cliArgs(
  "events cost: --products N (2000) --duration S (8) --connections N (40) --event-connections N (10)",
  {
    products: { type: "string" },
    duration: { type: "string" },
    connections: { type: "string" },
    "event-connections": { type: "string" },
  },
);
const options = {
  products: intArg(args.products, 2000, "products"),
  durationSeconds: intArg(args.duration, 8, "duration"),
  connections: intArg(args.connections, 40, "connections"),
  eventConnections: intArg(args["event-connections"], 10, "event-connections"),
};
const target = pgliteTarget("events");

interface Run {
  name: string;
  read: LoadResult | null;
  events: LoadResult | null;
}

const result = await recordRun("events-cost", options, async () => {
  await ensureTarget(target);
  const seeding = await openBenchDatabase(target);
  await fillCatalogue(seeding.db, { products: options.products, log: console.log }).finally(() => seeding.close());
  const server = await startBenchServer({ database: target, ssr: "none" });
  try {
    const { detailIds } = await scenarioInputs(server.app.database.db);
    const reads: LoadRequest[] = detailIds.map((id) => ({ path: `/api/get-product-detail/?product_pk=${id}&size=S` }));
    const base: Omit<LoadSpec, "requests" | "connections"> = {
      origin: server.origin,
      durationSeconds: options.durationSeconds,
      warmupSeconds: 2,
      timeoutSeconds: 10,
      headers: { "accept-encoding": "gzip, deflate, br" },
    };
    const read = () => runLoad({ ...base, requests: reads, connections: options.connections });
    const events = () => runLoad({ ...base, requests: [EVENTS_BATCH], connections: options.eventConnections });
    const runs: Run[] = [];
    const step = async (name: string, body: () => Promise<Omit<Run, "name">>) => {
      await server.settle();
      console.log(`bench:events: ${name}`);
      runs.push({ name, ...(await body()) });
    };
    await step("product detail alone", async () => ({ read: await read(), events: null }));
    await step("product detail with events", async () => {
      const [r, e] = await Promise.all([read(), events()]);
      return { read: r, events: e };
    });
    await step("events alone", async () => ({ read: null, events: await events() }));
    await step("product detail alone, again", async () => ({ read: await read(), events: null }));
    await server.app.services.numbers.flush();
    const [stored] = await server.app.database.db.select({ n: count() }).from(numbersEvents);
    return { runs, eventsStored: stored?.n ?? 0 };
  } finally {
    await server.close();
  }
});

console.log(`bench:events: wrote ${writeResult(result)}`);
const cell = (load: LoadResult | null, what: "rps" | "p99" | "errors") =>
  load === null
    ? "-"
    : what === "rps"
      ? fmt.rps(load.requestsPerSecond)
      : what === "p99"
        ? fmt.ms(load.latencyMs.p99)
        : errorCount(load);
console.log(
  markdownTable(
    ["run", "detail req/s", "detail p99", "events req/s", "events p99", "errors"],
    result.data.runs.map((r) => [
      r.name,
      cell(r.read, "rps"),
      cell(r.read, "p99"),
      cell(r.events, "rps"),
      cell(r.events, "p99"),
      (r.read ? errorCount(r.read) : 0) + (r.events ? errorCount(r.events) : 0),
    ]),
  ),
);
console.log(`events stored: ${result.data.eventsStored}`);
