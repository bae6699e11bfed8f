import { and, eq, sql } from "drizzle-orm";
import { COD_SHIPPING_FEE_INR } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { productVariants } from "../catalog/tables";
import { promoCodes } from "../promo/tables";
import { giveBackOnClose } from "../store-credit/ledger";
import { expireLapsedOrders } from "../orders/expiry";
import {
  codeSentTo,
  confirmCod,
  createListeningTestApp,
  createOrder,
  fillCart,
  lapse,
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
 * Races for the last piece and the last promo use, run truly in parallel: on PGlite (one connection,
 * transactions serialised) and, with DATABASE_URL set, on PostgreSQL (a pool, real concurrency decided by
 * row locks).
 */
let app: FastifyInstance;
let variants: PickedVariant[];
beforeAll(async () => {
  app = await createListeningTestApp();
  variants = await pickVariants(app, { minStock: 1, count: 6 });
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

const usedCount = async (code: string) =>
  (await app.database.db.select({ n: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.code, code)))[0]?.n;

describe("two shoppers racing for the last piece", () => {
  it("holds it for the first card order; the other shopper learns it is gone before paying", async () => {
    const piece = variantNo(0);
    await setStock(app, piece, 1);
    const carts = await Promise.all([
      fillCart(app, [{ variant: piece }], "INR"),
      fillCart(app, [{ variant: piece }], "INR"),
    ]);
    const amount = pageTotal([{ variant: piece }], "INR") * 100;

    const created = await Promise.all(
      carts.map((cartId) => createOrder(app, orderBody(cartId, "razorpay", "INR", amount))),
    );

    expect(created.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = created.find((r) => r.statusCode === 409);
    // Seen when pricing the cart ("is sold out") or, when both priced it at once, when taking it ("has just sold out").
    expect(loser?.json().code).toBe("OUT_OF_STOCK");
    expect([
      `Sorry, ${piece.name} (size ${piece.size}) is sold out.`,
      `Sorry, ${piece.name} (size ${piece.size}) has just sold out.`,
    ]).toContain(loser?.json().message.split(" Please")[0]);
    expect(await stockOf(app, piece)).toBe(0);

    const winner = created.find((r) => r.statusCode === 200)?.json().data;
    const winnerCart = carts[created.findIndex((r) => r.statusCode === 200)];
    const paid = await payByCard(app, winner.data.id, winner.key);
    expect((await verifyPayment(app, { amount, razorpay: true, cart_id: winnerCart, ...paid })).statusCode).toBe(200);
    expect((await storedOrder(app, winner.order_id)).order.status).toBe("paid");
    expect(await stockOf(app, piece)).toBe(0);
  });

  // PostgreSQL only: PGlite has one connection, so a held row lock would block the checkouts' own queries.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "decides by the guarded update when both checkouts wait on the stock row at the same moment",
    async () => {
      const piece = variantNo(4);
      await setStock(app, piece, 1);
      const carts = await Promise.all([
        fillCart(app, [{ variant: piece }], "INR"),
        fillCart(app, [{ variant: piece }], "INR"),
      ]);
      const amount = pageTotal([{ variant: piece }], "INR") * 100;
      const db = app.database.db;
      const waitingOnLocks = () =>
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(sql`pg_stat_activity`)
          .where(sql`datname = current_database() and wait_event_type = 'Lock'`);

      let creating: Promise<Awaited<ReturnType<typeof createOrder>>[]> = Promise.resolve([]);
      await db.transaction(async (tx) => {
        await tx
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(and(eq(productVariants.productId, piece.productId), eq(productVariants.size, piece.size)))
          .for("update");
        creating = Promise.all(carts.map((cartId) => createOrder(app, orderBody(cartId, "razorpay", "INR", amount))));
        // Both checkout transactions are now open at once, each blocked on the row this one holds.
        await vi.waitFor(async () => expect((await waitingOnLocks())[0]?.n).toBe(2), { timeout: 15_000, interval: 25 });
      });
      const results = await creating;
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await stockOf(app, piece)).toBe(0);
    },
  );

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
    expect((await storedOrder(app, created.order_id)).events.map((e) => e.toStatus)).toEqual([
      "pending_payment",
      "paid",
    ]);
  });

  it("sells it once by cash on delivery: the first code confirmed wins, the other is refused with nothing taken", async () => {
    const piece = variantNo(2);
    await setStock(app, piece, 1);
    const lines = [{ variant: piece }];
    const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
    const waiting = await Promise.all(
      ["race.a@example.in", "race.b@example.in"].map(async (email) => {
        const created = await createOrder(
          app,
          orderBody(await fillCart(app, lines, "INR"), "cod", "INR", amount, { email }),
        );
        expect(created.statusCode).toBe(200);
        return { order_id: created.json().order_id as number, code: await codeSentTo(app, email) };
      }),
    );

    const results = await Promise.all(waiting.map((body) => confirmCod(app, body)));

    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe("OUT_OF_STOCK");
    expect(await stockOf(app, piece)).toBe(0);
  });
});

describe("a promo code with max_uses = 1, wanted by 20 shoppers paying by card", () => {
  const CODE = "RACE1";
  const lines = () => [{ variant: variantNo(5) }];
  const discounted = () => {
    const subtotal = pageTotal(lines(), "INR");
    return (subtotal - Math.floor(subtotal / 10)) * 100;
  };
  const checkoutWithCode = async () =>
    createOrder(
      app,
      orderBody(await fillCart(app, lines(), "INR"), "razorpay", "INR", discounted(), { promo_code: CODE }),
    );

  beforeAll(async () => {
    await setStock(app, variantNo(5), 1000);
    await app.database.db.insert(promoCodes).values({ code: CODE, kind: "percent", value: 10, maxUses: 1 });
  });

  it("gives the discount to exactly one order, whether they race or create their orders one after the other", async () => {
    const racing = await Promise.all(Array.from({ length: 20 }, checkoutWithCode));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of racing.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: "PROMO_NOT_APPLICABLE",
        message: "This promo code has reached its usage limit.",
      });
    }
    expect(await usedCount(CODE)).toBe(1);

    // Created one by one, to be paid later: still only the first holds the use.
    const oneByOne = [];
    for (let i = 0; i < 5; i++) oneByOne.push((await checkoutWithCode()).statusCode);
    expect(oneByOne).toEqual([422, 422, 422, 422, 422]);

    // Paid: the use is spent, not counted again.
    const winner = racing.find((r) => r.statusCode === 200)?.json().data;
    const paid = await payByCard(app, winner.data.id, winner.key);
    expect((await verifyPayment(app, { amount: discounted(), razorpay: true, ...paid })).statusCode).toBe(200);
    expect(await usedCount(CODE)).toBe(1);
  });

  it("gives the use back when the order holding it expires unpaid, so the next shopper can have it", async () => {
    await app.database.db.update(promoCodes).set({ usedCount: 0 }).where(eq(promoCodes.code, CODE));
    const holder = await checkoutWithCode();
    expect(holder.statusCode).toBe(200);
    expect((await checkoutWithCode()).statusCode).toBe(422);

    await lapse(app, holder.json().data.order_id);
    expect(await expireLapsedOrders(app.database.db, giveBackOnClose)).toBeGreaterThanOrEqual(1);
    expect(await usedCount(CODE)).toBe(0);
    expect((await storedOrder(app, holder.json().data.order_id)).order).toMatchObject({
      status: "expired",
      promoHeld: false,
    });

    expect((await checkoutWithCode()).statusCode).toBe(200);
    expect(await usedCount(CODE)).toBe(1);
  });
});
