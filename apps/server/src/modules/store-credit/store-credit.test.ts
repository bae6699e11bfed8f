import { and, asc, eq, sql } from "drizzle-orm";
import {
  COD_SHIPPING_FEE_INR,
  priceIn,
  type AdminReturnStepResponse,
  type AdminStoreCreditLedger,
  type AdminStoreCreditOverview,
  type ReturnView,
  type StoreCreditView,
} from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, courierMoves, insertOrder, newAdmin } from "../admin/test-support";
import { auditLog } from "../admin/tables";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  codeSentTo,
  confirmCod,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  verifyPayment,
  webhooksSettled,
} from "../checkout/test-support";
import { emailOutbox } from "../../email/tables";
import { refunds } from "../payments/tables";
import { orderLines } from "../orders/tables";
import { balanceOf, giveBackCredit, spendCredit } from "./ledger";
import { storeCreditEntries } from "./tables";

/**
 * Issue 42, first slice (decision 087): the store-credit ledger. Every movement is a row never changed; the
 * balance is their sum; a return, a spend and its give-back happen once; no debit overdraws, even many at once
 * (on PGlite, transactions take turns; with DATABASE_URL on PostgreSQL, a pool races for real).
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let variant: PickedVariant;

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [variant] = (await pickVariants(app, { minStock: 30, count: 1 })) as [PickedVariant];
});
afterEach(async () => {
  await webhooksSettled(app);
  await app.services.shipping.gateway.simulator?.settled();
});
afterAll(() => app.close());

const db = () => app.database.db;
const DELIVER = ["advance", "advance", "advance", "advance", "advance"] as const;

async function shopper() {
  const s = await newShopper(app);
  return { id: s.user.id, email: s.email, headers: tokenHeader(s.token) };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

/** The shopper's own view, and the ledger's sum checked against it. */
async function creditOf(who: Shopper): Promise<StoreCreditView> {
  const res = await call(app, who.headers, "GET", "/api/store-credit/");
  expect(res.statusCode, res.body).toBe(200);
  const view = res.json<StoreCreditView>();
  for (const b of view.balances) {
    const [sum] = await db()
      .select({ total: sql<number>`sum(${storeCreditEntries.amountMinor})::int` })
      .from(storeCreditEntries)
      .where(and(eq(storeCreditEntries.userId, who.id), eq(storeCreditEntries.currency, b.currency)));
    expect(Math.round(b.amount * 100)).toBe(sum!.total);
  }
  return view;
}
const inr = (view: StoreCreditView) => view.balances.find((b) => b.currency === "INR")?.amount ?? 0;

const adjust = (userId: number, body: unknown, headers = admin) =>
  call(app, headers, "POST", `/api/admin/store-credit/${userId}/adjust`, body);

/** A signed-in shopper's card order, paid through the simulator and delivered by the courier simulator. */
async function deliveredOrder(
  who: Shopper,
  method: "card" | "cod" = "card",
  extra: Record<string, unknown> = {},
): Promise<number> {
  const lines = [{ variant, quantity: 2 }];
  const cartId = await fillCart(app, lines, "INR", who.headers);
  if (method === "cod") {
    const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
    const created = await createOrder(app, orderBody(cartId, "cod", "INR", amount), who.headers);
    expect(created.statusCode, created.body).toBe(200);
    const orderId = created.json().order_id as number;
    const code = await codeSentTo(app, who.email);
    expect((await confirmCod(app, { order_id: orderId, code }, who.headers)).statusCode).toBe(200);
    await courierMoves(app, admin, orderId, DELIVER);
    return orderId;
  }
  const total = pageTotal(lines, "INR") * 100;
  const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, extra), who.headers);
  expect(created.statusCode, created.body).toBe(200);
  const { data } = created.json();
  const paid = await payByCard(app, data.data.id, data.key);
  const verified = await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid }, who.headers);
  expect(verified.json().status, verified.body).toBe("paid");
  await courierMoves(app, admin, data.order_id, DELIVER);
  return data.order_id as number;
}

async function askReturn(who: Shopper, orderId: number, extra: Record<string, unknown>) {
  const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return call(app, who.headers, "POST", `/api/orders/${orderId}/returns`, {
    kind: "return",
    reason: "Changed my mind",
    lines: [{ line_id: line!.id, quantity: 1 }],
    ...extra,
  });
}

