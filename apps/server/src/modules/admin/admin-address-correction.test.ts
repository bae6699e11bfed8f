import { and, count, desc, eq } from "drizzle-orm";
import { COD_SHIPPING_FEE_INR, priceIn, type AdminOrderDetail, type DeliveryCorrectionResponse } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  setStock,
  storedOrder,
  verifyPayment,
} from "../checkout/test-support";
import { invoiceById, invoiceOfOrder } from "../invoices/read";
import { invoices } from "../invoices/tables";
import { orders } from "../orders/tables";
import { sellerSettings } from "../settings/tables";
import { shipments } from "../shipping/tables";
import { auditLog } from "./tables";
import { call, insertOrder, newAdmin, newStaff } from "./test-support";

let app: FastifyInstance;
let owner: Record<string, string>;
let staff: Record<string, string>;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  owner = (await newAdmin(app)).headers;
  staff = (await newStaff(app, owner)).headers;
  [variant] = (await pickVariants(app, { minStock: 1 })) as [PickedVariant];
  await setStock(app, variant, 5000);
});
afterAll(async () => {
  await app.services.shipping.gateway.simulator?.settled();
  await app.close();
});

const db = () => app.database.db;
let guests = 0;

/** A guest's cash-on-delivery order of one piece to Jaipur, confirmed with its code: invoiced in the real series. */
async function jaipurOrder(): Promise<number> {
  const email = `address.${process.pid}.${++guests}@example.in`;
  const cartId = await fillCart(app, [{ variant }], "INR");
  const amount = pageTotal([{ variant }], "INR", { shipping: COD_SHIPPING_FEE_INR });
  const created = await createOrder(app, orderBody(cartId, "cod", "INR", amount, { email }));
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().order_id as number;
  expect((await confirmCod(app, { order_id: orderId, code: await codeSentTo(app, email) })).statusCode).toBe(200);
  return orderId;
}

/** A card order of at least `rupees` to `address` (a test order: its invoice is in the TST series). */
async function cardOrderWorth(rupees: number, address: Record<string, unknown> = {}): Promise<number> {
  const unit = priceIn("INR", variant.offerCents);
  const quantity = Math.ceil(rupees / unit);
  const cartId = await fillCart(app, [{ variant, quantity }], "INR");
  const total = unit * quantity * 100;
  const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, address));
  expect(created.statusCode, created.body).toBe(200);
  const { data } = created.json();
  const paid = await payByCard(app, data.data.id, data.key);
  expect((await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid })).statusCode).toBe(200);
  return data.order_id as number;
}

const GURUGRAM = {
  name: "Asha Meena",
  mobile_number: "+91 98290 41234",
  delivery_address: "Plot 7, Sector 14",
  pin_code: "122001",
  city: "",
  state: "",
};
const correct = (orderId: number, body: Record<string, unknown>, headers = owner) =>
  call(app, headers, "PUT", `/api/admin/orders/${orderId}/delivery-address`, body);
const invoiceCount = async (orderId: number) =>
  (await db().select({ n: count() }).from(invoices).where(eq(invoices.orderId, orderId)))[0]!.n;
const auditsOf = (orderId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "order:address"), eq(auditLog.entityId, String(orderId))))
    .orderBy(desc(auditLog.id));
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

/** What a refusal must leave as it was: the address, the invoices and credit notes, the audit rows. */
async function stateOf(orderId: number) {
  const { order } = await storedOrder(app, orderId);
  const invoice = await invoiceOfOrder(db(), orderId);
  return {
    address: [order.deliveryName, order.deliveryAddress, order.pinCode, order.city, order.state],
    invoices: await invoiceCount(orderId),
    creditNotes: invoice?.creditNotes.length ?? 0,
    audits: (await auditsOf(orderId)).length,
  };
}

