import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { COD_SHIPPING_FEE_INR, type PayNowPayResponse } from "@store/shared";
import { expect } from "vitest";
import { call } from "../admin/test-support";
import type { PickedVariant } from "../cart/test-support";
import {
  codeSentTo,
  confirmCod,
  createOrder,
  emailsTo,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
} from "../checkout/test-support";
import { payNowNudges } from "./tables";

let n = 0;
export const newEmail = () => `pay-now.${process.pid}.${Date.now()}.${n++}@example.in`;

/** A cash-on-delivery order placed and confirmed through checkout (its invoice issued), to a new address. */
export async function codOrder(app: FastifyInstance, variant: PickedVariant, extra: Record<string, unknown> = {}) {
  const email = newEmail();
  const cartId = await fillCart(app, [{ variant }], "INR");
  const amount = pageTotal([{ variant }], "INR", { shipping: COD_SHIPPING_FEE_INR });
  const created = await createOrder(app, orderBody(cartId, "cod", "INR", amount, { email, ...extra }));
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().order_id as number;
  const confirmed = await confirmCod(app, { order_id: orderId, code: await codeSentTo(app, email) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { orderId, total: amount * 100, email };
}

/** The job, for this order alone (other tests' orders are left to their own runs). */
export const runJob = (app: FastifyInstance, orderId: number, now?: Date) =>
  app.services.payNow.sendDue(now, { orderId });

/** The link's token from the newest pay-now e-mail to `to`, as a shopper (or the bench) finds it. */
export async function linkTokenMailedTo(app: FastifyInstance, to: string, orderId: number): Promise<string> {
  const mails = await emailsTo(app, to);
  const token = [...mails]
    .reverse()
    .map((m) => new RegExp(`/pay-now/${orderId}\\?token=([\\w-]+)`).exec(m.text)?.[1])
    .find(Boolean);
  if (!token) throw new Error(`no pay-now link was e-mailed to ${to}`);
  return token;
}

export const nudgeOf = async (app: FastifyInstance, orderId: number) =>
  (await app.database.db.select().from(payNowNudges).where(eq(payNowNudges.orderId, orderId)))[0];

/** The link's page, the provider order, and the simulated widget's "Pay now": the proof for verify. */
export async function payLink(app: FastifyInstance, orderId: number, token: string) {
  const started = await call(app, {}, "POST", `/api/pay-now/${orderId}/pay?token=${token}`, {
    payment_method: "razorpay",
  });
  expect(started.statusCode, started.body).toBe(200);
  const provider = started.json<PayNowPayResponse>();
  const paid = await payByCard(app, provider.provider_order_id, provider.key);
  return {
    provider,
    proof: {
      payment_method: "razorpay",
      order_id: paid.razorpay_order_id,
      payment_id: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    },
  };
}

export const verifyLink = (app: FastifyInstance, proof: Record<string, unknown>) =>
  call(app, {}, "POST", "/api/pay-now/verify-payment", proof);
