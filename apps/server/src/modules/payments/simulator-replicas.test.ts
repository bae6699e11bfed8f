import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReplicaApp } from "../../testing/test-app";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  approvePayPal,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  verifyPayment,
  webhooksSettled,
} from "../checkout/test-support";
import { basicAuth } from "./http";
import { ProviderError, type PaymentProvider, type ProviderName } from "./provider";
import { deleteOldSimulatorRecords } from "./simulator/records";
import { paymentSimulatorRecords } from "./simulator/tables";

/**
 * Two replicas of one store (two apps over one database), each listening on its own port with its own
 * simulator, as behind a load balancer: whichever replica a call lands on, the simulated provider is one.
 */
let a: FastifyInstance;
let b: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  a = await createListeningTestApp();
  b = await createReplicaApp(a);
  b.config.publicUrl = await b.listen({ port: 0, host: "127.0.0.1" });
  const [picked] = await pickVariants(a, { minStock: 10 });
  if (!picked) throw new Error("no variant");
  variant = picked;
});
afterAll(async () => {
  await webhooksSettled(a);
  await webhooksSettled(b);
  await b.close();
  await a.close();
});

function provider(app: FastifyInstance, name: ProviderName): PaymentProvider {
  const found = app.services.payments.gateway.provider(name);
  if (!found?.simulated) throw new Error(`${name} is not simulated`);
  return found;
}

/** A call to `app`'s own simulator, as the store's adapters make it. */
async function simulator(app: FastifyInstance, path: string, init: RequestInit = {}) {
  const response = await fetch(`${app.config.publicUrl}/sim/${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Two refunds of the whole payment at once, one through each replica: which one wins is up to the race. */
async function refundTwiceAtOnce(name: ProviderName, paymentId: string, amount: number, currency: string) {
  const outcomes = await Promise.allSettled(
    [a, b].map((app, i) =>
      provider(app, name).refund({ paymentId, amount, currency, requestId: `double-${i}`, note: "Twice at once" }),
    ),
  );
  const made = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
  return { made, refused };
}

describe("the payment simulator across replicas", () => {
  it("Razorpay: an order A made is paid through B's widget, read and refunded through A; two refunds at once refund it once", async () => {
    const lines = [{ variant }];
    const cartId = await fillCart(a, lines, "INR");
    const amount = pageTotal(lines, "INR") * 100;
    const created = await createOrder(a, orderBody(cartId, "razorpay", "INR", amount));
    expect(created.statusCode).toBe(200);
    const { data } = created.json();
    const rzpOrderId = data.data.id as string;

    // The shopper's widget lands on replica B, which never saw the order A's simulator made.
    const paid = await payByCard(b, rzpOrderId, data.key);
    const verified = await verifyPayment(a, { amount, razorpay: true, cart_id: cartId, ...paid });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().status).toBe("paid");

    const keys = a.paymentSimulator!.credentials.razorpay;
    const auth = { authorization: basicAuth(keys.keyId, keys.keySecret) };
    const payment = await simulator(a, `razorpay/v1/payments/${paid.razorpay_payment_id}`, { headers: auth });
    expect(payment).toEqual({
      status: 200,
      body: expect.objectContaining({ order_id: rzpOrderId, amount, status: "captured", amount_refunded: 0 }),
    });
    const listed = await simulator(a, `razorpay/v1/orders/${rzpOrderId}/payments`, { headers: auth });
    expect(listed.body).toMatchObject({ count: 1, items: [{ id: paid.razorpay_payment_id }] });

    const { made, refused } = await refundTwiceAtOnce("razorpay", paid.razorpay_payment_id, amount, "INR");
    expect(made).toHaveLength(1);
    expect(refused).toEqual([expect.any(ProviderError)]);
    expect((refused[0] as ProviderError).status).toBe(400);
    const after = await simulator(b, `razorpay/v1/payments/${paid.razorpay_payment_id}`, { headers: auth });
    expect(after.body).toMatchObject({ status: "refunded", amount_refunded: amount, refund_status: "full" });
  });

  it("PayPal: A's token works on B; an order A made is approved through B, captured through A, and refunded once", async () => {
    const lines = [{ variant }];
    const cartId = await fillCart(a, lines, "USD");
    const total = pageTotal(lines, "USD");
    const created = await createOrder(a, orderBody(cartId, "paypal", "USD", total));
    expect(created.statusCode).toBe(200);
    const paypalOrderId = created.json().id as string;

    const approval = await approvePayPal(b, paypalOrderId);
    const verified = await verifyPayment(a, {
      amount: total * 100,
      razorpay: false,
      cart_id: cartId,
      orderID: approval.orderID,
    });
    expect(verified.json().status).toBe("paid");

    const keys = a.paymentSimulator!.credentials.paypal;
    const token = await simulator(a, "paypal/v1/oauth2/token", {
      method: "POST",
      headers: {
        authorization: basicAuth(keys.clientId, keys.clientSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    const bearer = { authorization: `Bearer ${String(token.body.access_token)}` };
    const order = await simulator(b, `paypal/v2/checkout/orders/${paypalOrderId}`, { headers: bearer });
    expect(order.status).toBe(200);
    expect(order.body.status).toBe("COMPLETED");
    const captureOf = (body: Record<string, unknown>) =>
      (body as { purchase_units: { payments: { captures: { id: string; status: string }[] } }[] }).purchase_units[0]!
        .payments.captures[0]!;
    const captureId = captureOf(order.body).id;
    expect(
      (
        await simulator(b, `paypal/v2/checkout/orders/${paypalOrderId}`, {
          headers: { authorization: "Bearer forged" },
        })
      ).status,
    ).toBe(401);

    const { made, refused } = await refundTwiceAtOnce("paypal", captureId, total * 100, "USD");
    expect(made).toHaveLength(1);
    expect(refused).toEqual([expect.any(ProviderError)]);
    expect((refused[0] as ProviderError).status).toBe(422);
    // The winner's PayPal-Request-Id, sent again to either replica, answers the same refund.
    const winner = made[0]!.refundId;
    for (const app of [a, b]) {
      const again = await Promise.allSettled(
        [0, 1].map((i) =>
          provider(app, "paypal").refund({
            paymentId: captureId,
            amount: total * 100,
            currency: "USD",
            requestId: `double-${i}`,
            note: "Again",
          }),
        ),
      );
      expect(again.flatMap((o) => (o.status === "fulfilled" ? [o.value.refundId] : []))).toEqual([winner]);
    }
    const refunded = await simulator(a, `paypal/v2/checkout/orders/${paypalOrderId}`, { headers: bearer });
    expect(captureOf(refunded.body).status).toBe("REFUNDED");
  });

  it("forgets records older than 30 days, keeping the rest", async () => {
    const db = a.database.db;
    const [oldest] = await db.select().from(paymentSimulatorRecords).limit(1);
    if (!oldest) throw new Error("no simulator records");
    const total = (await db.select().from(paymentSimulatorRecords)).length;
    const thatOne = and(
      eq(paymentSimulatorRecords.provider, oldest.provider),
      eq(paymentSimulatorRecords.kind, oldest.kind),
      eq(paymentSimulatorRecords.id, oldest.id),
    );
    await db
      .update(paymentSimulatorRecords)
      .set({ createdAt: sql`now() - make_interval(days => 31)` })
      .where(thatOne);
    expect(await deleteOldSimulatorRecords(db)).toBe(1);
    expect(await db.select().from(paymentSimulatorRecords).where(thatOne)).toEqual([]);
    expect((await db.select().from(paymentSimulatorRecords)).length).toBe(total - 1);
  });
});
