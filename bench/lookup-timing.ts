/**
 * `npx tsx bench/lookup-timing.ts [--database-url postgres://.../bench_x | --data-dir bench/.data/pglite-x] [--tries 400]`
 * Does `/track-order` (POST /api/orders/lookup) answer an order number that exists as fast as one that does
 * not (decision 062)? Makes one paid order through the public API, then asks for it and for a number that
 * does not exist, interleaved, each with a wrong e-mail (the stranger's case: both answers are 404), and
 * prints each one's latency figures. The limits per number and per client are raised for the run; the
 * counting itself still happens, as in production. The database must hold a catalogue (bench:seed).
 */
import { DELIVERY, firstFlowProduct } from "./checkout-flow";
import { startBenchServer } from "./lib/app-server";
import { cliArgs, intArg, stringArg } from "./lib/args";
import { describeTarget, pgliteTarget } from "./lib/database";
import { addToNewCart } from "./lib/flow-requests";
import { percentile, summarize } from "./lib/stats";

const args = cliArgs("lookup-timing: --database-url URL | --data-dir DIR, --tries N", {
  "database-url": { type: "string" },
  "data-dir": { type: "string" },
  tries: { type: "string" },
});
const url = stringArg(args["database-url"]);
const target = url ? { kind: "postgres" as const, url } : pgliteTarget("lookup", stringArg(args["data-dir"]));
const tries = intArg(args.tries, 400, "tries");
// The per-number limit's largest setting: each number is asked tries + 26 times.
if (tries > 900) throw new Error("--tries must be 900 at most");
process.env.ORDER_LOOKUPS_PER_NUMBER = "1000";
process.env.ORDER_LOOKUPS_PER_CLIENT = "1000000";

const server = await startBenchServer({ database: target, ssr: "none" });
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

try {
  const product = await firstFlowProduct(server.app);
  const cart = (await post("/api/cart-items/", addToNewCart(product))).json as { cart_id: string };
  const amount = product.offerPrice * 100;
  const created = (
    await post("/api/create-order/", {
      amount,
      currency: "INR",
      promo_code: "Nil",
      cart_id: cart.cart_id,
      razorpay: true,
      ...DELIVERY,
    })
  ).json as { data: { data: { id: string }; key: string; order_id: number } };
  const paid = await post("/sim/razorpay/checkout/pay", { key_id: created.data.key, order_id: created.data.data.id });
  await post("/api/verify-payment/", { amount, razorpay: true, cart_id: cart.cart_id, ...paid.json });
  const existing = created.data.order_id;
  const missing = existing + 1_000_000;
  const right = await post("/api/orders/lookup", { order_number: String(existing), contact: DELIVERY.email });
  if (right.status !== 200) throw new Error(`the order was not found with its own e-mail: ${JSON.stringify(right)}`);

  const timed = async (number: number) => {
    const started = performance.now();
    const answer = await post("/api/orders/lookup", { order_number: String(number), contact: "someone@example.in" });
    const ms = performance.now() - started;
    if (answer.status !== 404) throw new Error(`expected 404, got ${answer.status}`);
    return ms;
  };
  for (let i = 0; i < 50; i++) await timed(i % 2 ? existing : missing); // warm-up, not counted
  const samples = { existing: [] as number[], missing: [] as number[] };
  for (let i = 0; i < tries; i++) {
    // Interleaved, each first in every other pair, so the machine's slow moments and the order fall on both alike.
    if (i % 2) samples.existing.push(await timed(existing));
    samples.missing.push(await timed(missing));
    if (!(i % 2)) samples.existing.push(await timed(existing));
  }
  // Each pair ran back to back, so its difference is what the number's existence costs, the machine's
  // slow moments mostly cancelled; its median and quartiles are the figures to read.
  const paired = samples.existing.map((ms, i) => ms - (samples.missing[i] ?? ms)).sort((a, b) => a - b);
  const at = (p: number) => percentile(paired, p).toFixed(2);
  console.log(`lookup timing on ${describeTarget(target)}, ${tries} tries each (milliseconds):`);
  console.table({ "order exists": summarize(samples.existing), "no such order": summarize(samples.missing) });
  console.log(`exists minus missing, pair by pair: median ${at(50)} ms, quartiles ${at(25)} .. ${at(75)} ms`);
} finally {
  await server.close();
}
