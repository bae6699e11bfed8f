import { currentIstMonth, indianToday, type AdminOrderDetail, type AdminTaxResponse } from "@store/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../lib/seller-time";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createListeningTestApp, createOrder, orderBody, storedOrder } from "../checkout/test-support";
import { invoiceOfOrder } from "../invoices/read";
import { cardOrder, MUMBAI, pdfText } from "../invoices/test-support";
import { webhookEvents } from "../payments/tables";
import { openBankAccount } from "../payments/test-support";

/**
 * Issue 44's "done when": one trade buyer from application to delivery, and a retail buyer with a GSTIN paying
 * by card, both reported invoice by invoice in the month's B2B table (decisions 096-101).
 *
 * Figures leave out test orders, and every order paid through the store's own simulator is one. So the store
 * here has Razorpay keys and RAZORPAY_BASE_URL pointing at another app: a separate process-like server that
 * speaks Razorpay's HTTP (its simulator, with its own database and credentials), as the real Razorpay would.
 */
let razorpay: FastifyInstance;
/** Where the store reaches "Razorpay" (its API and the checkout widget's endpoints). */
let razorpayUrl: string;
let shop: FastifyInstance;
let owner: Record<string, string>;
let piece: PickedVariant;
let other: PickedVariant;

/** Valid GSTINs (check characters computed): a Maharashtra wholesaler, a Karnataka retail business. */
const MAHARASHTRA_GSTIN = "27AAACB1234C1ZF";
const KARNATAKA_GSTIN = "29AAGCS5678D1ZY";

beforeAll(async () => {
  razorpay = await createListeningTestApp({ seed: false });
  razorpayUrl = razorpay.config.publicUrl;
  // The store's keys are the provider's (its key id, secret and webhook secret), as set in production.
  const keys = razorpay.paymentSimulator!.credentials.razorpay;
  shop = await createListeningTestApp({ config: { razorpay: { ...keys, baseUrl: `${razorpayUrl}/sim/razorpay` } } });
  // The provider's webhooks go to the store, as the Razorpay dashboard's webhook URL would send them.
  razorpay.config.publicUrl = shop.config.publicUrl;
  owner = (await newAdmin(shop)).headers;
  [piece, other] = (await pickVariants(shop, { minStock: 20, count: 2 })) as [PickedVariant, PickedVariant];
  await openBankAccount(shop, owner);
});
afterAll(async () => {
  await razorpay?.paymentSimulator?.webhooks.settled();
  await shop?.services.shipping.gateway.simulator?.settled();
  await shop?.close();
  await razorpay?.close();
});

const today = indianToday();
const figures = async (): Promise<AdminTaxResponse> =>
  (await call(shop, owner, "GET", `/api/admin/tax?month=${currentIstMonth()}`)).json();

/** The invoice's rows of the B2B table match it: GSTIN, name, value, place and each tax head summed over rates. */
async function expectB2bRows(orderId: number, gstin: string, name: string, stateCode: string) {
  const invoice = (await invoiceOfOrder(shop.database.db, orderId))!;
  expect(invoice.isTest).toBe(false);
  const month = await figures();
  const rows = month.b2b.filter((r) => r.number === invoice.number);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows)
    expect(row).toMatchObject({
      gstin,
      receiver_name: name,
      date: invoice.issueDate,
      value_minor: invoice.gross,
      state_code: stateCode,
    });
  const sum = (head: "taxable_minor" | "cgst_minor" | "sgst_minor" | "igst_minor") =>
    rows.reduce((s, r) => s + r[head], 0);
  expect([sum("taxable_minor"), sum("cgst_minor"), sum("sgst_minor"), sum("igst_minor")]).toEqual([
    invoice.taxable,
    invoice.cgst,
    invoice.sgst,
    invoice.igst,
  ]);
  // Not a B2C sale: not in B2C large, and no B2C small row for the buyer's state.
  expect(month.b2cl.some((r) => r.number === invoice.number)).toBe(false);
  expect(month.b2cs.filter((r) => r.state_code === stateCode)).toEqual([]);
  return invoice;
}

