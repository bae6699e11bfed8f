import { count, eq } from "drizzle-orm";
import { normalGiftCardCode, SELLER, type AdminGiftCards, type StoreCreditView } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, newAdmin, newStaff } from "../admin/test-support";
import { createListeningTestApp, payByCard, webhooksSettled } from "../checkout/test-support";
import { webhookEvents } from "../payments/tables";
import { storeCreditEntries } from "../store-credit/tables";
import { addDays } from "../../lib/seller-time";
import { giftCards } from "./tables";
import {
  cardRow,
  codeMailedTo,
  mailsTo,
  newProduct,
  payAndVerify,
  purchase,
  verifyCard,
  purchaseBody,
  today,
  tomorrow,
} from "./test-support";

/**
 * Issue 42 point 4 (decision 089): gift card products, a card bought and paid through the simulator (verify
 * and webhook settling it once), sent on its India day by the job with a code that redeems once into store
 * credit, and a back office that never shows a code.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let productId: number;

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  productId = (await newProduct(app, admin)).id;
});
afterEach(() => webhooksSettled(app));
afterAll(() => app.close());

const db = () => app.database.db;
const cardCount = async () => (await db().select({ n: count() }).from(giftCards))[0]!.n;
const shopper = async () => tokenHeader((await newShopper(app)).token);
const redeem = (headers: Record<string, string>, code: string) =>
  call(app, headers, "POST", "/api/gift-cards/redeem", { code });

describe("gift card products (the owner's)", () => {
  it.each([
    [{ name: "", currency: "INR", fixed_amounts: [500] }, "Give the gift card a name"],
    [{ name: "A", currency: "EUR", fixed_amounts: [500] }, "currency must be one of INR, USD"],
    [{ name: "A", currency: "INR" }, "Offer at least one fixed amount, or a range the buyer chooses in"],
    [{ name: "A", currency: "INR", min_amount: 500 }, "Give both the smallest and largest amount"],
    [{ name: "A", currency: "INR", min_amount: 900, max_amount: 500 }, "The largest amount must be above the smallest"],
    [{ name: "A", currency: "INR", fixed_amounts: [0.5] }, "Each fixed amount must be at least 1"],
    [{ name: "A", currency: "INR", fixed_amounts: [500, 500] }, "Each fixed amount only once"],
    [{ name: "A", currency: "INR", fixed_amounts: [10.001] }, "Each fixed amount: use at most two decimals"],
  ])("refuses %j: %s", async (body, message) => {
    const before = await call(app, admin, "GET", "/api/admin/gift-card-products");
    const res = await call(app, admin, "POST", "/api/admin/gift-card-products", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    expect((await call(app, admin, "GET", "/api/admin/gift-card-products")).body).toBe(before.body);
  });

  it("is the owner's: guests, shoppers and staff are refused", async () => {
    const staff = (await newStaff(app, admin)).headers;
    for (const [headers, status] of [
      [{}, 401],
      [await shopper(), 403],
      [staff, 403],
    ] as const) {
      expect((await call(app, headers, "GET", "/api/admin/gift-cards")).statusCode).toBe(status);
      const made = await call(app, headers, "POST", "/api/admin/gift-card-products", { name: "X" });
      expect(made.statusCode).toBe(status);
    }
  });

  it("lists only active products on the storefront; a retired one cannot be bought", async () => {
    const retired = await newProduct(app, admin, {
      name: "Old card",
      fixed_amounts: [100],
      min_amount: null,
      max_amount: null,
    });
    const put = await call(app, admin, "PUT", `/api/admin/gift-card-products/${retired.id}`, {
      ...retired,
      active: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    const onSale = (await call(app, {}, "GET", "/api/gift-cards/")).json().products as { id: number }[];
    expect(onSale.map((p) => p.id)).toContain(productId);
    expect(onSale.map((p) => p.id)).not.toContain(retired.id);
    const res = await call(app, {}, "POST", "/api/gift-cards/purchase", purchaseBody(retired.id, { amount: 100 }));
    expect(res.statusCode).toBe(404);
  });
});

describe("buying a card", () => {
  it.each([
    [{ amount: 750.5 }, "This gift card is not sold in that amount: choose one of its amounts"],
    [{ amount: 30000 }, "This gift card is not sold in that amount: choose one of its amounts"],
    [{ send_on: addDays(today(), -1) }, "The send date cannot be in the past (India time)"],
    [{ send_on: addDays(today(), 366) }, "The send date can be at most a year from today"],
    [{ send_on: "2026-02-30" }, "This is not a calendar date"],
    [{ message: "x".repeat(301) }, "message is too long (300 characters at most)"],
    [{ recipient_email: "not-an-address" }, "The recipient's e-mail is not a valid address"],
    [{ recipient_name: " " }, "Give the recipient's name"],
    [{ payment_method: "bitcoin" }, "Invalid body.payment_method"],
  ])("refuses %j with a 400 and stores nothing", async (extra, message) => {
    const before = await cardCount();
    const res = await call(app, {}, "POST", "/api/gift-cards/purchase", purchaseBody(productId, extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
    expect(await cardCount()).toBe(before);
  });

  it("pays through the simulator; verify and webhook settle it once, and today's card goes at once", async () => {
    const body = purchaseBody(productId, { amount: 1234 });
    const bought = await purchase(app, body);
    expect(bought).toMatchObject({ amount_minor: 123_400, currency: "INR", payment_method: "razorpay" });
    expect((await cardRow(app, bought.gift_card_id)).status).toBe("pending_payment");

    const paid = await payByCard(app, bought.provider_order_id, bought.key);
    const verified = await verifyCard(app, paid);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().status).toBe("sent");
    await webhooksSettled(app);
    // The page's verify again (a retry), and a forged signature, which is refused even for a paid card.
    expect((await verifyCard(app, paid)).json().status).toBe("sent");
    expect((await verifyCard(app, { ...paid, razorpay_signature: "forged" })).statusCode).toBe(400);

    const card = await cardRow(app, bought.gift_card_id);
    expect(card).toMatchObject({ status: "sent", codeLast4: expect.stringMatching(/^[2-9A-HJ-NP-Z]{4}$/) });
    // Once: one receipt and one "sent" note to the buyer, one card to the recipient, whatever arrived twice.
    const buyerMails = (await mailsTo(app, body.buyer_email)).map((m) => m.subject);
    expect(buyerMails).toEqual([
      "Receipt for your ₹1,234 gift card for Kavya Sharma",
      "Your gift card to Kavya Sharma has been sent",
    ]);
    const [cardMail, ...more] = await mailsTo(app, body.recipient_email);
    expect(more).toEqual([]);
    expect(cardMail!.subject).toBe(`Rohan Sharma sent you a ₹1,234 ${SELLER.brand} gift card`);
    expect(cardMail!.text).toContain("Happy Diwali! Pick something lovely.");
    const code = await codeMailedTo(app, body.recipient_email);
    expect(code).toMatch(/^([2-9A-HJ-NP-Z]{4}-){4}[2-9A-HJ-NP-Z]{4}$/);
    expect(normalGiftCardCode(code).slice(-4)).toBe(card.codeLast4);
    expect(card.codeHash).not.toContain(normalGiftCardCode(code));
    // The webhook's two events were recorded, and settled nothing more.
    const events = await db().select().from(webhookEvents).where(eq(webhookEvents.provider, "razorpay"));
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it("is settled by the provider's webhook alone when the page never verifies", async () => {
    const body = purchaseBody(productId, { send_on: tomorrow() });
    const bought = await purchase(app, body);
    await payByCard(app, bought.provider_order_id, bought.key);
    await webhooksSettled(app);
    const card = await cardRow(app, bought.gift_card_id);
    expect(card.status).toBe("paid");
    expect(card.codeHash).toBeNull();
    expect((await mailsTo(app, body.buyer_email)).map((m) => m.subject)).toHaveLength(1);
    expect(await mailsTo(app, body.recipient_email)).toEqual([]);
  });
});

describe("sending on the day and redeeming", () => {
  it("the job sends a card on its India day, once, even run twice at once; its code redeems once", async () => {
    const body = purchaseBody(productId, { amount: 500, send_on: tomorrow() });
    const bought = await purchase(app, body);
    expect((await payAndVerify(app, bought)).json().status).toBe("paid");
    expect(await app.services.giftCards.sendDue(new Date())).toBe(0);

    const dayAfter = new Date(Date.now() + 36 * 60 * 60 * 1000);
    const due = (await db().select().from(giftCards).where(eq(giftCards.status, "paid"))).length;
    const runs = await Promise.all([
      app.services.giftCards.sendDue(dayAfter),
      app.services.giftCards.sendDue(dayAfter),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(due);
    expect(await app.services.giftCards.sendDue(dayAfter)).toBe(0);
    expect(await mailsTo(app, body.recipient_email)).toHaveLength(1);
    const code = await codeMailedTo(app, body.recipient_email);

    expect((await redeem({}, code)).statusCode).toBe(401);
    const who = await newShopper(app);
    const headers = tokenHeader(who.token);
    const res = await redeem(headers, code.toLowerCase().replaceAll("-", " "));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currency: "INR", amount: 500 });
    const credit = (await call(app, headers, "GET", "/api/store-credit/")).json<StoreCreditView>();
    expect(credit.balances).toEqual([{ currency: "INR", amount: 500 }]);
    expect(credit.history[0]).toMatchObject({ kind: "gift_card", amount: 500, label: "Gift card added" });

    const twice = await redeem(headers, code);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^This gift card is already in your store credit/);
    const other = await redeem(await shopper(), code);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/^This gift card has already been used/);
    const rows = await db()
      .select()
      .from(storeCreditEntries)
      .where(eq(storeCreditEntries.giftCardId, bought.gift_card_id));
    expect(rows).toHaveLength(1);
    expect((await cardRow(app, bought.gift_card_id)).redeemedBy).toBe(who.user.id);
  });

  it("a wrong or malformed code gets one generic answer", async () => {
    const headers = await shopper();
    const messages = new Set<string>();
    for (const code of ["2222-3333-4444-5555-6666", "hello", "0000-1111-IIII-OOOO-0000"]) {
      const res = await redeem(headers, code);
      expect(res.statusCode).toBe(400);
      messages.add(res.json().message);
    }
    expect(messages.size).toBe(1);
  });

  it("the back office lists cards masked, never the code, and what the shop owes", async () => {
    const body = purchaseBody(productId, { amount: 2000 });
    const bought = await purchase(app, body);
    await payAndVerify(app, bought);
    const code = normalGiftCardCode(await codeMailedTo(app, body.recipient_email));
    const res = await call(app, admin, "GET", "/api/admin/gift-cards");
    expect(res.statusCode).toBe(200);
    for (const piece of [code, code.slice(0, 16), code.slice(4, 8) + code.slice(8, 12)])
      expect(res.body).not.toContain(piece);
    const view = res.json<AdminGiftCards>();
    const row = view.cards.find((c) => c.id === bought.gift_card_id)!;
    expect(row).toMatchObject({ masked_code: `****-****-****-****-${code.slice(-4)}`, amount: 2000, status: "sent" });
    expect(res.body).not.toContain((await cardRow(app, bought.gift_card_id)).codeHash);
    const unredeemed = await db().select().from(giftCards);
    const owed = unredeemed
      .filter((c) => c.status === "paid" || c.status === "sent")
      .reduce((sum, c) => sum + c.amount, 0);
    expect(view.outstanding).toEqual([{ currency: "INR", amount: owed / 100, cards: expect.any(Number) }]);
  });
});
