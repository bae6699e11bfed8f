/**
 * Child process of bench/peer.ts: `loops` concurrent guest shoppers on Vendure's Shop API, each checking
 * out again and again until the time is up, the calls Vendure's storefronts make for a guest checkout. Prints
 * a PeerFlowReport as JSON (the same figures as lib/flow-runner.ts for the store).
 */
import { runShopperLoop } from "./shopper-loop";
import { ADD_ITEM, ADD_PAYMENT, gql, SET_ADDRESS, SET_CUSTOMER, SET_SHIPPING, TRANSITION } from "./vendure-shop";
import type { PeerFlowReport } from "./peer-report";
import type { VendureFlowSpec } from "./vendure-shop";

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

async function call(step: Step, query: string, variables: Record<string, unknown>, token: string | undefined) {
  const answer = await gql(spec.origin, query, variables, token, spec.timeoutSeconds * 1000).catch((error: Error) => {
    throw new Error(`${step}: ${error.message}`);
  });
  return answer.token;
}

const report: PeerFlowReport = await runShopperLoop(spec, spec.variantIds, steps, async (variantId, timed) => {
  const token = await timed("addItemToOrder", () => call("addItemToOrder", ADD_ITEM, { id: variantId }, undefined));
  if (!token) throw new Error("addItemToOrder: no vendure-auth-token header");
  const next = (step: Step, query: string, variables: Record<string, unknown>) =>
    timed(step, () => call(step, query, variables, token));
  await next("setCustomerForOrder", SET_CUSTOMER, { input: spec.customer });
  await next("setOrderShippingAddress", SET_ADDRESS, { input: spec.address });
  await next("setOrderShippingMethod", SET_SHIPPING, { id: [spec.shippingMethodId] });
  await next("transitionOrderToState", TRANSITION, {});
  await next("addPaymentToOrder", ADD_PAYMENT, { input: { method: spec.paymentMethodCode, metadata: {} } });
});
process.stdout.write(JSON.stringify(report));