async function acceptReturn(id: number, inspection: Record<string, unknown> = { outcome: "accept" }) {
  for (const action of ["approve", "receive"])
    expect((await call(app, admin, "POST", `/api/admin/returns/${id}/${action}`, {})).statusCode).toBe(200);
  const res = await call(app, admin, "POST", `/api/admin/returns/${id}/inspect`, inspection);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminReturnStepResponse>().data;
}

describe("returns and refunds of orders paid partly with store credit (decision 088)", () => {
  const rupees = () => priceIn("INR", variant.offerCents);
  const refundsOf = (orderId: number) =>
    db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
  const givenBack = (orderId: number) =>
    db()
      .select({ cause: storeCreditEntries.cause, amount: storeCreditEntries.amountMinor })
      .from(storeCreditEntries)
      .where(and(eq(storeCreditEntries.orderId, orderId), eq(storeCreditEntries.kind, "given_back")))
      .orderBy(asc(storeCreditEntries.id));

  it("refunds a return money first, the rest as credit, then the rest of the order as credit", async () => {
    const who = await shopper();
    const price = rupees();
    const credit = Math.round(price * 1.5);
    await adjust(who.id, { currency: "INR", amount: credit, reason: "Earlier return" });
    const orderId = await deliveredOrder(who, "card", { use_store_credit: true });
    expect(inr(await creditOf(who))).toBe(0);
    const card = 2 * price - credit;

    const request = (await askReturn(who, orderId, {})).json<{ data: ReturnView }>().data;
    expect(request.refund).toBe(price);
    // The card's part is asked of the provider (the simulator makes it at once).
    expect((await acceptReturn(request.id)).status).toBe("refunded");
    await webhooksSettled(app);
    // The card gets back all it paid; the return's rest is credit at once.
    expect((await refundsOf(orderId)).map((r) => [r.reason, r.amount])).toEqual([["return", card * 100]]);
    expect(await givenBack(orderId)).toEqual([{ cause: `return:${request.id}`, amount: (price - card) * 100 }]);
    expect(inr(await creditOf(who))).toBe(price - card);

    // Refunding the rest of the order: nothing is left on the card, so all of it is credit, and it is refunded now.
    const refunded = await call(app, admin, "POST", `/api/admin/orders/${orderId}/status`, { status: "refunded" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refund).toMatchObject({ refund_minor: price * 100, store_credit_minor: price * 100 });
    expect(refunded.json().order.status).toBe("refunded");
    expect((await refundsOf(orderId)).map((r) => r.reason)).toEqual(["return"]);
    expect(inr(await creditOf(who))).toBe(credit);
    // Asked again: nothing is left.
    const again = await call(app, admin, "POST", `/api/admin/orders/${orderId}/status`, { status: "refunded" });
    expect(again.statusCode).toBe(409);
    expect(inr(await creditOf(who))).toBe(credit);
  });

  it("refunds the rest of an order whose return went to store credit, and no more (decision 087 stays right)", async () => {
    const who = await shopper();
    const orderId = await deliveredOrder(who);
    const request = (await askReturn(who, orderId, { refund_via: "store_credit" })).json<{ data: ReturnView }>().data;
    await acceptReturn(request.id);
    const refunded = await call(app, admin, "POST", `/api/admin/orders/${orderId}/status`, { status: "refunded" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await webhooksSettled(app);
    expect((await refundsOf(orderId)).map((r) => [r.reason, r.amount])).toEqual([
      ["order_refunded", 2 * rupees() * 100 - request.refund * 100],
    ]);
    expect(inr(await creditOf(who))).toBe(request.refund);
  });
});

describe("a return refunded as store credit", () => {
  it("issues the accepted amount at once in the order's currency, with no provider refund, and e-mails it", async () => {
    const who = await shopper();
    const orderId = await deliveredOrder(who);
    const asked = await askReturn(who, orderId, { refund_via: "store_credit" });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<{ data: ReturnView }>().data;
    expect(request.refund_via).toBe("store_credit");

    const accepted = await acceptReturn(request.id);
    expect(accepted).toMatchObject({
      status: "refunded",
      status_label: "Refunded as store credit",
      refund_via: "store_credit",
    });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    const view = await creditOf(who);
    expect(view.balances).toEqual([{ currency: "INR", amount: request.refund }]);
    expect(view.history).toMatchObject([
      { kind: "return", label: "Refund of a return", amount: request.refund, order_id: orderId, return_id: request.id },
    ]);
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, who.email))
      .orderBy(asc(emailOutbox.id));
    const issued = mails.find((m) => m.subject.includes("store credit"));
    expect(issued?.text).toContain(`return for order #${orderId}`);
    expect(issued?.text).toContain("It does not expire.");
    // The shopper's order page says where the money went.
    const page = await call(app, who.headers, "GET", `/api/orders/${orderId}`);
    expect(page.json().data.returns[0]).toMatchObject({ refund_via: "store_credit", status: "refunded" });
  });

  it("issues a part acceptance's amount only", async () => {
    const who = await shopper();
    const orderId = await deliveredOrder(who);
    const request = (await askReturn(who, orderId, { refund_via: "store_credit" })).json<{ data: ReturnView }>().data;
    await acceptReturn(request.id, { outcome: "accept_part", refund_amount: 100.5, note: "A small stain" });
    expect(inr(await creditOf(who))).toBe(100.5);
  });

  it("lets a cash-on-delivery shopper take store credit instead of a transfer (no UPI id asked)", async () => {
    const who = await shopper();
    const orderId = await deliveredOrder(who, "cod");
    const withoutAnything = await askReturn(who, orderId, {});
    expect(withoutAnything.statusCode).toBe(400);
    const asked = await askReturn(who, orderId, { refund_via: "store_credit" });
    expect(asked.statusCode, asked.body).toBe(201);
    const accepted = await acceptReturn(asked.json<{ data: ReturnView }>().data.id);
    expect(accepted.status).toBe("refunded");
    expect(inr(await creditOf(who))).toBe(accepted.accepted_refund);
  });

  it("is refused for a guest's order (no account to hold it) and for an exchange", async () => {
    const { order } = await insertOrder(app, { status: "delivered", paymentMethod: "razorpay", currency: "INR" });
    const guest = await app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/returns?token=${order.viewToken}`,
      payload: {
        kind: "return",
        reason: "Changed my mind",
        lines: [{ line_id: 1, quantity: 1 }],
        refund_via: "store_credit",
      },
    });
    expect(guest.statusCode, guest.body).toBe(400);
    expect(guest.json().errors).toEqual([
      { path: "refund_via", message: expect.stringContaining("Store credit is kept in an account") },
    ]);
    const exchange = await app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/returns?token=${order.viewToken}`,
      payload: {
        kind: "exchange",
        reason: "Size does not fit",
        lines: [{ line_id: 1, quantity: 1, exchange_size: "M" }],
        refund_via: "store_credit",
      },
    });
    expect(exchange.statusCode).toBe(400);
    expect(exchange.json().errors).toContainEqual({ path: "body.refund_via", message: "An exchange has no refund" });
  });
});

