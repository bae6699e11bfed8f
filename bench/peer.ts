/**
 * `npm run bench:peer`: the store against Vendure (decision 106) on the same machine in one run. Reads,
 * search and guest add to cart under the same load generator, then a card checkout loop at 10 shoppers
 * with each server's CPU (and PostgreSQL's) per flow; both servers in child processes of their own.
 */
import "./lib/production-env";
import type { DatabaseConfig } from "@store/server/config";
import { openDatabase } from "@store/server/db/client";
import { products } from "@store/server/schema";
import { count, eq } from "drizzle-orm";
import { fileURLToPath } from "node:url";
import { scenarioInputs } from "./api-scenarios";
import { checkoutFlow, flowProducts, stockFlowProducts, type FlowProduct } from "./checkout-flow";
import { cliArgs, intArg, stringArg } from "./lib/args";
import { runChildJson } from "./lib/child-json";
import {
  benchDataDir,
  DEFAULT_POSTGRES_URL,
  openBenchDatabase,
  postgresTarget,
  removePgliteData,
} from "./lib/database";
import { addToNewCart } from "./lib/flow-requests";
import { BROWSER_ACCEPT_ENCODING, runLoad, type LoadRequest, type LoadResult } from "./lib/load";
import { ensureVendureInstall, VENDURE_VERSION, type PeerInstall } from "./lib/peer-install";
import { backendCpu, cpuSince, processCpuMs } from "./lib/proc-cpu";
import { freePort } from "./lib/free-port";
import { startProviderChild, type ProviderChild, type ProviderEndpoint } from "./lib/provider-child";
import { recordRun, writeResult } from "./lib/results";
import {
  report,
  ROWS,
  targets,
  type Checkout,
  type Kind,
  type KindResult,
  type PeerFlowReport,
  type Row,
  type SideName,
  type Target,
} from "./lib/peer-report";
import { COMMON_CASE } from "./lib/search-cases";
import { settleOverHttp, startJsonLineChild, startServerChild, type ServerChild } from "./lib/server-child";
import {
  ADD_ITEM,
  CATALOGUE,
  DETAIL,
  gql,
  LISTING,
  PAYMENT_METHODS,
  SEARCH,
  SET_ADDRESS,
  SET_CUSTOMER,
  SHIPPING_METHODS,
  shopRequest,
  type VendureFlowSpec,
} from "./lib/vendure-shop";
import { fillCatalogue } from "./seed/fill-catalogue";

const usage = `
The store against Vendure ${VENDURE_VERSION} (installed once into bench/.data/peer), one run, same loads.
  --duration S          seconds per read, search and add-to-cart load, 50 connections (default 15)
  --checkout-seconds S  seconds of the checkout loop, 10 shoppers (default 30)
  --only KIND           embedded (PGlite / SQLite) or postgres (default both)
  --postgres-url URL    the PostgreSQL server's admin database (default ${DEFAULT_POSTGRES_URL})
`;
const args = cliArgs(usage, {
  duration: { type: "string" },
  "checkout-seconds": { type: "string" },
  only: { type: "string" },
  "postgres-url": { type: "string" },
});
const only = stringArg(args.only);
if (only && only !== "embedded" && only !== "postgres") throw new Error("--only must be embedded or postgres");
const options = {
  durationSeconds: intArg(args.duration, 15, "duration"),
  checkoutSeconds: intArg(args["checkout-seconds"], 30, "checkout-seconds"),
  kinds: (only ? [only] : ["embedded", "postgres"]) as Kind[],
  postgresUrl: stringArg(args["postgres-url"]) ?? DEFAULT_POSTGRES_URL,
  connections: 50,
  shoppers: 10,
  warmupSeconds: 2,
};

interface Side {
  name: SideName;
  database: string;
  server: ServerChild;
  requests: Record<Row, LoadRequest[]>;
  rowNotes: Record<Row, string>;
  runCheckout(seconds: number, warmupSeconds: number): Promise<PeerFlowReport>;
  /** The PostgreSQL backends of this side's database (null when embedded). */
  backends: (() => Promise<Map<number, number>>) | null;
  /** Our card provider's simulator, in its own process (Vendure's dummy payment handler is in its server). */
  provider?: ProviderChild;
}

const log = (line: string) => console.log(line);
const peerDir = `${benchDataDir}peer/`;
const runner = fileURLToPath(new URL("./lib/vendure-flow-runner.ts", import.meta.url));

