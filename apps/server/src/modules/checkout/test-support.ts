import { createServer } from "node:net";
import { and, asc, count, eq } from "drizzle-orm";
import { priceIn, type Currency, type PaymentMethod } from "@store/shared";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { createTestApp } from "../../testing/test-app";
import { addBody, type PickedVariant } from "../cart/test-support";
import { productVariants } from "../catalog/tables";
import { emailOutbox } from "../../email/tables";
import { payments, refunds, webhookEvents } from "../payments/tables";
import { orderEvents, orderLines, orders } from "../orders/tables";

/**
 * The whole app listening on a free local port, with publicUrl pointing at it: the simulated providers
 * are reached over real HTTP (adapters -> /sim/..., simulator webhooks -> /api/webhooks/...).
 */
export async function createListeningTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<FastifyInstance> {
  const app = await createTestApp(options);
  app.config.publicUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  return app;
}

/**
 * Runs `run` with the simulators' address (the app's public URL) on a closed port: the courier and the payment
 * provider cannot be reached, their connections refused at once.
 */
export async function withSimulatorsDown<T>(app: FastifyInstance, run: () => Promise<T>): Promise<T> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const publicUrl = app.config.publicUrl;
  app.config.publicUrl = `http://127.0.0.1:${port}`;
  try {
    return await run();
  } finally {
    app.config.publicUrl = publicUrl;
  }
}

export const DELIVERY = {
  name: "Asha Meena",
  delivery_address: "12 Hawa Mahal Road",
  country_code: "+91",
  mobile_number: "+91 98290 41234",
  pin_code: "302002",
  city: "Jaipur",
  state: "Rajasthan",
  comment: "Please call before delivery",
} as const;

/** A guest cart holding `quantity` of each variant, priced in `currency`; answers its cart_id. */
export async function fillCart(
  app: FastifyInstance,
  lines: { variant: PickedVariant; quantity?: number; isDirectBuy?: boolean }[],
  currency: Currency,
  headers: Record<string, string> = {},
): Promise<string> {
  let cartId: string | null = null;
  for (const { variant, quantity = 1, isDirectBuy = false } of lines) {
    const res: LightMyRequestResponse = await app.inject({
      method: "POST",
      url: "/api/cart-items/",
      headers,
      payload: addBody(variant, { cart_id: cartId, quantity, is_direct_buy: isDirectBuy }, currency),
    });
    if (res.statusCode !== 200) throw new Error(`add to cart failed: ${res.body}`);
    cartId = res.json<{ cart_id: string }>().cart_id;
  }
  if (!cartId) throw new Error("no cart");
  return cartId;
}

/** The order total in major units as the shopper's page computes it (sum of unit prices, minus discount, plus shipping). */
export function pageTotal(
  lines: { variant: PickedVariant; quantity?: number }[],
  currency: Currency,
  extra: { discount?: number; shipping?: number } = {},
): number {
  const subtotal = lines.reduce(
    (sum, { variant, quantity = 1 }) => sum + priceIn(currency, variant.offerCents) * quantity,
    0,
  );
  return subtotal - (extra.discount ?? 0) + (extra.shipping ?? 0);
}

/** The spec's create-order payload. */
export function orderBody(
  cartId: string,
  method: PaymentMethod,
  currency: Currency,
  amount: number,
  extra: Record<string, unknown> = {},
) {
  return {
    amount,
    currency,
    promo_code: "Nil",
    cart_id: cartId,
    ...DELIVERY,
    // Cash on delivery: the code by e-mail, which these tests read (WhatsApp codes have their own tests).
    ...(method === "cod" ? { payment_method: "cod", cod_code_channel: "email" } : { razorpay: method === "razorpay" }),
    ...extra,
  };
}

