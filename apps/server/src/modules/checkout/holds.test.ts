import { endInNine, toMinorUnits } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { giveBackOnClose } from "../store-credit/ledger";
import { expireLapsedOrders } from "../orders/expiry";
import {
  approvePayPal,
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

/** Unpaid card and wallet orders hold their pieces for a while; what happens when the time runs out. */
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

const piece = (i: number) => {
  const v = variants[i];
  if (!v) throw new Error("no variant");
  return v;
};

/** A card order for one piece of `variant` in a fresh cart (or `cartId`). */
async function cardOrder(variant: PickedVariant, cartId?: string) {
  const lines = [{ variant }];
  const cart = cartId ?? (await fillCart(app, lines, "INR"));
  const amount = pageTotal(lines, "INR") * 100;
  const res = await createOrder(app, orderBody(cart, "razorpay", "INR", amount));
  expect(res.statusCode, res.body).toBe(200);
  const { data } = res.json();
  return {
    cartId: cart,
    amount,
    orderId: data.order_id as number,
    rzpOrderId: data.data.id as string,
    key: data.key as string,
  };
}

async function payCard(order: Awaited<ReturnType<typeof cardOrder>>) {
  const paid = await payByCard(app, order.rzpOrderId, order.key);
  return verifyPayment(app, { amount: order.amount, razorpay: true, cart_id: order.cartId, ...paid });
}

async function expire(orderId: number) {
  await lapse(app, orderId);
  await expireLapsedOrders(app.database.db, giveBackOnClose);
}

describe("an unpaid order's hold", () => {
  it("lapses after its time: the pieces are back on sale and the cart's next checkout is a new order", async () => {
    const variant = piece(0);
    await setStock(app, variant, 3);
    const order = await cardOrder(variant);
    expect(await stockOf(app, variant)).toBe(2);
    const stored = await storedOrder(app, order.orderId);
    expect(stored.order).toMatchObject({ status: "pending_payment", stockHeld: true, clientIp: "127.0.0.1" });
    // Fifteen minutes from now (the database's clock and ours may differ by a moment).
    expect(Math.abs(stored.order.expiresAt!.getTime() - stored.order.createdAt.getTime() - 15 * 60_000)).toBeLessThan(
      5_000,
    );

    expect(await expireLapsedOrders(app.database.db, giveBackOnClose)).toBe(0);
    await expire(order.orderId);
    expect(await stockOf(app, variant)).toBe(3);
    const expired = await storedOrder(app, order.orderId);
    expect(expired.order).toMatchObject({ status: "expired", stockHeld: false, expiresAt: null });
    expect(expired.events.at(-1)).toMatchObject({
      fromStatus: "pending_payment",
      toStatus: "expired",
      data: { reason: "EXPIRED" },
    });

    const again = await cardOrder(variant, order.cartId);
    expect(again.orderId).not.toBe(order.orderId);
    expect(await stockOf(app, variant)).toBe(2);
  });

  it("lapses at once when the shopper comes back to the same checkout after its time, before the sweep ran", async () => {
    const variant = piece(1);
    await setStock(app, variant, 2);
    const order = await cardOrder(variant);
    await lapse(app, order.orderId);
    const again = await cardOrder(variant, order.cartId);
    expect(again.orderId).not.toBe(order.orderId);
    expect((await storedOrder(app, order.orderId)).order.status).toBe("expired");
    expect(await stockOf(app, variant)).toBe(1);
  });

  it("still honours a payment that arrives after the order expired, when the piece is still there", async () => {
    const variant = piece(2);
    await setStock(app, variant, 1);
    const order = await cardOrder(variant);
    await expire(order.orderId);
    expect(await stockOf(app, variant)).toBe(1);

    const verified = await payCard(order);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ order_id: order.orderId, status: "paid" });
    expect(await stockOf(app, variant)).toBe(0);
    expect((await storedOrder(app, order.orderId)).events.map((e) => e.toStatus)).toEqual([
      "pending_payment",
      "expired",
      "paid",
    ]);
  });

  it("refunds a late payment whose piece sold meanwhile, and says so even when the webhook settled it first", async () => {
    const variant = piece(3);
    await setStock(app, variant, 1);
    const late = await cardOrder(variant);
    await expire(late.orderId);
    const other = await cardOrder(variant);
    expect((await payCard(other)).statusCode).toBe(200);

    // The late shopper pays in the widget. Their browser's verify reaches the provider just after the
    // provider's webhook reached us (which settled the payment and refunded it): the provider then says
    // "refunded", not "captured".
    app.paymentSimulator?.webhooks.hold();
    const paid = await payByCard(app, late.rzpOrderId, late.key);
    const razorpay = app.services.payments.gateway.provider("razorpay");
    if (!razorpay) throw new Error("no razorpay");
    const capture = razorpay.capture.bind(razorpay);
    const spy = vi.spyOn(razorpay, "capture").mockImplementationOnce(async (proof) => {
      app.paymentSimulator?.webhooks.release();
      await webhooksSettled(app);
      return capture(proof);
    });
    const verified = await verifyPayment(app, { amount: late.amount, razorpay: true, cart_id: late.cartId, ...paid });
    expect(spy).toHaveBeenCalledOnce();

    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toMatchObject({
      code: "OUT_OF_STOCK",
      message: `Sorry, ${variant.name} (size ${variant.size}) sold out while you were paying. Your payment will be refunded.`,
    });
    const stored = await storedOrder(app, late.orderId);
    expect(stored.order.status).toBe("refunded");
    expect(stored.payment).toMatchObject({ status: "refunded" });
    expect(stored.refunds).toMatchObject([
      {
        reason: "payment_refused",
        status: "refunded",
        amount: late.amount,
        providerRefundId: expect.stringMatching(/^rfnd_/),
      },
    ]);
    expect(await stockOf(app, variant)).toBe(0);
  });
});

