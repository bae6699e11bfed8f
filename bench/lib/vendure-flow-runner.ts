/**
 * Child process of bench/peer.ts: `loops` concurrent guest shoppers on Vendure's Shop API, each checking
 * out again and again until the time is up, the calls Vendure's storefronts make for a guest checkout. Prints
 * a PeerFlowReport as JSON (the same figures as lib/flow-runner.ts for the store).
 */
import { summarize } from "./stats";
import { ADD_ITEM, ADD_PAYMENT, gql, SET_ADDRESS, SET_CUSTOMER, SET_SHIPPING, TRANSITION } from "./vendure-shop";
import type { PeerFlowReport, VendureFlowSpec } from "../peer";

const spec = JSON.parse(process.argv[2] ?? "{}") as VendureFlowSpec;
const steps = [
  "addItemToOrder",
  "setCustomerForOrder",
  "setOrderShippingAddress",
  "setOrderShippingMethod",
  "transitionOrderToState",
  "addPaymentToOrder",
] as const;
type Step = (typeof steps)[number];
const stepSamples = new Map<Step, number[]>(steps.map((s) => [s, []]));
const flowSamples: number[] = [];
const errorSamples = new Set<string>();
let errors = 0;

async function call(
  step: Step,
  query: string,
  variables: Record<string, unknown>,
  token: string | undefined,
  recording: boolean,
) {
  const started = performance.now();
  const answer = await gql(spec.origin, query, variables, token, spec.timeoutSeconds * 1000).catch((error: Error) => {
    throw new Error(`${step}: ${error.message}`);
  });
  if (recording) stepSamples.get(step)?.push(performance.now() - started);
  return answer.token;
}

async function checkout(variantId: string, recording: boolean): Promise<void> {
  const token = await call("addItemToOrder", ADD_ITEM, { id: variantId }, undefined, recording);
  if (!token) throw new Error("addItemToOrder: no vendure-auth-token header");
  await call("setCustomerForOrder", SET_CUSTOMER, { input: spec.customer }, token, recording);
  await call("setOrderShippingAddress", SET_ADDRESS, { input: spec.address }, token, recording);
  await call("setOrderShippingMethod", SET_SHIPPING, { id: [spec.shippingMethodId] }, token, recording);
  await call("transitionOrderToState", TRANSITION, {}, token, recording);
  await call(
    "addPaymentToOrder",
    ADD_PAYMENT,
    { input: { method: spec.paymentMethodCode, metadata: {} } },
    token,
    recording,
  );
}

const start = performance.now();
const recordFrom = start + spec.warmupSeconds * 1000;
const deadline = recordFrom + spec.durationSeconds * 1000;

async function shopper(index: number): Promise<void> {
  for (let n = index; performance.now() < deadline; n += spec.loops) {
    const variantId = spec.variantIds[n % spec.variantIds.length];
    if (!variantId) return;
    const started = performance.now();
    const recording = started >= recordFrom;
    try {
      await checkout(variantId, recording);
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
const report: PeerFlowReport = {
  completed: flowSamples.length,
  flowsPerSecond: Math.round((flowSamples.length / seconds) * 100) / 100,
  latencyMs: summarize(flowSamples),
  stepsMs: Object.fromEntries(steps.map((s) => [s, summarize(stepSamples.get(s) ?? [])])),
  errors,
  errorSamples: [...errorSamples],
};
process.stdout.write(JSON.stringify(report));