describe("a trade buyer, application to delivery", () => {
  it("applies, is approved, asks, accepts the quote, pays by two transfers, is invoiced with its GSTIN and delivered", async () => {
    const shopper = await newShopper(shop);
    const buyer = tokenHeader(shopper.token);

    // Applies for a trade account with its GSTIN; the owner approves it into a group.
    expect((await call(shop, buyer, "GET", "/api/trade/")).json()).toEqual({ application: null, buyer: null });
    const applied = await call(shop, buyer, "POST", "/api/trade/apply/", {
      gstin: MAHARASHTRA_GSTIN,
      business_name: "Marine Traders LLP",
      buys: "Block-printed table linen for our Mumbai showroom",
      monthly_volume_rupees: 200000,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await call(shop, buyer, "GET", "/api/trade/")).json()).toMatchObject({
      application: { status: "open" },
      buyer: null,
    });
    const group = await call(shop, owner, "POST", "/api/admin/trade/groups", { name: "Showrooms", percent_off: 10 });
    expect(group.statusCode, group.body).toBe(201);
    const approved = await call(shop, owner, "POST", `/api/admin/trade/applications/${applied.json().id}/approve`, {
      group_id: group.json().id,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const trade = (await call(shop, buyer, "GET", "/api/trade/")).json();
    expect(trade).toMatchObject({
      application: { status: "approved" },
      buyer: { gstin: MAHARASHTRA_GSTIN, business_name: "Marine Traders LLP" },
    });

    // Asks for a quote; the owner prices and sends it.
    const asked = await call(shop, buyer, "POST", "/api/quotes/", {
      lines: [
        { product_id: piece.productId, size: piece.size, quantity: 6 },
        { product_id: other.productId, size: other.size, quantity: 4 },
      ],
      wanted_by: addDays(today, 20),
      state: "Maharashtra",
      notes: "For the Mumbai showroom, delivered to our Jaipur buying office",
      phone: "98765 43210",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const quote = asked.json<{ id: number; lines: { id: number }[] }>();
    const sent = await call(shop, owner, "POST", `/api/admin/quotes/${quote.id}/send`, {
      lines: quote.lines.map((l, i) => ({ id: l.id, unit_price_paise: i === 0 ? 89_900 : 124_950 })),
      shipping_paise: 30_000,
      valid_until: addDays(today, 10),
      terms: "By bank transfer, part payment accepted",
      lead_time_days: 7,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const total = 6 * 89_900 + 4 * 124_950 + 30_000;
    expect(sent.json()).toMatchObject({ status: "quoted", total_paise: total });

    // Accepts: the cart holds the quote's lines; checks out by bank transfer with the trade account's GSTIN.
    const accepted = await call(shop, buyer, "POST", `/api/quotes/${quote.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const placed = await createOrder(
      shop,
      orderBody(accepted.json().cart_id, "bank_transfer", "INR", total / 100, {
        payment_method: "bank_transfer",
        buyer_gstin: trade.buyer.gstin,
        buyer_legal_name: trade.buyer.business_name,
      }),
      buyer,
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id as number;
    expect((await storedOrder(shop, orderId)).order).toMatchObject({
      status: "pending_payment",
      quoteId: quote.id,
      total,
      buyerGstin: MAHARASHTRA_GSTIN,
      isTest: false,
    });

    // The owner records a part transfer, then the balance: the order is confirmed and invoiced.
    const record = (body: Record<string, unknown>) =>
      call(shop, owner, "POST", `/api/admin/orders/${orderId}/bank-transfers`, { received_on: today, ...body });
    const part = await record({ mode: "neft", utr: "SBINN26340123456", amount_minor: 300_000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ paid: 3_000, balance_due: (total - 300_000) / 100 });
    const pending = (await call(shop, buyer, "GET", `/api/orders/${orderId}`)).json().data;
    expect(pending).toMatchObject({ status: "pending_payment", invoice: null });
    const rest = await record({ mode: "rtgs", utr: "SBINR52026120612345678", amount_minor: total - 300_000 });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ paid: total / 100, balance_due: 0 });
    const page = (await call(shop, buyer, "GET", `/api/orders/${orderId}`)).json().data;
    expect(page).toMatchObject({
      status: "paid",
      business: { gstin: MAHARASHTRA_GSTIN, legal_name: "Marine Traders LLP" },
    });
    expect(page.invoice).not.toBeNull();

    // A B2B tax invoice: the buyer's GSTIN and name; supplied in Maharashtra (the GSTIN's state), so IGST,
    // though the goods go to Jaipur in the seller's own state (IGST Act section 10(1)(b)).
    const invoice = (await invoiceOfOrder(shop.database.db, orderId))!;
    expect(invoice).toMatchObject({ gross: total, supply: "inter", placeStateCode: "27", cgst: 0, sgst: 0 });
    expect(invoice.igst).toBeGreaterThan(0);
    expect(invoice.parties.buyer).toEqual({
      gstin: MAHARASHTRA_GSTIN,
      legalName: "Marine Traders LLP",
      stateName: "Maharashtra",
      stateCode: "27",
    });
    expect(invoice.parties.recipient).toMatchObject({ city: "Jaipur", state: "Rajasthan" });
    const pdf = await shop.inject({ url: page.invoice.url, headers: buyer });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`GSTIN: ${MAHARASHTRA_GSTIN}`);
    expect(text).toContain("Marine Traders LLP");
    expect(text).toContain("Maharashtra (27)");

    // Shipped through the courier simulator, step by step, to delivered.
    const shipped = await call(shop, owner, "POST", "/api/admin/shipments", { order_ids: [orderId] });
    expect(shipped.statusCode, shipped.body).toBe(200);
    let detail: AdminOrderDetail | undefined;
    for (let step = 0; step < 5 && detail?.status !== "delivered"; step++) {
      const res = await call(shop, owner, "POST", `/api/admin/orders/${orderId}/shipment/simulate`, {
        action: "advance",
      });
      expect(res.statusCode, res.body).toBe(200);
      detail = res.json() as AdminOrderDetail;
    }
    expect(detail?.status).toBe("delivered");
    expect((await call(shop, buyer, "GET", `/api/orders/${orderId}`)).json().data.status).toBe("delivered");

    // The month's figures: the invoice in the B2B table, its GSTIN, value and tax heads as invoiced.
    await expectB2bRows(orderId, MAHARASHTRA_GSTIN, "Marine Traders LLP", "27");
  });
});

describe("a retail buyer with a GSTIN, paying by card", () => {
  it("is a real (not test) order through the keyed provider, and its invoice is a row of the B2B table", async () => {
    expect(shop.services.payments.gateway.provider("razorpay")).toMatchObject({ simulated: false });
    const { orderId } = await cardOrder(
      shop,
      [{ variant: piece, quantity: 2 }],
      "INR",
      { ...MUMBAI, buyer_gstin: KARNATAKA_GSTIN, buyer_legal_name: "Sahyadri Interiors Pvt Ltd" },
      razorpayUrl,
    );
    const { order } = await storedOrder(shop, orderId);
    expect(order).toMatchObject({ status: "paid", isTest: false, buyerGstin: KARNATAKA_GSTIN });
    // The provider's signed webhooks reached the store and were accepted with its webhook secret.
    await razorpay.paymentSimulator!.webhooks.settled();
    const events = await shop.database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, "razorpay"));
    expect(events.map((e) => (e.payload as { event: string }).event).sort()).toEqual([
      "order.paid",
      "payment.captured",
    ]);
    const invoice = await expectB2bRows(orderId, KARNATAKA_GSTIN, "Sahyadri Interiors Pvt Ltd", "29");
    expect(invoice).toMatchObject({ supply: "inter", placeStateCode: "29" });
  });
});