describe("the owner corrects a paid order's delivery address before it ships", () => {
  it("to another state: the invoice is cancelled by a credit note and re-issued with IGST, audited, and the e-mailed link opens the new one", async () => {
    const orderId = await jaipurOrder();
    const first = (await invoiceOfOrder(db(), orderId))!;
    expect(first).toMatchObject({ supply: "intra", placeStateCode: "08" });

    const res = await correct(orderId, GURUGRAM);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as DeliveryCorrectionResponse;
    expect(body.order.delivery).toMatchObject({ pin_code: "122001", city: "Gurugram", state: "Haryana" });
    const now = (await invoiceOfOrder(db(), orderId))!;
    const cancelled = (await invoiceById(db(), first.id))!;
    // The invoice, its lines in print order and whether it has credit notes come in one read (decision 113).
    expect(first.creditNotes).toEqual([]);
    expect(first.lines.length).toBeGreaterThan(0);
    expect(cancelled.lines).toEqual(first.lines);
    expect(cancelled.lines.map((l) => l.position)).toEqual(first.lines.map((_, i) => i));
    expect(cancelled.creditNotes).toHaveLength(1);
    expect(cancelled.creditNotes[0]!.lines.length).toBeGreaterThan(0);
    expect(body.invoice_note).toBe(
      `The place of supply changed from Rajasthan to Haryana: invoice ${first.number} is cancelled by credit note ${cancelled.creditNotes[0]!.number}, and invoice ${now.number} is issued.`,
    );
    expect(now).toMatchObject({
      replacesInvoiceId: first.id,
      supply: "inter",
      placeStateCode: "06",
      cgst: 0,
      sgst: 0,
      gross: first.gross,
      downloadToken: first.downloadToken,
    });
    expect(now.igst).toBeGreaterThan(0);
    expect(now.parties.recipient).toMatchObject({ city: "Gurugram", state: "Haryana", pinCode: "122001" });
    expect(cancelled.creditNotes).toEqual([
      expect.objectContaining({ reason: "Delivery address corrected", gross: first.gross }),
    ]);
    expect(body.order.invoice).toMatchObject({
      number: now.number,
      credit_notes: [],
      earlier: [
        {
          number: first.number,
          date: first.issueDate,
          url: `/api/admin/invoices/${first.id}.pdf`,
          credit_notes: [expect.objectContaining({ reason: "Delivery address corrected" })],
        },
      ],
    });

    const shopperPdf = await app.inject({ url: `/api/orders/${orderId}/invoice.pdf?token=${first.downloadToken}` });
    expect(shopperPdf.statusCode).toBe(200);
    expect(await pdfText(shopperPdf.rawPayload)).toContain(now.number);
    const earlierPdf = await call(app, staff, "GET", `/api/admin/invoices/${first.id}.pdf`);
    expect(earlierPdf.statusCode).toBe(200);
    expect(await pdfText(earlierPdf.rawPayload)).toContain(first.number);

    const [audit] = await auditsOf(orderId);
    expect(audit?.changes).toMatchObject({
      pin_code: { before: "302002", after: "122001" },
      city: { before: "Jaipur", after: "Gurugram" },
      state: { before: "Rajasthan", after: "Haryana" },
      delivery_address: { before: "12 Hawa Mahal Road", after: "Plot 7, Sector 14" },
      invoice_number: { before: first.number, after: now.number },
    });
  });

  it("within the state, below ₹50,000: the invoice stays (rule 46 asks the address only from ₹50,000)", async () => {
    const orderId = await jaipurOrder();
    const first = (await invoiceOfOrder(db(), orderId))!;
    const res = await correct(orderId, { ...GURUGRAM, pin_code: "302022", city: "Sitapura", state: "Rajasthan" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice_note).toBe(
      `Invoice ${first.number} stays: the place of supply is the same, and below ₹50,000 the buyer's address is not a required detail of the invoice (CGST rule 46).`,
    );
    expect(await invoiceCount(orderId)).toBe(1);
    expect((await storedOrder(app, orderId)).order).toMatchObject({ pinCode: "302022", city: "Sitapura" });
  });

  it("within the state from ₹50,000: a new invoice, and the e-way bill of the old address is dropped for a new one", async () => {
    const mumbai = { city: "Mumbai", state: "Maharashtra", pin_code: "400001", delivery_address: "4 Marine Drive" };
    const orderId = await cardOrderWorth(60_000, mumbai);
    const first = (await invoiceOfOrder(db(), orderId))!;
    expect(first.taxable).toBeGreaterThanOrEqual(5_000_000);
    const entered = await call(app, owner, "PUT", `/api/admin/orders/${orderId}/e-way-bill`, {
      number: "331001234567",
    });
    expect(entered.statusCode, entered.body).toBe(200);

    const res = await correct(orderId, { ...GURUGRAM, pin_code: "400020", city: "Mumbai", state: "Maharashtra" });
    expect(res.statusCode, res.body).toBe(200);
    const now = (await invoiceOfOrder(db(), orderId))!;
    expect(res.json().invoice_note).toMatch(
      new RegExp(
        `^The invoice's taxable value is ₹50,000 or more, so it must carry the buyer's address \\(CGST rule 46\\): invoice ${first.number} is cancelled by credit note .+, and invoice ${now.number} is issued\\. Its e-way bill 331001234567 named the old address: cancel it on the portal and enter the new one's number\\.$`,
      ),
    );
    expect(now).toMatchObject({ replacesInvoiceId: first.id, supply: "inter", placeStateCode: "27" });
    expect((res.json().order as AdminOrderDetail).e_way_bill).toMatchObject({ number: null });
  });

  it("keeps a city the PIN code does not name only once confirmed", async () => {
    const orderId = await jaipurOrder();
    const asked = await correct(orderId, { ...GURUGRAM, city: "Mumbai", state: "Haryana" });
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toMatchObject({
      code: "CITY_UNCONFIRMED",
      errors: [
        {
          path: "city",
          message: 'PIN code 122001 is in Gurugram, Haryana: use Gurugram as the city, or confirm "Mumbai".',
        },
      ],
    });
    const confirmed = await correct(orderId, { ...GURUGRAM, city: "Mumbai", state: "Haryana", city_confirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().order.delivery).toMatchObject({ city: "Mumbai", state: "Haryana" });
  });
});

describe("refusals, each leaving the order and its invoice as they were", () => {
  let orderId: number;
  beforeAll(async () => {
    orderId = await jaipurOrder();
  });

  it("a state the PIN code is not in, a PIN code India Post does not know, and malformed fields", async () => {
    const before = await stateOf(orderId);
    const mismatch = await correct(orderId, { ...GURUGRAM, state: "Rajasthan" });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({
      code: "STATE_MISMATCH",
      errors: [{ path: "state", message: expect.stringMatching(/^PIN code 122001 is in Haryana, not Rajasthan\./) }],
    });
    const unknown = await correct(orderId, { ...GURUGRAM, pin_code: "999999" });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: "PINCODE_UNKNOWN" });
    const malformed = await correct(orderId, { ...GURUGRAM, pin_code: "12345", name: "" });
    expect(malformed.statusCode).toBe(400);
    expect(
      malformed
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(["body.name", "body.pin_code"]);
    // The courier calls the number: India's numbering plan, as at checkout.
    const badPhone = await correct(orderId, { ...GURUGRAM, mobile_number: "982904" });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors).toContainEqual({
      path: "body.mobile_number",
      message: expect.stringMatching(/^Enter a valid phone number for India \(\+91\)/),
    });
    expect(await stateOf(orderId)).toEqual(before);
  });

  it("staff may not correct an address; the owner may not once the parcel is being booked or the order is not paid", async () => {
    const before = await stateOf(orderId);
    expect((await correct(orderId, GURUGRAM, staff)).statusCode).toBe(403);

    // The courier's booking claims the order's parcel before it calls the courier.
    const [claim] = await db()
      .insert(shipments)
      .values({ orderId, provider: "shiprocket", isTest: true })
      .returning({ id: shipments.id });
    expect((await call(app, owner, "GET", `/api/admin/orders/${orderId}`)).json().can_correct_address).toBe(false);
    const booking = await correct(orderId, GURUGRAM);
    expect(booking.statusCode).toBe(409);
    expect(booking.json()).toMatchObject({ code: "ALREADY_BOOKED" });
    await db().delete(shipments).where(eq(shipments.id, claim!.id));
    expect((await call(app, owner, "GET", `/api/admin/orders/${orderId}`)).json().can_correct_address).toBe(true);

    const { order: shipped } = await insertOrder(app, { status: "shipped" });
    expect((await correct(shipped.id, GURUGRAM)).json()).toMatchObject({ code: "NOT_CORRECTABLE" });
    const { order: abroad } = await insertOrder(app);
    await db().update(orders).set({ deliveryCountry: "GB" }).where(eq(orders.id, abroad.id));
    expect((await correct(abroad.id, GURUGRAM)).json()).toMatchObject({ code: "NOT_DOMESTIC" });
    expect((await correct(999_999, GURUGRAM)).statusCode).toBe(404);
    expect(await stateOf(orderId)).toEqual(before);
  });

  it("an invoice that cannot be issued again (no GST registration) refuses the whole correction", async () => {
    const before = await stateOf(orderId);
    const [saved] = await db().select({ gst: sellerSettings.gst }).from(sellerSettings).where(eq(sellerSettings.id, 1));
    await db().update(sellerSettings).set({ gst: null }).where(eq(sellerSettings.id, 1));
    try {
      const res = await correct(orderId, GURUGRAM);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: "INVOICE_NOT_REISSUED",
        message: expect.stringMatching(
          /^The address was not changed: its invoice must be issued again, and the shop's GST registration/,
        ),
      });
    } finally {
      await db().update(sellerSettings).set({ gst: saved!.gst }).where(eq(sellerSettings.id, 1));
    }
    expect(await stateOf(orderId)).toEqual(before);
  });
});
