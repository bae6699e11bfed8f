/**
 * `npx tsx bench/count-statements.ts [--database-url postgres://.../bench_x] [--flows 3] [--print]`
 * Counts the SQL statements (BEGIN, COMMIT and savepoints included: each is a round trip) of each step of
 * the checkout flow on PostgreSQL, one request at a time, by counting the pg driver's queries. The bench
 * database must hold a catalogue (run bench:api or bench:seed on it first). Side work that a step starts
 * after answering (after-commit effects, the outbox's e-mails, the simulator's webhook) is counted with that step.
 * Statements on the simulator's own table are the simulated provider's (a real one is another company's server)
 * and are counted apart. The flow's total (issue 46's target) is the store's statements issued before each
 * step answered; the side work after (e-mails, webhooks, periodic sweeps) is printed beside it.
 */
import { addToNewCart } from "./lib/flow-requests";
import { DELIVERY, firstFlowProduct } from "./checkout-flow";
import { startBenchServer } from "./lib/app-server";
import { cliArgs, intArg, stringArg } from "./lib/args";
import { DEFAULT_POSTGRES_URL } from "./lib/database";

const args = cliArgs("count-statements: --database-url URL --flows N --print", {
  "database-url": { type: "string" },
  flows: { type: "string" },
  print: { type: "boolean" },
});
const url = stringArg(args["database-url"]) ?? DEFAULT_POSTGRES_URL.replace(/\/postgres$/, "/bench_api");
const flows = intArg(args.flows, 3, "flows");

let statements: string[] = [];
const isSimulators = (sql: string) => sql.includes('"payment_simulator_records"') || sql.endsWith("/* simulator */");
const flowTotals: number[] = [];
const server = await startBenchServer({ database: { kind: "postgres", url }, ssr: "none" });
// Every pooled connection is a pg Client: counting on their prototype sees transactions' statements too.
type Queryable = { query(...a: unknown[]): unknown; release(): void };
const pool = (server.app.database.db as unknown as { $client: { connect(): Promise<Queryable> } }).$client;
const connection = await pool.connect();
const prototype = Object.getPrototypeOf(connection) as Queryable;
connection.release();
const query = prototype.query;
// A transaction is held back until it ends: one that touched the simulator's table is the simulator's, BEGIN and COMMIT too.
const openTransactions = new WeakMap<Queryable, string[]>();
prototype.query = function counted(this: Queryable, ...a: unknown[]) {
  const first = a[0] as string | { text?: string };
  const sql = typeof first === "string" ? first : (first.text ?? "?");
  const open = openTransactions.get(this);
  if (/^\s*begin/i.test(sql)) openTransactions.set(this, [sql]);
  else if (open) open.push(sql);
  else statements.push(sql);
  if (open && /^\s*(commit|rollback)/i.test(sql)) {
    openTransactions.delete(this);
    const simulators = open.some(isSimulators);
    statements.push(...open.map((s) => (simulators && !isSimulators(s) ? `${s} /* simulator */` : s)));
  }
  return query.apply(this, a);
};
const product = await firstFlowProduct(server.app);

const isPing = (sql: string) => sql.startsWith("select (select 1 from");
const storeStatements = (list: string[]) => list.filter((sql) => !isSimulators(sql) && !isPing(sql));

async function step(name: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  statements = [];
  const response = await fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  const answered = statements.length;
  await new Promise((resolve) => setTimeout(resolve, 200));
  await server.settle();
  const waited = storeStatements(statements.slice(0, answered)).length;
  const after = storeStatements(statements.slice(answered)).length;
  const simulators = statements.filter(isSimulators).length;
  flowTotals[flowTotals.length - 1]! += waited;
  console.log(
    `${name}: ${response.status}, ${waited} statements while the shopper waits, ${after} after answering (outboxes, webhooks, periodic jobs)${simulators ? `, +${simulators} of the simulator` : ""}`,
  );
  if (args.print) {
    statements.forEach((s, i) => {
      if (!isPing(s)) console.log(`    ${i < answered ? "" : "(after) "}${s.replace(/\s+/g, " ").slice(0, 150)}`);
    });
  }
  return json;
}

try {
  for (let i = 0; i < flows; i++) {
    flowTotals.push(0);
    const cart = (await step("add to cart", "/api/cart-items/", addToNewCart(product))) as { cart_id: string };
    const amount = product.offerPrice * 100;
    const order = (await step("create order", "/api/create-order/", {
      amount,
      currency: "INR",
      promo_code: "Nil",
      cart_id: cart.cart_id,
      razorpay: true,
      ...DELIVERY,
    })) as { data: { data: { id: string }; key: string } };
    const paid = await step("simulator pay", "/sim/razorpay/checkout/pay", {
      key_id: order.data.key,
      order_id: order.data.data.id,
    });
    await step("verify", "/api/verify-payment/", { amount, razorpay: true, cart_id: cart.cart_id, ...paid });
  }
  console.log(`store statements per flow while the shopper waits: ${flowTotals.join(", ")}`);
} finally {
  await server.close();
}