/** Seeds the store's demo catalogue into a fresh database and starts the API server on it in a child process. */
async function startOurs(kind: Kind): Promise<{ side: Side; activeProducts: number }> {
  const target: DatabaseConfig =
    kind === "embedded"
      ? { kind: "pglite", dataDir: `${peerDir}pglite-ours` }
      : await postgresTarget(options.postgresUrl, "bench_peer_ours", true);
  removePgliteData(target);
  const database = await openBenchDatabase(target);
  let activeProducts: number;
  let inputs: Awaited<ReturnType<typeof scenarioInputs>>;
  try {
    // The demo catalogue alone (~165 products), the catalogue Vendure's side is padded to.
    await fillCatalogue(database.db, { products: 1, log: () => undefined });
    const [row] = await database.db.select({ n: count() }).from(products).where(eq(products.isActive, true));
    activeProducts = row?.n ?? 0;
    inputs = await scenarioInputs(database.db);
    await stockFlowProducts(database.db, inputs.cartIds);
  } finally {
    await database.close();
  }
  // The card provider's simulator runs in its own process, as another company's server would.
  const port = await freePort();
  const provider = await startProviderChild(`http://127.0.0.1:${port}`);
  const where = target.kind === "pglite" ? ["--data-dir", target.dataDir!] : ["--database-url", target.url];
  const endpoint: ProviderEndpoint = { origin: provider.origin, razorpay: provider.razorpay };
  const server = await startServerChild([
    "--api",
    ...where,
    "--port",
    String(port),
    "--provider",
    JSON.stringify(endpoint),
  ]).catch((error: unknown) => {
    void provider.stop();
    throw error;
  });
  const priceOf = async (id: number, currency: "INR" | "USD") => {
    const response = await fetch(
      `${server.origin}/api/get-product-detail/?product_pk=${id}&size=S&currency=${currency}`,
    );
    if (!response.ok) throw new Error(`product ${id}: ${response.status}`);
    return ((await response.json()) as { data: { offer_price: number; mrp: number } }).data;
  };
  const flow: FlowProduct[] = await flowProducts(inputs.cartIds, priceOf);
  const post = (body: unknown): LoadRequest => ({
    method: "POST",
    path: "/api/cart-items/",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const side: Side = {
    name: "ours",
    database: target.kind === "pglite" ? "PGlite" : "PostgreSQL bench_peer_ours",
    server,
    requests: {
      "product list of 12": [{ path: "/api/get-all-products/?category_pk=1&page=1" }],
      "product detail": inputs.detailIds.map((id) => ({ path: `/api/get-product-detail/?product_pk=${id}&size=S` })),
      search: [{ path: `/api/search?query=${encodeURIComponent(COMMON_CASE.query)}` }],
      "add to cart": flow.map((product) => post(addToNewCart(product))),
    },
    rowNotes: {
      "product list of 12": "first page of the Women category",
      "product detail": `${inputs.detailIds.length} products in turn`,
      search: `"${COMMON_CASE.query}"`,
      "add to cart": `new guest cart per request, ${flow.length} products in turn`,
    },
    runCheckout: async (seconds, warmupSeconds) => {
      const result = await checkoutFlow(server.origin, provider.origin, {
        loops: options.shoppers,
        durationSeconds: seconds,
        warmupSeconds,
        products: flow,
        acceptEncoding: BROWSER_ACCEPT_ENCODING,
      });
      if (result.status !== "ok") throw new Error(`our checkout: ${result.reason}`);
      return result;
    },
    backends: target.kind === "postgres" ? () => backendsOf("bench_peer_ours") : null,
    provider,
  };
  return { side, activeProducts };
}

/** PostgreSQL backends of a database, read through the server's admin database (that connection is not counted). */
async function backendsOf(name: string): Promise<Map<number, number>> {
  const admin = await openDatabase({ kind: "postgres", url: options.postgresUrl });
  try {
    return await backendCpu(admin.db, name);
  } finally {
    await admin.close();
  }
}

/** Loads Vendure's sample catalogue (padded to `activeProducts`) into a fresh database and starts its server. */
async function startVendure(kind: Kind, install: PeerInstall, activeProducts: number) {
  const db =
    kind === "embedded"
      ? { kind: "sqlite", file: `${peerDir}vendure.sqlite` }
      : { kind: "postgres", url: postgresUrlOf(await postgresTarget(options.postgresUrl, "bench_peer_vendure", true)) };
  if (kind === "embedded") removeFile(`${peerDir}vendure.sqlite`);
  const port = await freePort();
  const setup = await runChildJson<{ products: number }>(
    `${install.dir}setup.mjs`,
    { db, port, assetsDir: install.assetsDir, workDir: install.dir, products: activeProducts, stock: 10_000_000 },
    600_000,
    undefined,
    install.node,
  );
  const server = await startJsonLineChild(
    [`${install.dir}server.mjs`, JSON.stringify({ db, port })],
    install.dir,
    "production",
    install.node,
  );
  const origin = server.origin;
  const catalogue = await gql<{ products: { items: { slug: string; variants: { id: string }[] }[] } }>(
    origin,
    CATALOGUE,
  );
  const items = catalogue.data.products.items;
  const step = Math.max(1, Math.floor(items.length / 64));
  const detail = items.filter((_, i) => i % step === 0).slice(0, 64);
  const variantIds = detail.filter((_, i) => i % 4 === 0).map((p) => p.variants[0]!.id);
  const spec = await vendureFlowSpec(origin, variantIds);
  const side: Side = {
    name: "vendure",
    database: kind === "embedded" ? "SQLite (better-sqlite3)" : "PostgreSQL bench_peer_vendure",
    server,
    requests: {
      "product list of 12": [shopRequest(LISTING, { slug: "electronics" })],
      "product detail": detail.map((p) => shopRequest(DETAIL, { slug: p.slug })),
      search: [shopRequest(SEARCH, { term: "camera" })],
      "add to cart": variantIds.map((id) => shopRequest(ADD_ITEM, { id })),
    },
    rowNotes: {
      "product list of 12": "search index, Electronics collection",
      "product detail": `${detail.length} products in turn`,
      search: `"camera"`,
      "add to cart": `no session token: new guest order per request, ${variantIds.length} variants in turn`,
    },
    runCheckout: (seconds, warmupSeconds) =>
      runChildJson<PeerFlowReport>(
        runner,
        { ...spec, durationSeconds: seconds, warmupSeconds },
        (seconds + warmupSeconds + 60) * 1000,
      ),
    backends: kind === "postgres" ? () => backendsOf("bench_peer_vendure") : null,
  };
  return { side, activeProducts: setup.products };
}

function postgresUrlOf(target: DatabaseConfig): string {
  if (target.kind !== "postgres") throw new Error("expected a PostgreSQL target");
  return target.url;
}

function removeFile(path: string): void {
  removePgliteData({ kind: "pglite", dataDir: path });
}

/** The shipping and payment method a guest order can use, found with one order of a throw-away session. */
async function vendureFlowSpec(origin: string, variantIds: string[]): Promise<VendureFlowSpec> {
  const customer = { emailAddress: "bench@example.com", firstName: "Bench", lastName: "Shopper" };
  const address = {
    fullName: "Bench Shopper",
    streetLine1: "1 High Street",
    city: "London",
    postalCode: "N1 9GU",
    countryCode: "GB",
  };
  const { token } = await gql(origin, ADD_ITEM, { id: variantIds[0] });
  await gql(origin, SET_CUSTOMER, { input: customer }, token);
  await gql(origin, SET_ADDRESS, { input: address }, token);
  const shipping = await gql<{ eligibleShippingMethods: { id: string }[] }>(origin, SHIPPING_METHODS, {}, token);
  const payment = await gql<{ eligiblePaymentMethods: { code: string; isEligible: boolean }[] }>(
    origin,
    PAYMENT_METHODS,
    {},
    token,
  );
  const shippingMethodId = shipping.data.eligibleShippingMethods[0]?.id;
  const paymentMethodCode = payment.data.eligiblePaymentMethods.find((m) => m.isEligible)?.code;
  if (!shippingMethodId || !paymentMethodCode) throw new Error("Vendure offers no shipping or payment method");
  return {
    origin,
    loops: options.shoppers,
    durationSeconds: 0,
    warmupSeconds: 0,
    timeoutSeconds: 10,
    variantIds,
    shippingMethodId,
    paymentMethodCode,
    customer,
    address,
  };
}

/** Every distinct request once, before any load: a GraphQL error answers 200, which autocannon counts as success. */
async function preflight(side: Side): Promise<void> {
  for (const row of ROWS)
    for (const request of side.requests[row].slice(0, 3)) {
      const response = await fetch(`${side.server.origin}${request.path}`, {
        method: request.method ?? "GET",
        headers: request.headers,
        body: request.body,
      });
      const text = await response.text();
      if (!response.ok || /"errors":|"errorCode":/.test(text))
        throw new Error(`${side.name} ${row}: ${response.status} ${text.slice(0, 300)}`);
    }
}

async function measureCheckout(side: Side): Promise<Checkout> {
  await settleOverHttp(side.server.origin).catch(() => undefined);
  // An unrecorded warm-up first, then the measured loop with the CPU around it alone.
  await side.runCheckout(options.warmupSeconds, 0);
  const backendsBefore = side.backends ? await side.backends() : null;
  const cpuMs = (pid: number | undefined) => (pid === undefined ? Number.NaN : (processCpuMs(pid) ?? Number.NaN));
  const cpuBefore = cpuMs(side.server.pid);
  const providerBefore = cpuMs(side.provider?.pid);
  const report = await side.runCheckout(options.checkoutSeconds, 0);
  const serverMs = cpuMs(side.server.pid) - cpuBefore;
  const providerMs = cpuMs(side.provider?.pid) - providerBefore;
  const databaseMs = backendsBefore && side.backends ? cpuSince(backendsBefore, await side.backends()) : null;
  const per = (ms: number) => Math.round((ms / Math.max(1, report.completed)) * 10) / 10;
  return {
    ...report,
    serverCpuMsPerFlow: per(serverMs),
    databaseCpuMsPerFlow: databaseMs === null ? null : per(databaseMs),
    providerCpuMsPerFlow: side.provider ? per(providerMs) : null,
  };
}

async function runKind(kind: Kind, install: PeerInstall): Promise<KindResult> {
  log(`bench:peer: ${kind}: seeding both sides`);
  const ours = await startOurs(kind);
  let vendure: Awaited<ReturnType<typeof startVendure>> | undefined;
  try {
    vendure = await startVendure(kind, install, ours.activeProducts);
    const sides = [ours.side, vendure.side];
    for (const side of sides) await preflight(side);
    const rows: KindResult["rows"] = [];
    for (const row of ROWS) {
      const loads = {} as Record<SideName, LoadResult>;
      // Alternating sides row by row, so a change in the machine's load falls on both.
      for (const side of sides) {
        log(
          `bench:peer: ${kind} ${row}: ${side.name} (${options.durationSeconds} s, ${options.connections} connections)`,
        );
        await settleOverHttp(side.server.origin).catch(() => undefined);
        loads[side.name] = await runLoad({
          origin: side.server.origin,
          requests: side.requests[row],
          connections: options.connections,
          durationSeconds: options.durationSeconds,
          warmupSeconds: options.warmupSeconds,
          timeoutSeconds: 10,
          headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING },
        });
      }
      rows.push({ row, loads, notes: { ours: ours.side.rowNotes[row], vendure: vendure.side.rowNotes[row] } });
    }
    const checkout = {} as Record<SideName, Checkout>;
    for (const side of sides) {
      log(`bench:peer: ${kind} checkout: ${side.name} (${options.shoppers} shoppers, ${options.checkoutSeconds} s)`);
      checkout[side.name] = await measureCheckout(side);
    }
    return {
      kind,
      activeProducts: { ours: ours.activeProducts, vendure: vendure.activeProducts },
      databases: { ours: ours.side.database, vendure: vendure.side.database },
      rows,
      checkout,
    };
  } finally {
    await ours.side.provider?.stop();
    ours.side.server.stop();
    vendure?.side.server.stop();
  }
}

const install = ensureVendureInstall(log);
// A run of one database kind is saved apart and does not replace the complete run's peer.json.
const resultName = options.kinds.length === 2 ? "peer" : `peer-${options.kinds[0]}-partial`;
// Ours runs on this Node (22, the deployed runtime); Vendure on the machine's own (peer-install.ts says why).
const runtimes = { vendure: VENDURE_VERSION, oursNode: process.version, vendureNode: install.node.version };
log(`bench:peer: ours on Node ${runtimes.oursNode}, Vendure on Node ${runtimes.vendureNode}`);
const result = await recordRun(resultName, { ...options, ...runtimes }, async () => {
  const kinds: KindResult[] = [];
  for (const kind of options.kinds) kinds.push(await runKind(kind, install));
  return { kinds };
});
const data = result.data as { kinds: KindResult[]; targets?: Target[] };
data.targets = data.kinds.flatMap(targets);
const file = writeResult(result);
console.log(`\n${report(data.kinds, result.loadAverage)}\n\nbench:peer: wrote ${file}`);
// Benchmarks report; a missed target is not a failure.
process.exit(0);
