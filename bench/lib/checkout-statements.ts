import { DELIVERY, firstFlowProduct, type FlowStep } from "../checkout-flow";
import { startBenchServer } from "./app-server";
import { addToNewCart } from "./flow-requests";

/** One step of one flow: the store's statements before it answered and after, and the simulator's own. */
export interface StepStatements {
  step: FlowStep;
  status: number;
  waited: number;
  after: number;
  simulator: number;
  /** The statements in order (with --print), "(after) " before those sent after the answer. */
  sql?: string[];
}

export interface CheckoutStatements {
  /** Issue 46's figure: the store's statements while the shopper waits, per flow. */
  perFlow: number[];
  flows: StepStatements[][];
}

const isSimulators = (sql: string) => sql.includes('"payment_simulator_records"') || sql.endsWith("/* simulator */");
const isPing = (sql: string) => sql.startsWith("select (select 1 from");
const storeStatements = (list: string[]) => list.filter((sql) => !isSimulators(sql) && !isPing(sql));

/**
 * Counts the SQL statements (BEGIN, COMMIT and savepoints included: each is a round trip) of each step of
 * the checkout flow on PostgreSQL, one request at a time, by counting the pg driver's queries. The database
 * must hold a catalogue. Side work that a step starts after answering (after-commit effects, the outbox's
 * e-mails, the simulator's webhook) is counted with that step, apart. Statements on the simulator's own table
 * are the simulated provider's (a real one is another company's server) and are counted apart too.
 */
export async function countCheckoutStatements(
  url: string,
  options: { flows: number; keepSql?: boolean },
): Promise<CheckoutStatements> {
  let statements: string[] = [];
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

  async function step(name: FlowStep, path: string, body: unknown) {
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
    const counted: StepStatements = {
      step: name,
      status: response.status,
      waited: storeStatements(statements.slice(0, answered)).length,
      after: storeStatements(statements.slice(answered)).length,
      simulator: statements.filter(isSimulators).length,
    };
    if (options.keepSql)
      counted.sql = statements.flatMap((s, i) =>
        isPing(s) ? [] : [`${i < answered ? "" : "(after) "}${s.replace(/\s+/g, " ").slice(0, 150)}`],
      );
    return { counted, json };
  }

  try {
    const product = await firstFlowProduct(server.app);
    const flows: StepStatements[][] = [];
    for (let i = 0; i < options.flows; i++) {
      const cart = await step("add to cart", "/api/cart-items/", addToNewCart(product));
      const amount = product.offerPrice * 100;
      const order = await step("create order", "/api/create-order/", {
        amount,
        currency: "INR",
        promo_code: "Nil",
        cart_id: (cart.json as { cart_id: string }).cart_id,
        razorpay: true,
        ...DELIVERY,
      });
      const created = order.json as { data: { data: { id: string }; key: string } };
      const paid = await step("simulator pay", "/sim/razorpay/checkout/pay", {
        key_id: created.data.key,
        order_id: created.data.data.id,
      });
      const verify = await step("verify", "/api/verify-payment/", {
        amount,
        razorpay: true,
        cart_id: (cart.json as { cart_id: string }).cart_id,
        ...paid.json,
      });
      flows.push([cart.counted, order.counted, paid.counted, verify.counted]);
    }
    return { perFlow: flows.map((f) => f.reduce((sum, s) => sum + s.waited, 0)), flows };
  } finally {
    await server.close();
  }
}
