import { and, eq, sql } from "drizzle-orm";
import { COD_SHIPPING_FEE_INR } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader, verifiedShopper } from "../accounts/test-support";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { giveBackOnClose, balanceOf } from "../store-credit/ledger";
import { storeCreditEntries } from "../store-credit/tables";
import { expireLapsedOrders } from "../orders/expiry";
import {
  createListeningTestApp,
  createOrder,
  fillCart,
  lapse,
  orderBody,
  pageTotal,
  payByCard,
  storedOrder,
  verifyPayment,
  webhooksSettled,
} from "./test-support";

/**
 * Issue 42 point 3 (decision 088): store credit spent at checkout, the rest through the usual methods, and given
 * back once when the order closes unpaid, is cancelled or refunded.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let variant: PickedVariant;

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [variant] = (await pickVariants(app, { minStock: 40, count: 1 })) as [PickedVariant];
});
afterEach(async () => {
  await webhooksSettled(app);
});
afterAll(() => app.close());

const db = () => app.database.db;
const lines = () => [{ variant }];
/** The one-piece order's total in rupees, as the page shows it. */
const total = () => pageTotal(lines(), "INR");

/** A signed-in shopper (e-mail verified: cash on delivery is confirmed at once) holding `rupees` of credit. */
async function shopperWith(rupees: number) {
  const s = await verifiedShopper(app);
  const headers = tokenHeader(s.token);
  if (rupees > 0) {
    const res = await call(app, admin, "POST", `/api/admin/store-credit/${s.user.id}/adjust`, {
      currency: "INR",
      amount: rupees,
      reason: "Test credit",
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { id: s.user.id, email: s.email, headers };
}
type Shopper = Awaited<ReturnType<typeof shopperWith>>;

/** The balance, checked against the ledger's own sum. */
async function balance(who: Shopper): Promise<number> {
  const [sum] = await db()
    .select({ total: sql<number>`coalesce(sum(${storeCreditEntries.amountMinor}), 0)::int` })
    .from(storeCreditEntries)
    .where(and(eq(storeCreditEntries.userId, who.id), eq(storeCreditEntries.currency, "INR")));
  const minor = await balanceOf(db(), who.id, "INR");
  expect(minor).toBe(sum!.total);
  expect(minor).toBeGreaterThanOrEqual(0);
  return minor;
}

/** The shopper's one cart is filled once: a refused checkout leaves its lines, and the next one reuses them. */
const carts = new Map<number, string>();
async function checkout(who: Shopper, method: string, amount: number, extra: Record<string, unknown> = {}) {
  const cartId = carts.get(who.id) ?? (await fillCart(app, lines(), "INR", who.headers));
  carts.set(who.id, cartId);
  const body = orderBody(cartId, method === "cod" ? "cod" : "razorpay", "INR", amount, {
    use_store_credit: true,
    ...(method === "store_credit" && { payment_method: "store_credit" }),
    ...extra,
  });
  return { cartId, body, res: await createOrder(app, body, who.headers) };
}

const entriesOf = (orderId: number) =>
  db().select().from(storeCreditEntries).where(eq(storeCreditEntries.orderId, orderId));

describe("spending store credit at checkout", () => {
  it("pays part of a card order: the provider charges the rest, the credit is spent once with the order", async () => {
    const who = await shopperWith(100);
    const { body, res } = await checkout(who, "razorpay", total() * 100, { store_credit_amount: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ store_credit: 100, to_pay: total() - 100 });
    expect(data.data.amount).toBe((total() - 100) * 100);
    expect(await balance(who)).toBe(0);
    const stored = await storedOrder(app, data.order_id);
    expect(stored.order).toMatchObject({ storeCredit: 10_000, total: total() * 100, paymentMethod: "razorpay" });
    expect(stored.payment?.amount).toBe((total() - 100) * 100);

    // A second tab finds the same order: the same answer, nothing more spent.
    const again = await createOrder(app, body, who.headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.order_id).toBe(data.order_id);
    expect((await entriesOf(data.order_id)).filter((e) => e.kind === "spent")).toHaveLength(1);

    const paid = await payByCard(app, data.data.id, data.key);
    const verified = await verifyPayment(app, { amount: total() * 100, razorpay: true, ...paid });
    expect(verified.json(), verified.body).toMatchObject({ status: "paid" });
    // The invoice's value is the order's total: credit is a way of paying, not a discount.
    const order = await call(app, who.headers, "GET", `/api/orders/${data.order_id}`);
    expect(order.json().data).toMatchObject({ total: total(), store_credit: 100, to_pay: total() - 100 });
    expect(await balance(who)).toBe(0);
  });

  it("pays part of a cash-on-delivery order: the courier collects the rest", async () => {
    const who = await shopperWith(50);
    const codTotal = total() + COD_SHIPPING_FEE_INR;
    const { res } = await checkout(who, "cod", codTotal);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "cod_confirmed",
      amount: codTotal,
      store_credit: 50,
      to_pay: codTotal - 50,
    });
    const order = await call(app, who.headers, "GET", `/api/orders/${res.json().order_id}`);
    expect(order.json().data).toMatchObject({ payment_method: "cod", store_credit: 50, to_pay: codTotal - 50 });
    expect(await balance(who)).toBe(0);
  });

  it("pays a whole order: paid at once, no provider, 'Store credit' its method", async () => {
    const who = await shopperWith(total() + 20);
    const { res } = await checkout(who, "store_credit", total(), { store_credit_amount: total() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "paid", amount: total(), store_credit: total(), to_pay: 0 });
    const stored = await storedOrder(app, res.json().order_id);
    expect(stored.order).toMatchObject({ status: "paid", paymentMethod: "store_credit", storeCredit: total() * 100 });
    expect(stored.payment).toBeUndefined();
    expect(await balance(who)).toBe(2000);
  });

  it("gives the credit back once when the unpaid order lapses, however often the sweep runs", async () => {
    const who = await shopperWith(100);
    const { res } = await checkout(who, "razorpay", total() * 100);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().data.order_id as number;
    expect(await balance(who)).toBe(0);
    await lapse(app, orderId);
    await Promise.all([expireLapsedOrders(db(), giveBackOnClose), expireLapsedOrders(db(), giveBackOnClose)]);
    await expireLapsedOrders(db(), giveBackOnClose);
    expect((await storedOrder(app, orderId)).order.status).toBe("expired");
    expect((await entriesOf(orderId)).map((e) => [e.kind, e.amountMinor, e.cause])).toEqual([
      ["spent", -10_000, null],
      ["given_back", 10_000, "closed"],
    ]);
    expect(await balance(who)).toBe(10_000);
  });

  it("refuses a guest, a balance below what was shown, and bad input, changing nothing", async () => {
    const guestCart = await fillCart(app, lines(), "INR");
    const guest = await createOrder(
      app,
      orderBody(guestCart, "razorpay", "INR", total() * 100, { use_store_credit: true, email: "g@example.in" }),
    );
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toMatch(/Sign in/);

    const who = await shopperWith(30);
    const low = await checkout(who, "razorpay", total() * 100, { store_credit_amount: 40 });
    expect(low.res.statusCode).toBe(409);
    expect(low.res.json()).toMatchObject({ code: "STORE_CREDIT_TOO_LOW" });
    expect(low.res.json().message).toMatch(/₹30/);
    const whole = await checkout(who, "store_credit", total());
    expect(whole.res.json()).toMatchObject({ code: "STORE_CREDIT_TOO_LOW" });
    const nothing = await newShopper(app);
    const none = await createOrder(
      app,
      orderBody(await fillCart(app, lines(), "INR", tokenHeader(nothing.token)), "razorpay", "INR", total() * 100, {
        use_store_credit: true,
      }),
      tokenHeader(nothing.token),
    );
    expect(none.statusCode).toBe(409);
    const above = await checkout(who, "razorpay", total() * 100, { store_credit_amount: total() + 1 });
    expect(above.res.statusCode).toBe(422);
    expect(await balance(who)).toBe(3000);
  });
});

describe("giving store credit back exactly once", () => {
  const status = (id: number, body: Record<string, unknown>) =>
    call(app, admin, "POST", `/api/admin/orders/${id}/status`, body);
  const givenBack = async (orderId: number) =>
    (await entriesOf(orderId)).filter((e) => e.kind === "given_back").map((e) => [e.cause, e.amountMinor]);

  it("a paid order cancelled: the card gets its part back, the credit its own, once", async () => {
    const who = await shopperWith(100);
    const { body, res } = await checkout(who, "razorpay", total() * 100);
    const { data } = res.json();
    const paid = await payByCard(app, data.data.id, data.key);
    expect((await verifyPayment(app, { ...body, ...paid })).json().status).toBe("paid");
    const cancelled = await status(data.order_id, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refund).toMatchObject({
      paid_minor: total() * 100,
      refund_minor: total() * 100,
      store_credit_minor: 10_000,
    });
    await webhooksSettled(app);
    const stored = await storedOrder(app, data.order_id);
    expect(stored.refunds.map((r) => [r.reason, r.amount])).toEqual([["order_cancelled", (total() - 100) * 100]]);
    expect(await givenBack(data.order_id)).toEqual([["cancelled", 10_000]]);
    expect((await status(data.order_id, { status: "cancelled" })).statusCode).toBe(409);
    expect(await balance(who)).toBe(10_000);
  });

  it("a cash-on-delivery order cancelled before delivery: only the credit was paid, and it is back at once", async () => {
    const who = await shopperWith(50);
    const { res } = await checkout(who, "cod", total() + COD_SHIPPING_FEE_INR);
    const orderId = res.json().order_id as number;
    const cancelled = await status(orderId, { status: "cancelled" });
    expect(cancelled.json().refund).toMatchObject({ refund_minor: 5000, store_credit_minor: 5000, status: "refunded" });
    expect(cancelled.json().order.status).toBe("refunded");
    expect((await storedOrder(app, orderId)).refunds).toEqual([]);
    expect(await givenBack(orderId)).toEqual([["cancelled", 5000]]);
    expect(await balance(who)).toBe(5000);
  });

  it("pieces cancelled: their value comes off the card's part first, then off the credit", async () => {
    const price = total();
    const credit = Math.round(price * 1.5);
    const who = await shopperWith(credit);
    const two = [{ variant, quantity: 2 }];
    const cartId = await fillCart(app, two, "INR", who.headers);
    const body = orderBody(cartId, "razorpay", "INR", 2 * price * 100, { use_store_credit: true });
    const { data } = (await createOrder(app, body, who.headers)).json();
    expect(data.to_pay).toBe(2 * price - credit);
    const paid = await payByCard(app, data.data.id, data.key);
    expect((await verifyPayment(app, { ...body, ...paid })).json().status).toBe("paid");
    const [line] = (await storedOrder(app, data.order_id)).lines;
    const cancel = () =>
      call(app, admin, "POST", `/api/admin/orders/${data.order_id}/cancel-lines`, {
        lines: [{ line_id: line!.id, quantity: 1 }],
      });
    const res = await cancel();
    expect(res.statusCode, res.body).toBe(200);
    const card = 2 * price - credit;
    expect(res.json().refund).toMatchObject({ refund_minor: price * 100, store_credit_minor: (price - card) * 100 });
    await webhooksSettled(app);
    const stored = await storedOrder(app, data.order_id);
    expect(stored.refunds.map((r) => [r.reason, r.amount])).toEqual([["pieces_cancelled", card * 100]]);
    expect(await givenBack(data.order_id)).toEqual([[expect.stringMatching(/^pieces:\d+$/), (price - card) * 100]]);
    // The one piece left is paid by credit alone now.
    const page = await call(app, who.headers, "GET", `/api/orders/${data.order_id}`);
    expect(page.json().data).toMatchObject({ total: price, store_credit: price, to_pay: 0 });
    expect(await balance(who)).toBe((price - card) * 100);
  });

  it("a lapsed order paid late is refunded whole: its credit went back once, when it lapsed", async () => {
    const who = await shopperWith(100);
    const { body, res } = await checkout(who, "razorpay", total() * 100);
    const { data } = res.json();
    await lapse(app, data.order_id);
    expect(await expireLapsedOrders(db(), giveBackOnClose)).toBeGreaterThanOrEqual(1);
    const paid = await payByCard(app, data.data.id, data.key);
    const verified = await verifyPayment(app, { ...body, ...paid });
    expect(verified.json().code, verified.body).toBe("STORE_CREDIT_RETURNED");
    await webhooksSettled(app);
    const stored = await storedOrder(app, data.order_id);
    // Cancelled, then refunded once the provider gave the payment back.
    expect(stored.order.status).toBe("refunded");
    expect(stored.refunds.map((r) => [r.reason, r.amount])).toEqual([["payment_refused", (total() - 100) * 100]]);
    expect(await givenBack(data.order_id)).toEqual([["closed", 10_000]]);
    expect(await balance(who)).toBe(10_000);
  });
});
