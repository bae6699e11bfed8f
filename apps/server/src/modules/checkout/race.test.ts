import { and, eq, sql } from "drizzle-orm";
import { COD_SHIPPING_FEE_INR } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { productVariants } from "../catalog/tables";
import {
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  setStock,
  stockOf,
  storedOrder,
  verifyPayment,
  webhooksSettled,
} from "./test-support";

/**
 * Races for the last piece, run truly in parallel: on PGlite (one connection, transactions serialised)
 * and, with DATABASE_URL set, on PostgreSQL (a pool, real concurrency decided by row locks).
 */
let app: FastifyInstance;
let variants: PickedVariant[];
beforeAll(async () => {
  app = await createListeningTestApp();
  variants = await pickVariants(app, { minStock: 1, count: 5 });
});
afterEach(async () => {
  app.paymentSimulator?.webhooks.release();
  await webhooksSettled(app);
});
afterAll(() => app.close());

function variantNo(i: number): PickedVariant {
  const v = variants[i];
  if (!v) throw new Error("no variant");
  return v;
}

/** One shopper's whole card checkout: create the order, pay in the widget, verify. */
async function cardCheckout(cartId: string, amount: number) {
  const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", amount));
  expect(created.statusCode).toBe(200);
  const { data } = created.json();
  const paid = await payByCard(app, data.data.id, data.key);
  const verified = await verifyPayment(app, { amount, razorpay: true, cart_id: cartId, ...paid });
  return { orderId: data.order_id as number, verified, body: { amount, razorpay: true, cart_id: cartId, ...paid } };
}

describe("two shoppers racing for the last piece", () => {
  it("sells it once by card: one paid order, the other cancelled with a 409 and its payment refunded", async () => {
    const piece = variantNo(0);
    await setStock(app, piece, 1);
    const carts = await Promise.all([fillCart(app, [{ variant: piece }], "INR"), fillCart(app, [{ variant: piece }], "INR")]);
    const amount = pageTotal([{ variant: piece }], "INR") * 100;
    app.paymentSimulator?.webhooks.hold(); // both browsers verify; the webhooks come later

    const results = await Promise.all(carts.map((cartId) => cardCheckout(cartId, amount)));

    expect(results.map((r) => r.verified.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.verified.statusCode === 409);
    const winner = results.find((r) => r.verified.statusCode === 200);
    if (!loser || !winner) throw new Error("unreachable");
    expect(loser.verified.json()).toEqual({
      message: `Sorry, ${piece.name} (size ${piece.size}) sold out while you were paying. Your payment will be refunded.`,
      code: "OUT_OF_STOCK",
      errors: [],
    });
    expect(await stockOf(app, piece)).toBe(0);
    expect((await storedOrder(app, winner.orderId)).order.status).toBe("paid");
    const lost = await storedOrder(app, loser.orderId);
    expect(lost.order.status).toBe("refunded"); // cancelled, then refunded once the simulator processed the refund
    expect(lost.events.map((e) => e.toStatus)).toEqual(["pending_payment", "cancelled", "refunded"]);
    expect(lost.payment).toMatchObject({ status: "refunded", refundId: expect.stringMatching(/^rfnd_/) });

    // The late webhooks and a replayed verify change nothing, and answer as before.
    app.paymentSimulator?.webhooks.release();
    await webhooksSettled(app);
    const replay = await verifyPayment(app, loser.body);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual(loser.verified.json());
    expect(await stockOf(app, piece)).toBe(0);
    expect((await storedOrder(app, winner.orderId)).order.status).toBe("paid");
    expect((await storedOrder(app, loser.orderId)).events).toHaveLength(3);
  });

  // PostgreSQL only: PGlite has one connection, so a held row lock would block the verifies' own queries.
  it.runIf(Boolean(process.env.DATABASE_URL))("decides by the guarded update when both settlements wait on the stock row at the same moment", async () => {
    const piece = variantNo(4);
    await setStock(app, piece, 1);
    const carts = await Promise.all([fillCart(app, [{ variant: piece }], "INR"), fillCart(app, [{ variant: piece }], "INR")]);
    const amount = pageTotal([{ variant: piece }], "INR") * 100;
    app.paymentSimulator?.webhooks.hold();
    const proofs = await Promise.all(carts.map(async (cartId) => {
      const { data } = (await createOrder(app, orderBody(cartId, "razorpay", "INR", amount))).json();
      return { amount, razorpay: true, cart_id: cartId, ...(await payByCard(app, data.data.id, data.key)) };
    }));
    const db = app.database.db;
    const waitingOnLocks = () => db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);

    let verifying: Promise<Awaited<ReturnType<typeof verifyPayment>>[]> = Promise.resolve([]);
    await db.transaction(async (tx) => {
      await tx.select({ id: productVariants.id }).from(productVariants)
        .where(and(eq(productVariants.productId, piece.productId), eq(productVariants.size, piece.size))).for("update");
      verifying = Promise.all(proofs.map((proof) => verifyPayment(app, proof)));
      // Both verify transactions are now open at once, each blocked on the row this one holds.
      await vi.waitFor(async () => expect((await waitingOnLocks())[0]?.n).toBe(2), { timeout: 15_000, interval: 25 });
    });
    const results = await verifying;
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(app, piece)).toBe(0);
  });

  it("settles once when the verify and the webhook for the same payment arrive together", async () => {
    const piece = variantNo(1);
    await setStock(app, piece, 5);
    const cartId = await fillCart(app, [{ variant: piece, quantity: 2 }], "INR");
    const amount = pageTotal([{ variant: piece, quantity: 2 }], "INR") * 100;
    app.paymentSimulator?.webhooks.hold();
    const created = (await createOrder(app, orderBody(cartId, "razorpay", "INR", amount))).json().data;
    const paid = await payByCard(app, created.data.id, created.key);

    const [verified] = await Promise.all([
      verifyPayment(app, { amount, razorpay: true, cart_id: cartId, ...paid }),
      (async () => {
        app.paymentSimulator?.webhooks.release();
        await webhooksSettled(app);
      })(),
    ]);
    expect(verified.statusCode).toBe(200);
    expect(await stockOf(app, piece)).toBe(3);
    expect((await storedOrder(app, created.order_id)).events.map((e) => e.toStatus)).toEqual(["pending_payment", "paid"]);
  });

  it("sells it once by cash on delivery: one confirmed, the other refused with nothing stored", async () => {
    const piece = variantNo(2);
    await setStock(app, piece, 1);
    const lines = [{ variant: piece }];
    const carts = await Promise.all([fillCart(app, lines, "INR"), fillCart(app, lines, "INR")]);
    const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });

    const results = await Promise.all(carts.map((cartId) => createOrder(app, orderBody(cartId, "cod", "INR", amount))));

    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe("OUT_OF_STOCK");
    expect(await stockOf(app, piece)).toBe(0);
  });
});
