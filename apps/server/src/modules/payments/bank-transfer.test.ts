import { and, eq } from "drizzle-orm";
import { formatMoney, indianToday } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { newAdmin, newStaff } from "../admin/test-support";
import { pickVariants } from "../cart/test-support";
import { giveBackOnClose } from "../checkout/service";
import { createOrder, emailsTo, fillCart, orderBody, pageTotal, stockOf } from "../checkout/test-support";
import { invoices } from "../invoices/tables";
import { expireLapsedOrders } from "../orders/expiry";
import { orders } from "../orders/tables";
import { queuedHtml } from "../../email/test-support";
import { createTestApp } from "../../testing/test-app";
import { makeTradeBuyer } from "../trade/test-support";
import { payments, refunds } from "./tables";
import { BANK_ACCOUNT } from "./test-support";

/** Paying by bank transfer (issue 44 point 4, decision 098). */
let app: FastifyInstance;
let owner: Record<string, string>;
let ownerEmail: string;
beforeAll(async () => {
  app = await createTestApp();
  const admin = await newAdmin(app);
  owner = admin.headers;
  ownerEmail = admin.email;
});
afterAll(() => app.close());

const put = (body: unknown, headers = owner) =>
  app.inject({ method: "PUT", url: "/api/admin/bank-transfer/settings", headers, payload: body as object });
const record = (orderId: number, body: unknown, headers = owner) =>
  app.inject({ method: "POST", url: `/api/admin/orders/${orderId}/bank-transfers`, headers, payload: body as object });
const today = indianToday();

const btBody = (cartId: string, currency: "INR" | "USD", amount: number) =>
  orderBody(cartId, "bank_transfer", currency, amount, { payment_method: "bank_transfer" });

let utrSeq = 100000;
const neft = () => `SBINN${String(26340000000 + utrSeq++)}`;

/** A signed-in buyer's bank-transfer order of `quantity` pieces; answers its id, total (paise) and the buyer. */
async function bankTransferOrder(quantity = 2) {
  const [variant] = await pickVariants(app, { minStock: 5 });
  if (!variant) throw new Error("no variant");
  const shopper = await newShopper(app);
  const headers = tokenHeader(shopper.token);
  await makeTradeBuyer(app, owner, headers);
  const lines = [{ variant, quantity }];
  const cartId = await fillCart(app, lines, "INR", headers);
  const total = Math.round(pageTotal(lines, "INR") * 100);
  const stockBefore = await stockOf(app, variant);
  const res = await createOrder(app, btBody(cartId, "INR", total / 100), headers);
  expect(res.statusCode, res.body).toBe(200);
  return {
    ...(res.json() as { order_id: number; reference: string; pay_by: string }),
    total,
    headers,
    variant,
    stockBefore,
    cartId,
    shopper,
  };
}

const orderPage = (id: number, headers: Record<string, string>) => app.inject({ url: `/api/orders/${id}`, headers });

