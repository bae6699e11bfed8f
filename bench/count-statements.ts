/**
 * `npx tsx bench/count-statements.ts [--database-url postgres://.../bench_x] [--flows 3] [--print]`
 * Counts the SQL statements (BEGIN, COMMIT and savepoints included: each is a round trip) of each step of
 * the checkout flow on PostgreSQL, one request at a time, by counting the pg driver's queries. The bench
 * database must hold a catalogue (run bench:api or bench:seed on it first). Side work that a step starts
 * after answering (after-commit effects, the simulator's webhook) lands in the step running when it runs.
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
const server = await startBenchServer({ database: { kind: "postgres", url }, ssr: "none" });
// Every pooled connection is a pg Client: counting on their prototype sees transactions' statements too.
type Queryable = { query(...a: unknown[]): unknown; release(): void };
const pool = (server.app.database.db as unknown as { $client: { connect(): Promise<Queryable> } }).$client;
const connection = await pool.connect();
const prototype = Object.getPrototypeOf(connection) as Queryable;
connection.release();
const query = prototype.query;
prototype.query = function counted(this: Queryable, ...a: unknown[]) {
  const first = a[0] as string | { text?: string };
  statements.push(typeof first === "string" ? first : (first.text ?? "?"));
  return query.apply(this, a);
};
const product = await firstFlowProduct(server.app);

async function step(name: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  await server.settle();
  statements = [];
  const response = await fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  await new Promise((resolve) => setTimeout(resolve, 200));
  console.log(`${name}: ${response.status}, ${statements.length} statements`);
  if (args.print) for (const s of statements) console.log(`    ${s.replace(/\s+/g, " ").slice(0, 160)}`);
  return json;
}

try {
  for (let i = 0; i < flows; i++) {
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
} finally {
  await server.close();
}