describe("one cart, two attempts (a second tab, another payment method)", () => {
  it("keeps one open order per cart, holding the pieces once; paying both charges the cart once and refunds the other", async () => {
    const variant = piece(4);
    await setStock(app, variant, 5);
    const card = await cardOrder(variant);
    expect(await stockOf(app, variant)).toBe(4);
    const lines = [{ variant }];
    const walletAmount = endInNine(pageTotal(lines, "INR"));
    const wallet = await createOrder(app, orderBody(card.cartId, "paypal", "INR", walletAmount));
    expect(wallet.statusCode).toBe(200);
    // The card attempt was replaced: its hold went back, the wallet's took it.
    expect(await stockOf(app, variant)).toBe(4);
    expect((await storedOrder(app, card.orderId)).order.status).toBe("expired");
    expect((await storedOrder(app, card.orderId)).events.at(-1)?.data).toEqual({ reason: "SUPERSEDED" });

    // The card's widget was still open: that payment is honoured (nothing of the cart was bought yet)...
    expect((await payCard(card)).statusCode).toBe(200);
    expect((await storedOrder(app, wallet.json().order_id)).order.status).toBe("expired");
    // ...and the wallet's, paid after it, is refunded: the cart was bought once.
    const approved = await approvePayPal(app, wallet.json().id);
    const second = await verifyPayment(app, {
      razorpay: false,
      orderID: approved.orderID,
      amount: toMinorUnits(walletAmount),
      cart_id: card.cartId,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: "ALREADY_ORDERED",
      message: `This cart was already ordered as order #${card.orderId}. This payment will be refunded.`,
    });
    expect((await storedOrder(app, wallet.json().order_id)).payment?.status).toBe("refunded");
    expect(await stockOf(app, variant)).toBe(4);
  });
});

describe("open orders per client", () => {
  let capped: FastifyInstance;
  beforeAll(async () => {
    capped = await createListeningTestApp({ config: { checkout: { holdMinutes: 15, openOrdersPerClient: 2 } } });
  });
  afterAll(() => capped.close());

  it("are capped, so one client cannot hold the shop's stock; another client is not affected", async () => {
    const [variant] = await pickVariants(capped, { minStock: 10 });
    if (!variant) throw new Error("no variant");
    const lines = [{ variant }];
    const amount = pageTotal(lines, "INR") * 100;
    const from = (remoteAddress: string, cartId: string) =>
      capped.inject({
        method: "POST",
        url: "/api/create-order/",
        remoteAddress,
        payload: orderBody(cartId, "razorpay", "INR", amount),
      });
    const carts = [];
    for (let i = 0; i < 3; i++) carts.push(await fillCart(capped, lines, "INR"));

    expect((await from("203.0.113.7", carts[0]!)).statusCode).toBe(200);
    expect((await from("203.0.113.7", carts[1]!)).statusCode).toBe(200);
    // The same checkout again (a second tab) is not a new hold.
    expect((await from("203.0.113.7", carts[1]!)).statusCode).toBe(200);
    const before = await stockOf(capped, variant);
    const third = await from("203.0.113.7", carts[2]!);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      code: "TOO_MANY_OPEN_ORDERS",
      message: expect.stringContaining("15 minutes"),
    });
    expect(await stockOf(capped, variant)).toBe(before);
    expect((await from("198.51.100.9", carts[2]!)).statusCode).toBe(200);
  });
});