describe("bank transfer", () => {
  it("is not offered until the seller saves an account and turns it on; the account is validated", async () => {
    const shopper = await newShopper(app);
    await makeTradeBuyer(app, owner, tokenHeader(shopper.token));
    const offered = async (token = shopper.token) =>
      (await app.inject({ url: "/api/payment-options/", headers: tokenHeader(token) }))
        .json()
        .providers.some((p: { name: string }) => p.name === "bank_transfer");
    expect(await offered()).toBe(false);
    expect((await app.inject({ url: "/api/admin/bank-transfer/settings", headers: owner })).statusCode).toBe(404);
    for (const bad of [
      { ...BANK_ACCOUNT, ifsc: "SBIN1001234" },
      { ...BANK_ACCOUNT, account_number: "12ab" },
      { ...BANK_ACCOUNT, days_to_pay: 0 },
      { ...BANK_ACCOUNT, upi_id: "no-at-sign" },
      { ...BANK_ACCOUNT, account_name: "" },
    ]) {
      const res = await put(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await app.inject({ url: "/api/admin/bank-transfer/settings", headers: owner })).statusCode).toBe(404);
    const saved = await put(BANK_ACCOUNT);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ifsc: "SBIN0001234", days_to_pay: 5 });
    expect(await offered()).toBe(true);
    // Only to approved trade buyers: not to another signed-in shopper.
    expect(await offered((await newShopper(app)).token)).toBe(false);
    // Never to a guest.
    const guest = await app.inject({ url: "/api/payment-options/" });
    expect(guest.json().providers.some((p: { name: string }) => p.name === "bank_transfer")).toBe(false);
  });

  it("staff may not edit the account or record transfers (owner only)", async () => {
    const staff = await newStaff(app, owner);
    expect((await put(BANK_ACCOUNT, staff.headers)).statusCode).toBe(403);
    expect(
      (await record(1, { mode: "imps", utr: "123456789012", amount_minor: 100, received_on: today }, staff.headers))
        .statusCode,
    ).toBe(403);
  });

  it("refuses a guest, a currency other than INR and a shopper who is not a trade buyer, with nothing stored", async () => {
    const [variant] = await pickVariants(app, { minStock: 5 });
    if (!variant) throw new Error("no variant");
    const cartId = await fillCart(app, [{ variant }], "INR");
    const before = (await app.database.db.select().from(orders)).length;
    const guest = await createOrder(app, btBody(cartId, "INR", pageTotal([{ variant }], "INR")));
    expect(guest.statusCode).toBe(401);
    const shopper = await newShopper(app);
    const usdCart = await fillCart(app, [{ variant }], "USD", tokenHeader(shopper.token));
    const usd = await createOrder(
      app,
      btBody(usdCart, "USD", pageTotal([{ variant }], "USD")),
      tokenHeader(shopper.token),
    );
    expect(usd.statusCode).toBe(422);
    const inr = await createOrder(
      app,
      btBody(
        await fillCart(app, [{ variant }], "INR", tokenHeader(shopper.token)),
        "INR",
        pageTotal([{ variant }], "INR"),
      ),
      tokenHeader(shopper.token),
    );
    expect(inr.statusCode, "a signed-in shopper who is not a trade buyer").toBe(403);
    expect((await app.database.db.select().from(orders)).length).toBe(before);
  });

  it("holds the pieces for the seller's days, with a reference and the account on the order page", async () => {
    const placed = await bankTransferOrder(2);
    expect(placed.reference).toMatch(/^BT\d{6,}$/);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(row).toMatchObject({ status: "pending_payment", paymentMethod: "bank_transfer", stockHeld: true });
    const days = (row!.expiresAt!.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(4.99);
    expect(days).toBeLessThan(5.01);
    expect(await stockOf(app, placed.variant)).toBe(placed.stockBefore - 2);
    const page = await orderPage(placed.order_id, placed.headers);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.bank_transfer).toMatchObject({
      account_number: "30123456789",
      ifsc: "SBIN0001234",
      reference: placed.reference,
      amount: placed.total / 100,
      paid: 0,
      balance_due: placed.total / 100,
    });
    // Another shopper cannot read it.
    const other = await newShopper(app);
    expect((await orderPage(placed.order_id, tokenHeader(other.token))).statusCode).toBe(404);
  });

  it("e-mails the buyer, when the order is placed, where to pay, what to quote, how much and by when", async () => {
    const placed = await bankTransferOrder(1);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    const mails = (await emailsTo(app, placed.shopper.email)).filter((m) => m.subject.includes("bank transfer"));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain(`#${placed.order_id}`);
    const html = await queuedHtml(mail);
    const rupees = formatMoney(placed.total / 100, "INR");
    const day = new Date(placed.pay_by).toLocaleDateString("en-IN", { dateStyle: "long", timeZone: row!.timeZone });
    const ask = `Send ${rupees} by NEFT, RTGS or IMPS quoting ${placed.reference} by ${day}.`;
    expect(mail.text).toContain(ask);
    for (const line of [
      `Account name: ${BANK_ACCOUNT.account_name}`,
      `Bank: ${BANK_ACCOUNT.bank_name}`,
      `Account number: ${BANK_ACCOUNT.account_number}`,
      "IFSC: SBIN0001234",
      `Reference to quote: ${placed.reference}`,
      `Balance due: ${rupees}`,
    ])
      expect(mail.text).toContain(line);
    for (const part of [
      BANK_ACCOUNT.account_name,
      BANK_ACCOUNT.account_number,
      "SBIN0001234",
      placed.reference,
      rupees,
      day,
    ])
      expect(html).toContain(part);
    // The same figures as the order page.
    const page = (await orderPage(placed.order_id, placed.headers)).json().data.bank_transfer;
    expect(page).toMatchObject({ reference: placed.reference, balance_due: placed.total / 100 });
  });

  it("records a part payment, refuses a duplicate UTR, then confirms and invoices on the balance", async () => {
    const placed = await bankTransferOrder(2);
    const part = 1_000;
    const utr = neft();
    const first = await record(placed.order_id, { mode: "neft", utr, amount_minor: part, received_on: today });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ paid: part / 100, balance_due: (placed.total - part) / 100 });
    const page = (await orderPage(placed.order_id, placed.headers)).json().data;
    expect(page.status).toBe("pending_payment");
    expect(page.bank_transfer).toMatchObject({ paid: part / 100, balance_due: (placed.total - part) / 100 });

    const again = await record(placed.order_id, { mode: "neft", utr, amount_minor: 500, received_on: today });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("DUPLICATE_UTR");

    const rest = await record(placed.order_id, {
      mode: "imps",
      utr: "634012345678",
      amount_minor: placed.total - part,
      received_on: today,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ paid: placed.total / 100, balance_due: 0 });
    const done = (await orderPage(placed.order_id, placed.headers)).json().data;
    expect(done.status).toBe("paid");
    expect(done.invoice).not.toBeNull();
    const rows = await app.database.db.select().from(payments).where(eq(payments.orderId, placed.order_id));
    expect(rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([part, placed.total - part].sort((a, b) => a - b));
    const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, placed.order_id));
    expect(invoice).toBeDefined();
    const mails = await emailsTo(app, placed.shopper.email);
    expect(mails.some((m) => /confirm/i.test(m.subject))).toBe(true);
    // Paid: no more transfers are taken.
    const late = await record(placed.order_id, {
      mode: "imps",
      utr: "634012345679",
      amount_minor: 100,
      received_on: today,
    });
    expect(late.statusCode).toBe(409);
  });

  it("refuses a bad UTR, amount or date with a 400 and changes nothing", async () => {
    const placed = await bankTransferOrder(1);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const bad of [
      { mode: "neft", utr: "SBIN123", amount_minor: 100, received_on: today },
      { mode: "rtgs", utr: "SBINR52026130112345678", amount_minor: 100, received_on: today },
      { mode: "imps", utr: "63401234567A", amount_minor: 100, received_on: today },
      { mode: "upi", utr: "634012345678", amount_minor: 100, received_on: today },
      { mode: "imps", utr: "634012345670", amount_minor: 0, received_on: today },
      { mode: "imps", utr: "634012345670", amount_minor: 10.5, received_on: today },
      { mode: "imps", utr: "634012345670", amount_minor: 100, received_on: tomorrow },
      { mode: "imps", utr: "634012345670", amount_minor: 100, received_on: "2026-02-30" },
      { mode: "imps", utr: "634012345670", amount_minor: 100 },
    ]) {
      const res = await record(placed.order_id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const rows = await app.database.db.select().from(payments).where(eq(payments.orderId, placed.order_id));
    expect(rows).toHaveLength(0);
    // A valid RTGS UTR is taken.
    const rtgs = await record(placed.order_id, {
      mode: "rtgs",
      utr: "SBINR52026120612345678",
      amount_minor: 100,
      received_on: today,
    });
    expect(rtgs.statusCode, rtgs.body).toBe(200);
    // Not a bank-transfer order: 404.
    expect(
      (await record(999_999, { mode: "imps", utr: "634012345671", amount_minor: 100, received_on: today })).statusCode,
    ).toBe(404);
  });

  it("an overpayment confirms the order and owes the excess back, the seller told", async () => {
    const placed = await bankTransferOrder(1);
    const res = await record(placed.order_id, {
      mode: "neft",
      utr: neft(),
      amount_minor: placed.total + 2_500,
      received_on: today,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ owed_back: 25 });
    const owed = await app.database.db.select().from(refunds).where(eq(refunds.orderId, placed.order_id));
    expect(owed).toMatchObject([{ method: "transfer", status: "requested", amount: 2_500, reference: null }]);
    expect((await emailsTo(app, ownerEmail)).some((m) => m.subject.includes(`Order #${placed.order_id}`))).toBe(true);
  });

  it("expires past its days, gives its stock back, and owes part payments back until the seller sends them", async () => {
    // Earlier tests' orders lapse first, so only these two give stock back below.
    await expireLapsedOrders(app.database.db, giveBackOnClose, new Date(Date.now() + 6 * 86_400_000));
    const unpaid = await bankTransferOrder(1);
    const partPaid = await bankTransferOrder(2);
    const part = 700;
    expect(
      (await record(partPaid.order_id, { mode: "imps", utr: "634099999999", amount_minor: part, received_on: today }))
        .statusCode,
    ).toBe(200);
    // Not expired a day after placing: the seller's days, not the card hold.
    await expireLapsedOrders(app.database.db, giveBackOnClose, new Date(Date.now() + 86_400_000));
    const [still] = await app.database.db.select().from(orders).where(eq(orders.id, unpaid.order_id));
    expect(still!.status).toBe("pending_payment");

    // Both orders' pieces come back: 1 and 2 (3 when both hold the same variant).
    const key = (placed: typeof unpaid) => `${placed.variant.productId}/${placed.variant.size}`;
    const expected = new Map<string, number>();
    for (const [placed, pieces] of [
      [unpaid, 1],
      [partPaid, 2],
    ] as const)
      expected.set(key(placed), (expected.get(key(placed)) ?? (await stockOf(app, placed.variant))) + pieces);
    await expireLapsedOrders(app.database.db, giveBackOnClose, new Date(Date.now() + 6 * 86_400_000));
    for (const placed of [unpaid, partPaid]) {
      const [row] = await app.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
      expect(row!.status).toBe("expired");
      expect(await stockOf(app, placed.variant)).toBe(expected.get(key(placed)));
    }
    const owed = await app.database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, partPaid.order_id), eq(refunds.method, "transfer")));
    expect(owed).toMatchObject([{ status: "requested", amount: part }]);
    expect(await app.database.db.select().from(refunds).where(eq(refunds.orderId, unpaid.order_id))).toHaveLength(0);
    const view = (await orderPage(partPaid.order_id, partPaid.headers)).json().data.bank_transfer;
    expect(view).toMatchObject({ paid: part / 100, balance_due: 0, owed_back: part / 100 });
    expect((await emailsTo(app, ownerEmail)).some((m) => m.subject.includes(`Order #${partPaid.order_id}`))).toBe(true);
    // A transfer to an expired order is refused.
    expect(
      (await record(partPaid.order_id, { mode: "imps", utr: "634099999998", amount_minor: 100, received_on: today }))
        .statusCode,
    ).toBe(409);

    // The seller sends it back and records the reference.
    const sent = await app.inject({
      method: "POST",
      url: `/api/admin/orders/${partPaid.order_id}/bank-transfers/sent-back`,
      headers: owner,
      payload: { refund_id: owed[0]!.id, reference: "IMPS 634100000001" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ owed_back: 0 });
    const twice = await app.inject({
      method: "POST",
      url: `/api/admin/orders/${partPaid.order_id}/bank-transfers/sent-back`,
      headers: owner,
      payload: { refund_id: owed[0]!.id, reference: "IMPS 634100000001" },
    });
    expect(twice.statusCode).toBe(409);
  });

  it("a refund of a paid bank-transfer order is the seller's transfer, recorded with its reference", async () => {
    const placed = await bankTransferOrder(1);
    await record(placed.order_id, { mode: "neft", utr: neft(), amount_minor: placed.total, received_on: today });
    const cancel = await app.inject({
      method: "POST",
      url: `/api/admin/orders/${placed.order_id}/status`,
      headers: owner,
      payload: { status: "cancelled" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const owed = await app.database.db.select().from(refunds).where(eq(refunds.orderId, placed.order_id));
    expect(owed).toMatchObject([{ method: "transfer", status: "requested", amount: placed.total, reference: null }]);
  });
});
