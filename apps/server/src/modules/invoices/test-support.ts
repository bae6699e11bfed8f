import { eq } from "drizzle-orm";
import { COD_SHIPPING_FEE_INR, SHIPPING_FEES_SEED, shippingMethodsFor, type ShippingQuote } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { expect } from "vitest";
import type { PickedVariant } from "../cart/test-support";
import { products, subcategories } from "../catalog/tables";
import {
  codeSentTo,
  confirmCod,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  verifyPayment,
} from "../checkout/test-support";

/** Orders reaching their invoices the real way: through checkout, the e-mailed code and the payment simulator. */

type Lines = { variant: PickedVariant; quantity?: number }[];

export const MUMBAI = { city: "Mumbai", state: "Maharashtra", pin_code: "400001", delivery_address: "4 Marine Drive" };
export const LONDON = {
  city: "London",
  state: "Greater London",
  pin_code: "SW1A 1AA",
  delivery_address: "10 Downing Street",
  delivery_country: "GB",
  country_code: "+44",
  mobile_number: "+44 20 7946 0958",
};

let guests = 0;

/** A guest's cash-on-delivery order of `lines`, confirmed with the e-mailed code: the invoice is issued then. */
export async function codOrder(app: FastifyInstance, lines: Lines, address: Record<string, unknown> = {}) {
  const email = `invoice.${process.pid}.${++guests}@example.in`;
  const cartId = await fillCart(app, lines, "INR");
  const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
  const created = await createOrder(app, orderBody(cartId, "cod", "INR", amount, { email, ...address }));
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().order_id as number;
  const confirmed = await confirmCod(app, { order_id: orderId, code: await codeSentTo(app, email) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { orderId, email, total: amount * 100 };
}

/**
 * A card order paid through the simulated Razorpay widget: the app's own simulator (a test order, as every
 * simulated payment is), or the one at `razorpay`, another process the app reaches with configured keys.
 */
export async function cardOrder(
  app: FastifyInstance,
  lines: Lines,
  currency: "INR" | "USD",
  address: Record<string, unknown> = {},
  razorpay: FastifyInstance | string = app,
) {
  const email = `invoice.${process.pid}.${++guests}@example.in`;
  const cartId = await fillCart(app, lines, currency);
  // Abroad the order goes by its country's first method (international standard), at its fee.
  const country = typeof address.delivery_country === "string" ? address.delivery_country : "IN";
  const pieces = lines.reduce((sum, l) => sum + (l.quantity ?? 1), 0);
  const chosen = typeof address.shipping_method === "string" ? address.shipping_method : null;
  const method = shippingMethodsFor(country).find((m) => m.code === chosen) ?? shippingMethodsFor(country)[0]!;
  // Fees abroad come from the seller's rate cards (decision 080): the server's quote for this cart.
  const shipping = method.fee
    ? method.fee({ currency, country, pieces }, SHIPPING_FEES_SEED)
    : await quotedFee(app, cartId, country, currency, method.code);
  const total = pageTotal(lines, currency, { shipping }) * 100;
  const created = await createOrder(app, orderBody(cartId, "razorpay", currency, total, { email, ...address }));
  expect(created.statusCode, created.body).toBe(200);
  const { data } = created.json();
  const paid = await payByCard(razorpay, data.data.id, data.key);
  const verified = await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid });
  expect(verified.statusCode, verified.body).toBe(200);
  return { orderId: data.order_id as number, email, total };
}

async function quotedFee(app: FastifyInstance, cartId: string, country: string, currency: string, code: string) {
  const quote = await app.inject({
    method: "GET",
    url: "/api/shipping-quote/",
    query: { cart_id: cartId, country, currency },
  });
  expect(quote.statusCode, quote.body).toBe(200);
  const fee = (quote.json() as ShippingQuote).methods.find((m) => m.code === code)?.fee;
  expect(fee, `${code}'s fee to ${country}`).toBeDefined();
  return fee!;
}

/**
 * A product left without an HSN code (or a rule): neither its own nor its subcategory's. Answers a function
 * putting both back.
 */
export async function withoutTaxClass(app: FastifyInstance, productId: number, what: "hsn" | "rule") {
  const db = app.database.db;
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  const subId = product!.subcategoryId ?? 0;
  const [sub] = await db.select().from(subcategories).where(eq(subcategories.id, subId));
  const cleared = what === "hsn" ? { hsnCode: null } : { taxRuleId: null };
  await db.update(products).set(cleared).where(eq(products.id, productId));
  await db.update(subcategories).set(cleared).where(eq(subcategories.id, subId));
  return async () => {
    const { hsnCode, taxRuleId } = product!;
    await db.update(products).set({ hsnCode, taxRuleId }).where(eq(products.id, productId));
    if (sub) await db.update(subcategories).set(sub).where(eq(subcategories.id, subId));
  };
}

/** The PDF's text, as a reader (or the e2e test) extracts it, with its spacing squeezed. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}