describe("the ledger's movements", () => {
  it("issues a return's credit exactly once, however often it is asked", async () => {
    const who = await shopper();
    const { order } = await insertOrder(app, { userId: who.id, currency: "INR", status: "delivered" });
    const issue = () =>
      db().transaction(async (tx) => {
        const { issueReturnCredit } = await import("./ledger");
        return issueReturnCredit(tx, {
          userId: who.id,
          currency: "INR",
          amountMinor: 12_345,
          orderId: order.id,
          returnId: 900_000 + order.id,
        });
      });
    const [first, second] = await Promise.all([issue(), issue()]);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(first.entry.id).toBe(second.entry.id);
    expect(await balanceOf(db(), who.id, "INR")).toBe(12_345);
  });

  it("adjusts by goodwill, credit and debit, each audited with its reason; a debit below 0 is a 409", async () => {
    const who = await shopper();
    const credit = await adjust(who.id, { currency: "USD", amount: 25.5, reason: "Parcel was a week late" });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json<AdminStoreCreditLedger>().balances).toEqual([{ currency: "USD", amount: 25.5 }]);
    const debit = await adjust(who.id, { currency: "USD", amount: -5.5, reason: "Credited twice by mistake" });
    expect(debit.statusCode, debit.body).toBe(200);
    const ledger = debit.json<AdminStoreCreditLedger>();
    expect(ledger.balances).toEqual([{ currency: "USD", amount: 20 }]);
    expect(ledger.history.map((e) => [e.kind, e.amount, e.reason])).toEqual([
      ["goodwill", -5.5, "Credited twice by mistake"],
      ["goodwill", 25.5, "Parcel was a week late"],
    ]);
    expect(ledger.history[0]!.by).toMatch(/@/);

    const over = await adjust(who.id, { currency: "USD", amount: -20.01, reason: "Too much" });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: "STORE_CREDIT_TOO_LOW" });
    expect(over.json().message).toContain("$20");
    // Another currency's balance is its own: no INR to take.
    expect((await adjust(who.id, { currency: "INR", amount: -1, reason: "No" })).statusCode).toBe(409);

    const audited = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "store-credit:adjust"))
      .orderBy(asc(auditLog.id));
    const mine = audited.filter((a) => (a.changes as Record<string, { after: unknown }>).user_id?.after === who.id);
    expect(mine.map((a) => (a.changes as Record<string, { after: unknown }>).reason?.after)).toEqual([
      "Parcel was a week late",
      "Credited twice by mistake",
    ]);
    expect(inr(await creditOf(who))).toBe(0);
    // Only the credit was e-mailed.
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, who.email));
    expect(mails.filter((m) => m.subject.includes("store credit")).map((m) => m.subject)).toEqual([
      expect.stringContaining("$26"),
    ]);
  });

  it("refuses an adjustment without a reason, of 0, to an unknown shopper, and from staff or a shopper", async () => {
    const who = await shopper();
    expect((await adjust(who.id, { currency: "INR", amount: 10, reason: " " })).statusCode).toBe(400);
    expect((await adjust(who.id, { currency: "INR", amount: 0, reason: "x" })).statusCode).toBe(400);
    expect((await adjust(who.id, { currency: "EUR", amount: 1, reason: "x" })).statusCode).toBe(400);
    expect((await adjust(who.id, { currency: "INR", amount: 1.005, reason: "x" })).statusCode).toBe(400);
    expect((await adjust(2_000_000, { currency: "INR", amount: 1, reason: "x" })).statusCode).toBe(404);
    expect((await adjust(who.id, { currency: "INR", amount: 1, reason: "x" }, who.headers)).statusCode).toBe(403);
    expect((await call(app, {}, "GET", "/api/store-credit/")).statusCode).toBe(401);
  });

  it("spends on an order once and gives it back once (the service, as checkout and expiry will call it)", async () => {
    const who = await shopper();
    expect((await adjust(who.id, { currency: "INR", amount: 1000, reason: "Welcome back" })).statusCode).toBe(200);
    const { order } = await insertOrder(app, { userId: who.id, currency: "INR", paymentMethod: "razorpay" });
    const spend = () =>
      db().transaction((tx) =>
        spendCredit(tx, { userId: who.id, currency: "INR", amountMinor: 60_000, orderId: order.id }),
      );
    const spends = await Promise.all([spend(), spend()]);
    expect(spends.filter((s) => s.created)).toHaveLength(1);
    expect(await balanceOf(db(), who.id, "INR")).toBe(40_000);

    // A part back for some pieces, twice for the same cause: once; then the rest, never more than was spent.
    const part = () =>
      db().transaction((tx) =>
        giveBackCredit(tx, { orderId: order.id, cause: "pieces:1", reason: "Pieces cancelled", amountMinor: 10_000 }),
      );
    const parts = await Promise.all([part(), part()]);
    expect(parts.filter((b) => b?.created)).toHaveLength(1);
    expect(await balanceOf(db(), who.id, "INR")).toBe(50_000);
    const back = () =>
      db().transaction((tx) =>
        giveBackCredit(tx, { orderId: order.id, cause: "cancelled", reason: "Order cancelled" }),
      );
    const backs = await Promise.all([back(), back()]);
    expect(backs.filter((b) => b?.created)).toHaveLength(1);
    expect(backs[0]!.entry.amountMinor).toBe(50_000);
    expect(await balanceOf(db(), who.id, "INR")).toBe(100_000);
    // Nothing is left to give for another cause.
    expect(
      await db().transaction((tx) => giveBackCredit(tx, { orderId: order.id, cause: "refunded", reason: "Refunded" })),
    ).toBeNull();
    // An order that spent nothing has nothing to give back.
    const { order: other } = await insertOrder(app, { userId: who.id, currency: "INR" });
    expect(
      await db().transaction((tx) => giveBackCredit(tx, { orderId: other.id, cause: "closed", reason: "Expired" })),
    ).toBeNull();
    // More than the balance is refused.
    await expect(
      db().transaction((tx) =>
        spendCredit(tx, { userId: who.id, currency: "INR", amountMinor: 100_001, orderId: other.id }),
      ),
    ).rejects.toMatchObject({ code: "STORE_CREDIT_TOO_LOW" });
    const view = await creditOf(who);
    expect(view.history.map((e) => e.kind)).toEqual(["given_back", "given_back", "spent", "goodwill"]);
  });

  it("never changes or deletes a row: the database refuses both", async () => {
    const who = await shopper();
    await adjust(who.id, { currency: "INR", amount: 5, reason: "Sorry" });
    // Drizzle wraps the database's error; the trigger's words are its cause.
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => "changed",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(
      await refusal(
        db().update(storeCreditEntries).set({ amountMinor: 999_999 }).where(eq(storeCreditEntries.userId, who.id)),
      ),
    ).toMatch(/never changed or deleted/);
    expect(await refusal(db().delete(storeCreditEntries).where(eq(storeCreditEntries.userId, who.id)))).toMatch(
      /never changed or deleted/,
    );
    expect(await balanceOf(db(), who.id, "INR")).toBe(500);
  });
});

