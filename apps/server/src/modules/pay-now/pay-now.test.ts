import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrderDetail, OrderStatusChangeResponse, PayNowStats, PayNowView } from "@store/shared";
import { auditLog } from "../admin/tables";
import { call, courierMoves, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createListeningTestApp, emailsTo, storedOrder, webhooksSettled } from "../checkout/test-support";
import { creditNotes, invoices } from "../invoices/tables";
import { orderReversals, orders } from "../orders/tables";
import { payments } from "../payments/tables";
import { shippingSimulatorRecords } from "../shipping/simulator/tables";
import { whatsappOutbox } from "../../whatsapp/tables";
import { codOrder, linkTokenMailedTo, nudgeOf, payLink, runJob, verifyLink } from "./test-support";

/**
 * Issue 43 point 3 (decision 094): one message per cash-on-delivery order, its link paid through the payment
 * simulator turning the order prepaid exactly once (invoice, sales, courier and refunds following), refused once
 * the parcel is booked, the order cancelled or paid, and the seller's figures.
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
  await app.services.shipping.gateway.simulator?.settled();
  // Back to the defaults for the next test.
  await call(app, admin, "PUT", "/api/admin/pay-now/settings", SETTINGS);
});
afterAll(() => app.close());

const db = () => app.database.db;
const SETTINGS = {
  enabled: true,
  discount_kind: "none",
  discount_percent: 0,
  discount_cap_rupees: 0,
  discount_fixed_rupees: 0,
  delay_minutes: 0,
};
const view = (orderId: number, token: string) =>
  app.inject({ method: "GET", url: `/api/pay-now/${orderId}?token=${token}` });
const detail = async (id: number) =>
  (await call(app, admin, "GET", `/api/admin/orders/${id}`)).json<AdminOrderDetail>();

describe("the nudge", () => {
  it("goes once per order, by e-mail, after the seller's delay; the link shows what is due", async () => {
    const saved = await call(app, admin, "PUT", "/api/admin/pay-now/settings", { ...SETTINGS, delay_minutes: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    const { orderId, total, email } = await codOrder(app, variant);
    expect(await runJob(app, orderId)).toBe(0);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await runJob(app, orderId, later)).toBe(1);
    // Two overlapping runs, and a later one: nothing more.
    expect(await Promise.all([runJob(app, orderId, later), runJob(app, orderId, later)])).toEqual([0, 0]);
    const mails = (await emailsTo(app, email)).filter((m) => m.subject.includes("online now"));
    expect(mails).toHaveLength(1);
    const token = await linkTokenMailedTo(app, email, orderId);
    const nudge = await nudgeOf(app, orderId);
    expect(nudge).toMatchObject({ channel: "email", discount: 0, amountDue: total, openedAt: null });
    // Only the token's hash is kept.
    expect(nudge?.tokenHash).not.toContain(token);

    expect((await view(orderId, "wrong")).statusCode).toBe(404);
    expect((await view(orderId + 100_000, token)).statusCode).toBe(404);
    const page = await view(orderId, token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<PayNowView>()).toMatchObject({
      state: "open",
      total_minor: total,
      due_minor: total,
      discount_minor: 0,
    });
    expect((await nudgeOf(app, orderId))?.openedAt).not.toBeNull();
  });

  it("goes by WhatsApp where the shopper opted in, and not at all when the seller turned it off", async () => {
    const { orderId } = await codOrder(app, variant, { whatsapp_opt_in: true });
    expect(await runJob(app, orderId)).toBe(1);
    expect(await nudgeOf(app, orderId)).toMatchObject({ channel: "whatsapp" });
    const [message] = await db()
      .select()
      .from(whatsappOutbox)
      .where(and(eq(whatsappOutbox.template, "pay_now"), sql`${whatsappOutbox.parameters}->>0 = ${String(orderId)}`));
    expect(message?.parameters[2]).toMatch(new RegExp(`/pay-now/${orderId}\\?token=`));

    await call(app, admin, "PUT", "/api/admin/pay-now/settings", { ...SETTINGS, enabled: false });
    const off = await codOrder(app, variant);
    expect(await runJob(app, off.orderId)).toBe(0);
    expect(await nudgeOf(app, off.orderId)).toBeUndefined();
  });
});

describe("paying the link", () => {
  it("converts the order once with verify and webhook: payment, total, invoice, sales, history, courier", async () => {
    await call(app, admin, "PUT", "/api/admin/pay-now/settings", {
      ...SETTINGS,
      discount_kind: "percent",
      discount_percent: 5,
      discount_cap_rupees: 30,
    });
    const { orderId, total, email } = await codOrder(app, variant);
    await runJob(app, orderId);
    const token = await linkTokenMailedTo(app, email, orderId);
    const discount = Math.min(Math.floor((total * 5) / 100 / 100) * 100, 3000);
    expect(discount).toBeGreaterThan(0);
    const shown = (await view(orderId, token)).json<PayNowView>();
    expect(shown).toMatchObject({ discount_minor: discount, due_minor: total - discount });

    const { provider, proof } = await payLink(app, orderId, token);
    expect(provider.amount_minor).toBe(total - discount);
    const [first, second] = await Promise.all([verifyLink(app, proof), verifyLink(app, proof)]);
    expect([first.statusCode, second.statusCode], first.body).toEqual([200, 200]);
    await webhooksSettled(app);
    expect((await verifyLink(app, proof)).statusCode).toBe(200);
    expect((await verifyLink(app, { ...proof, signature: "forged" })).statusCode).toBe(400);

    const stored = await storedOrder(app, orderId);
    expect(stored.order).toMatchObject({ status: "paid", paymentMethod: "razorpay", total: total - discount });
    expect(stored.payment).toMatchObject({ status: "captured", amount: total - discount, provider: "razorpay" });
    expect(stored.events.filter((e) => e.note === "COD converted to prepaid")).toHaveLength(1);
    const [note] = await db()
      .select()
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(eq(invoices.orderId, orderId));
    expect(note?.credit_notes.reason).toBe("Discount for paying online");
    const reversals = await db().select().from(orderReversals).where(eq(orderReversals.orderId, orderId));
    expect(reversals).toMatchObject([{ kind: "pay_now_discount", amount: discount }]);
    expect((await view(orderId, token)).json<PayNowView>()).toMatchObject({ state: "paid" });
    const again = await call(app, {}, "POST", `/api/pay-now/${orderId}/pay?token=${token}`, {
      payment_method: "razorpay",
    });
    expect(again.json()).toMatchObject({ code: "ALREADY_PAID" });
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    expect((await detail(orderId)).events.filter((e) => e.note === "COD converted to prepaid")).toHaveLength(1);

    // The parcel is booked prepaid: the courier collects nothing.
    await courierMoves(app, admin, orderId, []);
    const [parcel] = await db()
      .select()
      .from(shippingSimulatorRecords)
      .where(
        and(
          eq(shippingSimulatorRecords.kind, "shipment"),
          sql`${shippingSimulatorRecords.body}->>'channel_order_id' = ${String(orderId)}`,
        ),
      );
    expect(parcel?.body).toMatchObject({ cod: false });
  });

  it("is settled by the provider's webhook alone when the page never verifies", async () => {
    const { orderId, total, email } = await codOrder(app, variant);
    await runJob(app, orderId);
    await payLink(app, orderId, await linkTokenMailedTo(app, email, orderId));
    await webhooksSettled(app);
    const stored = await storedOrder(app, orderId);
    expect(stored.order).toMatchObject({ status: "paid", paymentMethod: "razorpay", total });
    expect(stored.payment).toMatchObject({ status: "captured", amount: total });
    expect((await nudgeOf(app, orderId))?.convertedAt).not.toBeNull();
  });

  it("is refunded through the provider when the converted order is cancelled", async () => {
    const { orderId, total, email } = await codOrder(app, variant);
    await runJob(app, orderId);
    const { proof } = await payLink(app, orderId, await linkTokenMailedTo(app, email, orderId));
    expect((await verifyLink(app, proof)).statusCode).toBe(200);
    const cancelled = await call(app, admin, "POST", `/api/admin/orders/${orderId}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<OrderStatusChangeResponse>().refund).toMatchObject({ refund_minor: total });
    const stored = await storedOrder(app, orderId);
    expect(stored.refunds).toMatchObject([{ method: "provider", amount: total, paymentId: stored.payment!.id }]);
  });

  it("is refused once the parcel is booked, the order cancelled or already paid; a late payment goes back", async () => {
    const booked = await codOrder(app, variant);
    await runJob(app, booked.orderId);
    const bookedToken = await linkTokenMailedTo(app, booked.email, booked.orderId);
    // The shopper opened the widget, then the seller booked the parcel before the payment arrived.
    const { proof } = await payLink(app, booked.orderId, bookedToken);
    await courierMoves(app, admin, booked.orderId, []);
    const shipped = await view(booked.orderId, bookedToken);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toMatchObject({
      code: "ORDER_SHIPPED",
      message: expect.stringContaining("pay the courier in cash") as unknown,
    });
    const late = await verifyLink(app, proof);
    expect(late.statusCode).toBe(409);
    await webhooksSettled(app);
    const after = await storedOrder(app, booked.orderId);
    expect(after.order).toMatchObject({ paymentMethod: "cod", status: "shipped" });
    expect(after.refunds).toMatchObject([{ reason: "payment_refused", amount: after.payment!.amount }]);

    const cancelled = await codOrder(app, variant);
    await runJob(app, cancelled.orderId);
    const cancelledToken = await linkTokenMailedTo(app, cancelled.email, cancelled.orderId);
    await call(app, admin, "POST", `/api/admin/orders/${cancelled.orderId}/status`, { status: "cancelled" });
    expect((await view(cancelled.orderId, cancelledToken)).json()).toMatchObject({ code: "ORDER_CANCELLED" });
    const pay = await call(app, {}, "POST", `/api/pay-now/${cancelled.orderId}/pay?token=${cancelledToken}`, {
      payment_method: "razorpay",
    });
    expect(pay.statusCode).toBe(409);

    // Shipped orders are not nudged at all.
    const early = await codOrder(app, variant);
    await courierMoves(app, admin, early.orderId, []);
    expect(await runJob(app, early.orderId)).toBe(0);
  });
});

describe("settings, figures and bad input", () => {
  it("audits the settings, counts sent, opened and converted, and refuses bad input with 4xx and no change", async () => {
    const before = (await call(app, admin, "GET", "/api/admin/pay-now/settings")).json();
    for (const bad of [
      { ...SETTINGS, discount_kind: "percent", discount_percent: 0 },
      { ...SETTINGS, discount_kind: "fixed" },
      { ...SETTINGS, delay_minutes: 5000 },
      { ...SETTINGS, discount_percent: 12.5 },
      { ...SETTINGS, surprise: 1 },
      { enabled: "yes" },
    ]) {
      const res = await call(app, admin, "PUT", "/api/admin/pay-now/settings", bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(app, admin, "GET", "/api/admin/pay-now/settings")).json()).toEqual(before);
    const fixed = { ...SETTINGS, discount_kind: "fixed", discount_fixed_rupees: 20 };
    expect((await call(app, admin, "PUT", "/api/admin/pay-now/settings", fixed)).json()).toEqual(fixed);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "pay-now-settings:update"));
    expect(audit).toBeDefined();

    const day = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const stats = async () =>
      (await call(app, admin, "GET", `/api/admin/pay-now/stats?from=${day}&to=${day}`)).json<PayNowStats>();
    const was = await stats();
    const { orderId, email } = await codOrder(app, variant);
    await runJob(app, orderId);
    const token = await linkTokenMailedTo(app, email, orderId);
    await view(orderId, token);
    const { proof } = await payLink(app, orderId, token);
    expect((await verifyLink(app, proof)).statusCode).toBe(200);
    const now = await stats();
    expect(now.sent - was.sent).toBe(1);
    expect(now.opened - was.opened).toBe(1);
    expect(now.converted - was.converted).toBe(1);
    expect(now.discount_minor - was.discount_minor).toBe(2000);
    expect(now.conversion_rate).toBeGreaterThan(0);

    // Bad input on every new route: 400 (or 404 for a link that is no link), nothing changed.
    const bad = [
      await call(app, admin, "GET", `/api/admin/pay-now/stats?from=${day}&to=2020-01-01`),
      await call(app, admin, "GET", "/api/admin/pay-now/stats?from=yesterday&to=today"),
      await call(app, {}, "GET", `/api/pay-now/abc?token=${token}`),
      await call(app, {}, "GET", `/api/pay-now/${orderId}`),
      await call(app, {}, "POST", `/api/pay-now/${orderId}/pay?token=${token}`, {}),
      await call(app, {}, "POST", `/api/pay-now/${orderId}/pay?token=${token}`, { payment_method: "cheque" }),
      await call(app, {}, "POST", "/api/pay-now/verify-payment", { payment_method: "razorpay" }),
      await call(app, {}, "POST", "/api/pay-now/verify-payment", { ...proof, order_id: "" }),
    ];
    expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400, 400]);
    expect(
      (await call(app, {}, "POST", `/api/pay-now/${orderId}/pay?token=nope`, { payment_method: "razorpay" }))
        .statusCode,
    ).toBe(404);
    // Guests and shoppers cannot read or change the settings.
    expect((await call(app, {}, "GET", "/api/admin/pay-now/settings")).statusCode).toBe(401);
    const [row] = await db().select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
    expect(row?.total).toBe((await nudgeOf(app, orderId))!.amountDue);
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
  });
});
