/**
 * `npx tsx bench/count-statements.ts [--database-url postgres://.../bench_x] [--flows 3] [--print]`
 * The SQL statements of each step of the checkout flow on PostgreSQL, one request at a time
 * (lib/checkout-statements.ts). The bench database must hold a catalogue (run bench:api or bench:seed on it
 * first). The flow's total (issue 46's target) is the store's statements issued before each step answered;
 * the side work after (e-mails, webhooks, periodic sweeps) is printed beside it. Writes results/statements.json.
 */
import { cliArgs, intArg, stringArg } from "./lib/args";
import { countCheckoutStatements, type CheckoutStatements } from "./lib/checkout-statements";
import { DEFAULT_POSTGRES_URL } from "./lib/database";
import { recordRun, writeResult } from "./lib/results";

export interface StatementsData extends CheckoutStatements {
  database: { kind: "postgres" };
}

const args = cliArgs("count-statements: --database-url URL --flows N --print", {
  "database-url": { type: "string" },
  flows: { type: "string" },
  print: { type: "boolean" },
});
const url = stringArg(args["database-url"]) ?? DEFAULT_POSTGRES_URL.replace(/\/postgres$/, "/bench_api");
const flows = intArg(args.flows, 3, "flows");

const result = await recordRun(
  "statements",
  { database: url.replace(/\/\/[^@]*@/, "//"), flows },
  async (): Promise<StatementsData> => ({
    database: { kind: "postgres" },
    ...(await countCheckoutStatements(url, { flows, keepSql: Boolean(args.print) })),
  }),
);
for (const flow of result.data.flows) {
  for (const s of flow) {
    console.log(
      `${s.step}: ${s.status}, ${s.waited} statements while the shopper waits, ${s.after} after answering (outboxes, webhooks, periodic jobs)${s.simulator ? `, +${s.simulator} of the simulator` : ""}`,
    );
    s.sql?.forEach((line) => console.log(`    ${line}`));
  }
}
console.log(`store statements per flow while the shopper waits: ${result.data.perFlow.join(", ")}`);
console.log(`count-statements: wrote ${writeResult(result)}`);