describe("many debits at once", () => {
  it("never overdraw: of 12 spends of ₹100 against ₹500 per shopper, exactly 5 pass for each of 6 shoppers", async () => {
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => shopper()));
    for (const who of shoppers)
      expect((await adjust(who.id, { currency: "INR", amount: 500, reason: "Festival credit" })).statusCode).toBe(200);
    const attempts: { who: Shopper; orderId: number }[] = [];
    for (const who of shoppers)
      for (let i = 0; i < 12; i++) {
        const { order } = await insertOrder(app, { userId: who.id, currency: "INR" });
        attempts.push({ who, orderId: order.id });
      }
    const results = await Promise.allSettled(
      attempts.map(({ who, orderId }) =>
        db().transaction((tx) => spendCredit(tx, { userId: who.id, currency: "INR", amountMinor: 10_000, orderId })),
      ),
    );
    for (const rejected of results.filter((r) => r.status === "rejected"))
      expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: "STORE_CREDIT_TOO_LOW" });
    for (const who of shoppers) {
      const passed = results.filter((r, i) => r.status === "fulfilled" && attempts[i]!.who === who);
      expect(passed).toHaveLength(5);
      expect(await balanceOf(db(), who.id, "INR")).toBe(0);
      expect(inr(await creditOf(who))).toBe(0);
    }
    // And parallel goodwill debits through the back office, too: one shopper, ₹50 held, ten ₹10 debits.
    const one = await shopper();
    await adjust(one.id, { currency: "INR", amount: 50, reason: "Credit" });
    const debits = await Promise.all(
      Array.from({ length: 10 }, () => adjust(one.id, { currency: "INR", amount: -10, reason: "Correction" })),
    );
    expect(debits.map((d) => d.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 409, 409, 409, 409, 409]);
    expect(await balanceOf(db(), one.id, "INR")).toBe(0);
  });
});

