/**
 * Child process of bench/peer.ts: creates Vendure's schema and loads its sample catalogue (the initial data
 * and products CSV shipped in @vendure/create's assets, through the steps of Vendure's own populate()), padded with
 * renamed copies of its products up to the store's count of active products. Prints {"products": n}.
 *
 * Argument (JSON): { db, assetsDir, workDir, products, stock }.
 */
import core from "@vendure/core";
import cli from "@vendure/core/cli";
import { parse } from "csv-parse/sync";
import typeorm from "typeorm";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { answer, vendureConfig } from "./config.mjs";

const {
  bootstrap,
  ConfigService,
  JobQueueService,
  Product,
  RequestContextService,
  SearchService,
  TransactionalConnection,
} = core;
const { importProductsFromCsv, populateCollections, populateInitialData } = cli;
const { IsNull } = typeorm;
const input = JSON.parse(process.argv[2] ?? "{}");

/** A CSV cell, quoted (the catalogue's descriptions hold commas and quotes). */
const cell = (value) => `"${String(value).replace(/"/g, '""')}"`;

/**
 * The sample's rows with the stock the run needs and no pictures (no asset server is configured; the store's
 * side serves picture URLs, not files), then copies of its products ("Laptop 2", slug laptop-2, SKUs with
 * -2) until there are `products` products. A product is a row with a name; the rows after it are its variants.
 */
function paddedCsv() {
  const rows = parse(readFileSync(join(input.assetsDir, "products.csv")), {
    columns: (header) => header.map((h) => h.trim()),
    trim: true,
  });
  for (const row of rows) {
    row.stockOnHand = String(input.stock);
    row.assets = "";
    row.variantAssets = "";
  }
  const groups = [];
  for (const row of rows) {
    if (row.name) groups.push([row]);
    else groups.at(-1).push(row);
  }
  const out = groups.flat();
  for (let copy = 2, k = 0; groups.length + k < input.products; k += 1) {
    const group = groups[k % groups.length];
    if (k > 0 && k % groups.length === 0) copy += 1;
    for (const row of group)
      out.push({
        ...row,
        name: row.name ? `${row.name} ${copy}` : "",
        slug: row.slug ? `${row.slug}-${copy}` : "",
        sku: `${row.sku}-${copy}`,
      });
  }
  const columns = Object.keys(rows[0]);
  const file = join(input.workDir, "products-padded.csv");
  writeFileSync(
    file,
    [columns.join(","), ...out.map((r) => columns.map((c) => cell(r[c] ?? "")).join(","))].join("\n"),
  );
  return file;
}

const initialData = JSON.parse(readFileSync(join(input.assetsDir, "initial-data.json"), "utf8"));
// The sample's payment method with its dummy handler settling at once, as the peer's checkout needs.
for (const method of initialData.paymentMethods)
  for (const arg of method.handler.arguments) if (arg.name === "automaticSettle") arg.value = "true";
// No pictures (see paddedCsv).
for (const collection of initialData.collections) collection.assetPaths = [];

/** Waits until every job (search index updates, collection filters) has run; a failed job stops the setup. */
async function drainJobs(app) {
  const strategy = app.get(ConfigService).jobQueueOptions.jobQueueStrategy;
  for (;;) {
    const { items } = await strategy.findMany();
    const failed = items.find((job) => job.state === "FAILED");
    if (failed) throw new Error(`Vendure job ${failed.queueName} failed: ${JSON.stringify(failed.error)}`);
    if (items.every((job) => job.isSettled)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// Vendure's populate() step by step (@vendure/core/cli), so an import error stops the run instead of
// landing in a log file.
const app = await bootstrap(vendureConfig(input.db, input.port, true));
// Jobs run in this process, as @vendure/create's populate does.
await app.get(JobQueueService).start();
await populateInitialData(app, initialData);
const imported = await importProductsFromCsv(app, paddedCsv(), initialData.defaultLanguage);
if (imported.errors?.length) throw new Error(`Vendure's import failed: ${imported.errors.slice(0, 3).join("; ")}`);
await populateCollections(app, initialData);
await drainJobs(app);
// A full rebuild of the search index after the collections exist, so listing by collection finds every product.
const ctx = await app.get(RequestContextService).create({ apiType: "admin" });
await app.get(SearchService).reindex(ctx);
await drainJobs(app);
const products = await app
  .get(TransactionalConnection)
  .rawConnection.getRepository(Product)
  .count({
    where: { enabled: true, deletedAt: IsNull() },
  });
answer({ products, imported: imported.imported });
await app.close();
process.exit(0);