export const createOrder = (
  app: FastifyInstance,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => app.inject({ method: "POST", url: "/api/create-order/", payload, headers });

export const verifyPayment = (
  app: FastifyInstance,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => app.inject({ method: "POST", url: "/api/verify-payment/", payload, headers });

/**
 * What a browser does through the simulator's widgets, over real HTTP: the app's own simulator, or the one at
 * `simulator` (the address of another process standing for the provider).
 */
export async function simulatorPost<T>(simulator: FastifyInstance | string, path: string, body: unknown): Promise<T> {
  const base = typeof simulator === "string" ? simulator : simulator.config.publicUrl;
  const response = await fetch(`${base}/sim/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json as T;
}

export interface RazorpayHandlerResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The Razorpay widget's "Pay now". */
export function payByCard(
  simulator: FastifyInstance | string,
  razorpayOrderId: string,
  keyId: string,
): Promise<RazorpayHandlerResponse> {
  return simulatorPost(simulator, "razorpay/checkout/pay", { key_id: keyId, order_id: razorpayOrderId });
}

/** The PayPal buttons' approval ("Pay with PayPal" before onApprove). */
export function approvePayPal(
  app: FastifyInstance,
  paypalOrderId: string,
): Promise<{ orderID: string; payerID: string }> {
  return simulatorPost(app, "paypal/checkout/approve", { order_id: paypalOrderId });
}

/**
 * An INR card order paid through the simulated Razorpay widget, as a shopper would pay it (the browser's
 * verify call included). Returns the verify body too, for a test that sends it again.
 */
export async function paidCardOrder(
  app: FastifyInstance,
  lines: { variant: PickedVariant; quantity?: number }[],
  extra: Record<string, unknown> = {},
): Promise<{ orderId: number; total: number; verify: Record<string, unknown> }> {
  const cartId = await fillCart(app, lines, "INR");
  const total = pageTotal(lines, "INR") * 100;
  const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, extra));
  if (created.statusCode !== 200) throw new Error(`create-order failed: ${created.body}`);
  const { data } = created.json();
  const paid = await payByCard(app, data.data.id, data.key);
  const verify = { amount: total, razorpay: true, cart_id: cartId, ...paid };
  const verified = await verifyPayment(app, verify);
  if (verified.statusCode !== 200 || verified.json().status !== "paid")
    throw new Error(`verify-payment did not mark the order paid: ${verified.body}`);
  return { orderId: data.order_id as number, total, verify };
}

/** Every simulator webhook sent so far has been answered. */
export function webhooksSettled(app: FastifyInstance): Promise<void> {
  if (!app.paymentSimulator) throw new Error("the simulator is not mounted");
  return app.paymentSimulator.webhooks.settled();
}

const variantWhere = (variant: PickedVariant) =>
  and(eq(productVariants.productId, variant.productId), eq(productVariants.size, variant.size));

export async function stockOf(app: FastifyInstance, variant: PickedVariant): Promise<number> {
  const [row] = await app.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(variantWhere(variant));
  return row?.stock ?? -1;
}

export async function setStock(app: FastifyInstance, variant: PickedVariant, stock: number): Promise<void> {
  await app.database.db.update(productVariants).set({ stock }).where(variantWhere(variant));
  variant.stock = stock;
}

/** Everything stored about one order. */
export async function storedOrder(app: FastifyInstance, orderId: number) {
  const db = app.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return {
    order,
    lines: await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    events: await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    payment: (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0],
    refunds: await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
  };
}

/** E-mails queued for an address. */
export function emailsTo(app: FastifyInstance, to: string) {
  return app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.id));
}

export async function countRows(app: FastifyInstance) {
  const db = app.database.db;
  const n = async (table: typeof orders | typeof payments | typeof webhookEvents) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { orders: await n(orders), payments: await n(payments), webhookEvents: await n(webhookEvents) };
}

/** The code of the newest cash-on-delivery confirmation e-mail sent to `to`. */
export async function codeSentTo(app: FastifyInstance, to: string): Promise<string> {
  const mails = await emailsTo(app, to);
  const code = [...mails]
    .reverse()
    .map((m) => /is: (\d{6})$/m.exec(m.text)?.[1])
    .find(Boolean);
  if (!code) throw new Error(`no confirmation code was e-mailed to ${to}`);
  return code;
}

export const confirmCod = (
  app: FastifyInstance,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => app.inject({ method: "POST", url: "/api/confirm-cod-order/", payload, headers });

/** Moves an open order's deadline into the past, as if its time had run out. */
export async function lapse(app: FastifyInstance, orderId: number): Promise<void> {
  await app.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(orders.id, orderId));
}

/**
 * What the country's first shipping method costs the cart abroad, as the server quotes it from the seller's
 * rate cards (decision 080), in major units; 0 in India or where no method ships.
 */
export async function feeAbroad(app: FastifyInstance, cartId: string, country: unknown, currency: Currency) {
  if (typeof country !== "string" || country === "" || country.toUpperCase() === "IN") return 0;
  const quote = await app.inject({
    method: "GET",
    url: "/api/shipping-quote/",
    query: { cart_id: cartId, country: country.toUpperCase(), currency },
  });
  if (quote.statusCode !== 200) return 0;
  return (quote.json() as { methods: { fee: number }[] }).methods[0]?.fee ?? 0;
}
