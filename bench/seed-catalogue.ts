/** `npm run bench:seed -- --products 100000 [--database-url postgres://...] [--data-dir path] [--images]` */
import { cliArgs, intArg, stringArg } from "./lib/args";
import { describeTarget, ensureTarget, openBenchDatabase, removePgliteData, targetFromArgs } from "./lib/database";
import { fillCatalogue } from "./seed/fill-catalogue";

const usage = `
Fills a database with the demo seed plus synthetic products (deterministic), after migrating it.
  --products N        total products wanted (default 10000); re-running only adds what is missing
  --database-url URL  a PostgreSQL database (default: PGlite in bench/.data/pglite-seed)
  --data-dir PATH     PGlite folder instead of bench/.data/pglite-seed
  --batch N           products per INSERT statement (default 1000)
  --media-dir PATH    also render the demo's pictures into this folder (page benchmarks need them)
  --fresh             PGlite only: delete the folder first
`;
const args = cliArgs(usage, {
  products: { type: "string" },
  "database-url": { type: "string" },
  "data-dir": { type: "string" },
  batch: { type: "string" },
  "media-dir": { type: "string" },
  fresh: { type: "boolean" },
});

const target = targetFromArgs("seed", stringArg(args["database-url"]), stringArg(args["data-dir"]));
if (args.fresh) removePgliteData(target);
await ensureTarget(target);
console.log(`bench:seed: ${describeTarget(target)}`);
const database = await openBenchDatabase(target);
try {
  const report = await fillCatalogue(database.db, {
    products: intArg(args.products, 10_000, "products"),
    batchSize: intArg(args.batch, 1000, "batch"),
    mediaDir: stringArg(args["media-dir"]),
    log: console.log,
  });
  console.log(`bench:seed: done ${JSON.stringify(report)}`);
} finally {
  await database.close();
}
