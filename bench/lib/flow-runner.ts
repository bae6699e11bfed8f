/**
 * Child process: `loops` concurrent shoppers, each checking out again and again until the time is up:
 * add to a new INR cart, create a card order, pay in the simulator's widget, verify. Prints a FlowReport
 * as JSON. Multi-step flows need each answer for the next request, which autocannon cannot chain.
 */
import { addToNewCart } from "./flow-requests";
import { summarize } from "./stats";
import type { FlowProduct, FlowReport, FlowSpec, FlowStep } from "../checkout-flow";

const spec = JSON.parse(process.argv[2] ?? "{}") as FlowSpec;
const steps: FlowStep[] = ["add to cart", "create order", "simulator pay", "verify"];
const stepSamples = new Map<FlowStep, number[]>(steps.map((s) => [s, []]));
const flowSamples: number[] = [];
const errorSamples = new Set<string>();
let errors = 0;

async function post<T>(step: FlowStep, path: string, body: unknown, recording: boolean): Promise<T> {
  const started = performance.now();
  const response = await fetch(`${spec.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-encoding": spec.acceptEncoding },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(spec.timeoutSeconds * 1000),
  });
  const json = (await response.json()) as T & { message?: string; code?: string };
  if (!response.ok) throw new Error(`${step}: ${response.status} ${json.code ?? ""} ${json.message ?? ""}`.trim());
  if (recording) stepSamples.get(step)?.push(performance.now() - started);
  return json;
}

async function checkout(product: FlowProduct, recording: boolean): Promise<void> {
  const cart = await post<{ cart_id: string }>("add to cart", "/api/cart-items/", addToNewCart(product), recording);
  // The card provider takes minor units (spec section 7: amount x100).
  const amount = product.offerPrice * 100;
  const order = await post<{ data: { data: { id: string }; key: string } }>(
    "create order",
    "/api/create-order/",
    {
      amount,
      currency: "INR",
      promo_code: "Nil",
      cart_id: cart.cart_id,
      razorpay: true,
      ...spec.delivery,
    },
    recording,
  );
  const paid = await post<Record<string, string>>(
    "simulator pay",
    "/sim/razorpay/checkout/pay",
    { key_id: order.data.key, order_id: order.data.data.id },
    recording,
  );
  await post("verify", "/api/verify-payment/", { amount, razorpay: true, cart_id: cart.cart_id, ...paid }, recording);
}

const start = performance.now();
const recordFrom = start + spec.warmupSeconds * 1000;
const deadline = recordFrom + spec.durationSeconds * 1000;
// The parent watches its event loop over the recorded part only: it learns here when that begins.
setTimeout(() => process.send?.("recording"), recordFrom - performance.now());

async function shopper(index: number): Promise<void> {
  for (let n = index; performance.now() < deadline; n += spec.loops) {
    const product = spec.products[n % spec.products.length];
    if (!product) return;
    const started = performance.now();
    const recording = started >= recordFrom;
    try {
      await checkout(product, recording);
      if (recording) flowSamples.push(performance.now() - started);
    } catch (error) {
      if (!recording) continue;
      errors += 1;
      if (errorSamples.size < 5) errorSamples.add(error instanceof Error ? error.message : String(error));
    }
  }
}

await Promise.all(Array.from({ length: spec.loops }, (_, i) => shopper(i)));
const seconds = (performance.now() - recordFrom) / 1000;
const report: FlowReport = {
  completed: flowSamples.length,
  flowsPerSecond: Math.round((flowSamples.length / seconds) * 100) / 100,
  latencyMs: summarize(flowSamples),
  stepsMs: Object.fromEntries(steps.map((s) => [s, summarize(stepSamples.get(s) ?? [])])) as FlowReport["stepsMs"],
  errors,
  errorSamples: [...errorSamples],
};
process.stdout.write(JSON.stringify(report));