describe("the owner's overview", () => {
  it("totals what the shop owes per currency as the sum of every balance, and lists who holds it, searchable", async () => {
    const who = await shopper();
    await adjust(who.id, { currency: "USD", amount: 7, reason: "Goodwill" });
    const res = await call(app, admin, "GET", "/api/admin/store-credit");
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json<AdminStoreCreditOverview>();
    for (const owed of overview.owed) {
      const held = overview.holders.filter((h) => h.currency === owed.currency).reduce((s, h) => s + h.amount * 100, 0);
      expect(Math.round(held)).toBe(Math.round(owed.amount * 100));
    }
    expect(overview.holders.every((h) => h.amount !== 0)).toBe(true);
    const found = await call(app, admin, "GET", `/api/admin/store-credit?query=${encodeURIComponent(who.email)}`);
    expect(found.json<AdminStoreCreditOverview>().holders).toEqual([
      expect.objectContaining({ user_id: who.id, currency: "USD", amount: 7 }),
    ]);
    const ledger = await call(app, admin, "GET", `/api/admin/store-credit/${who.id}`);
    expect(ledger.json<AdminStoreCreditLedger>().shopper.email).toBe(who.email);
    expect((await call(app, admin, "GET", "/api/admin/store-credit/2000000")).statusCode).toBe(404);
  });
});
