/**
 * `npm run bench:cluster`: one, two and three replicas of the built server on one PostgreSQL database and
 * the local Redis (the cluster ring's setup, apps/server/src/testing/cluster): requests per second of
 * catalogue reads and add-to-cart as the replicas grow, and how long a price change made on one replica
 * takes to show on the others (p50, p99). A perfect load balancer is modelled by one load generator per
 * replica, the connections split evenly, their rates added.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freshDatabase, whatIsMissing } from "@store/server/testing/cluster/prerequisites";
import {
  createAdmin,
  missingBuild,
  replicaEnvironment,
  startReplica,
  stopReplica,
  waitReady,
  type Replica,
} from "@store/server/testing/cluster/replicas";
import { call } from "@store/server/testing/cluster/shop";
import { cliArgs, intArg } from "./lib/args";
import { BROWSER_ACCEPT_ENCODING, errorCount, runLoad, type LoadRequest } from "./lib/load";
import { markdownTable } from "./lib/markdown";
import { recordRun, writeResult } from "./lib/results";
import { summarize, type LatencySummary } from "./lib/stats";

const args = cliArgs(
  `
npm run bench:cluster -- [--duration 10] [--connections 50] [--changes 40]
  --duration      seconds per measurement (default 10, after a 2 s warm-up)
  --connections   connections in all, split over the replicas (default 50)
  --changes       price changes timed across replicas (default 40)
PostgreSQL: CLUSTER_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); Redis: REDIS_TEST_URL.
`,
  { duration: { type: "string" }, connections: { type: "string" }, changes: { type: "string" } },
);
const durationSeconds = intArg(args.duration, 10, "duration");
const connections = intArg(args.connections, 50, "connections");
const changes = intArg(args.changes, 40, "changes");

const NOTE =
  "One load generator per replica models a perfect balancer. On the two-core machine the replicas, PostgreSQL, Redis and the load generators share two cores, so more replicas add processes, not CPU.";

interface Measured {
  replicas: number;
  endpoint: string;
  requestsPerSecond: number;
  perReplica: number[];
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface ClusterBenchData {
  throughput: Measured[];
  /** From the seller's change answered on A to the new price served by B (and by C). */
  invalidationMs: LatencySummary;
  note: string;
}

const missing = (await whatIsMissing()) ?? missingBuild();
if (missing) {
  console.error(`bench:cluster cannot run: ${missing}.`);
  process.exit(1);
}

const database = await freshDatabase();
const dataDir = mkdtempSync(join(tmpdir(), "store-bench-cluster-"));
const sql = new pg.Pool({ connectionString: database.url, max: 2 });
const env = replicaEnvironment(database.url, dataDir, {
  // The load comes from one address; the limits have their own tests.
  RATE_LIMIT_MAX: "100000000",
  AUTH_RATE_LIMIT_MAX: "100000",
  DRAIN_SECONDS: "0",
});
const replicas: Replica[] = await Promise.all(["A", "B", "C"].map((name) => startReplica(name, env)));

try {
  await Promise.all(replicas.map((r) => waitReady(r)));
  const result = await recordRun("cluster", { durationSeconds, connections, changes }, async () => {
    const ids = (
      await sql.query<{ id: number }>(
        `select p.id from products p join product_variants v on v.product_id = p.id
         where p.is_active and v.size = 'S' and v.offered order by p.id limit 64`,
      )
    ).rows.map((r) => r.id);
    const detailRequests: LoadRequest[] = ids.map((id) => ({
      path: `/api/get-product-detail/?product_pk=${id}&size=S&currency=USD`,
    }));
    const cartRequests = await Promise.all(
      ids.slice(0, 16).map(async (id): Promise<LoadRequest> => {
        const { body } = await call<{ data: { offer_price: number; mrp: number } }>(
          replicas[0]!.origin,
          "GET",
          `/api/get-product-detail/?product_pk=${id}&size=S&currency=USD`,
        );
        return {
          method: "POST",
          path: "/api/cart-items/",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            product_pk: id,
            size: "S",
            quantity: 1,
            offer_price: body.data.offer_price,
            mrp: body.data.mrp,
            is_direct_buy: false,
            cart_id: null,
            currency: "USD",
          }),
        };
      }),
    );

    const throughput: Measured[] = [];
    for (const [endpoint, requests] of [
      ["product detail", detailRequests],
      ["add to cart", cartRequests],
    ] as const) {
      for (const n of [1, 2, 3]) {
        const runs = await Promise.all(
          replicas.slice(0, n).map((replica) =>
            runLoad({
              origin: replica.origin,
              requests,
              connections: Math.max(1, Math.round(connections / n)),
              durationSeconds,
              warmupSeconds: 2,
              timeoutSeconds: 10,
              headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
            }),
          ),
        );
        const measured: Measured = {
          replicas: n,
          endpoint,
          requestsPerSecond: Math.round(runs.reduce((sum, r) => sum + r.requestsPerSecond, 0)),
          perReplica: runs.map((r) => Math.round(r.requestsPerSecond)),
          p50Ms: Math.max(...runs.map((r) => r.latencyMs.p50)),
          p99Ms: Math.max(...runs.map((r) => r.latencyMs.p99)),
          errors: runs.reduce((sum, r) => sum + errorCount(r), 0),
        };
        throughput.push(measured);
        console.log(`${endpoint}, ${n} replica(s): ${measured.requestsPerSecond} req/s`);
      }
    }
    return { throughput, invalidationMs: await invalidationDelays(ids[0]!), note: NOTE };
  });
  writeResult(result);
  const rows = result.data.throughput.map((m) => [
    m.endpoint,
    m.replicas,
    m.requestsPerSecond,
    m.perReplica.join(" + "),
    m.p50Ms,
    m.p99Ms,
    m.errors,
  ]);
  console.log(
    `\n${markdownTable(["endpoint", "replicas", "req/s", "per replica", "p50 ms", "p99 ms", "errors"], rows)}`,
  );
  const d = result.data.invalidationMs;
  console.log(`\ncross-replica invalidation (${d.n} readings): p50 ${d.p50} ms, p99 ${d.p99} ms, max ${d.max} ms`);
} finally {
  await Promise.all(replicas.map(stopReplica));
  await sql.end();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** The seller changes a price on A; B and C are read every 2 ms until both serve it. */
async function invalidationDelays(productId: number): Promise<LatencySummary> {
  const email = "bench-seller@cluster.test";
  const password = `bench-${randomBytes(6).toString("hex")}`;
  createAdmin(database.url, email, password);
  const [a, b, c] = replicas.map((r) => r.origin) as [string, string, string];
  const { body } = await call<{ token: string }>(a, "POST", "/api/login/", { email, password });
  const samples: number[] = [];
  for (let i = 0; i < changes; i++) {
    const price = 40 + i;
    const read = (origin: string) =>
      call<{ data: { offer_price: number } }>(
        origin,
        "GET",
        `/api/get-product-detail/?product_pk=${productId}&size=S&currency=USD`,
      );
    await Promise.all([read(b), read(c)]); // cached with the old price
    const changed = await call(
      a,
      "PATCH",
      `/api/admin/products/${productId}`,
      { sizes: [{ size: "S", offer_price: price }] },
      { token: body.token },
    );
    if (changed.status !== 200) throw new Error(`price change refused: ${JSON.stringify(changed.body)}`);
    const answeredAt = performance.now();
    await Promise.all(
      [b, c].map(async (origin) => {
        while ((await read(origin)).body.data.offer_price !== price) await new Promise((r) => setTimeout(r, 2));
        samples.push(performance.now() - answeredAt);
      }),
    );
  }
  return summarize(samples);
}
