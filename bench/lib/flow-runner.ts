/**
 * Child process: `loops` concurrent shoppers, each checking out again and again until the time is up:
 * add to a new INR cart, create a card order, pay in the provider's simulator (its own process), verify. Prints a FlowReport
 * as JSON. Multi-step flows need each answer for the next request, which autocannon cannot chain.
 */
import { addToNewCart } from "./flow-requests";
import { runShopperLoop } from "./shopper-loop";
import type { FlowProduct, FlowSpec, FlowStep } from "../checkout-flow";

const spec = JSON.parse(process.argv[2] ?? "{}") as FlowSpec;
const steps: FlowStep[] = ["add to cart", "create order", "simulator pay", "verify"];

async function post<T>(step: FlowStep, path: string, body: unknown, origin = spec.origin): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-encoding": spec.acceptEncoding },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(spec.timeoutSeconds * 1000),
  });
  const json = (await response.json()) as T & { message?: string; code?: string };
  if (!response.ok) throw new Error(`${step}: ${response.status} ${json.code ?? ""} ${json.message ?? ""}`.trim());
  return json;
}

const report = await runShopperLoop(spec, spec.products, steps, async (product: FlowProduct, timed) => {
  const cart = await timed("add to cart", () =>
    post<{ cart_id: string }>("add to cart", "/api/cart-items/", addToNewCart(product)),
  );
  // The card provider takes minor units (spec section 7: amount x100).
  const amount = product.offerPrice * 100;
  const order = await timed("create order", () =>
    post<{ data: { data: { id: string }; key: string } }>("create order", "/api/create-order/", {
      amount,
      currency: "INR",
      promo_code: "Nil",
      cart_id: cart.cart_id,
      razorpay: true,
      ...spec.delivery,
    }),
  );
  const paid = await timed("simulator pay", () =>
    post<Record<string, string>>(
      "simulator pay",
      "/sim/razorpay/checkout/pay",
      { key_id: order.data.key, order_id: order.data.data.id },
      spec.providerOrigin,
    ),
  );
  await timed("verify", () =>
    post("verify", "/api/verify-payment/", { amount, razorpay: true, cart_id: cart.cart_id, ...paid }),
  );
});
process.stdout.write(JSON.stringify(report));
