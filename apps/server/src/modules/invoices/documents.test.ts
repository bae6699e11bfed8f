import { and, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COD_SHIPPING_FEE_INR, rupeesText, taxRateText, type AdminOrderDetail, type OrderDetail } from "@store/shared";
import { emailOutbox } from "../../email/tables";
import { startSmtpSink } from "../../email/test-support";
import { createTestApp } from "../../testing/test-app";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { auditLog } from "../admin/tables";
import { call, newAdmin, newStaff } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  codeSentTo,
  confirmCod,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  setStock,
} from "../checkout/test-support";
import { sellerSettings } from "../settings/tables";
import { invoiceOfOrder } from "./read";
import { creditNoteLines, creditNotes } from "./tables";
import { pdfText } from "./test-support";
import { amountInWords } from "./words";

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let app: FastifyInstance;
let variants: PickedVariant[];
let admin: Record<string, string>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await createTestApp({ config: { smtpUrl: smtp.url } });
  variants = await pickVariants(app, { minStock: 10, count: 3 });
  // Every test sells a few pieces: enough for all of them.
  for (const variant of variants) await setStock(app, variant, 1000);
  admin = (await newAdmin(app)).headers;
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

let emails = 0;
const freshEmail = () => `invoice.${process.pid}.${++emails}@example.in`;

/**
 * A cash-on-delivery order in Jaipur (so CGST and SGST), confirmed with the e-mailed code: by a guest, or by
 * the shopper whose headers are given. Not a test order, so its invoice is in the real series.
 */
async function confirmedOrder(
  options: {
    headers?: Record<string, string>;
    confirm?: boolean;
    lines?: { variant: PickedVariant; quantity: number }[];
  } = {},
) {
  const headers = options.headers ?? {};
  const lines = options.lines ?? [
    { variant: variants[0]!, quantity: 2 },
    { variant: variants[1]!, quantity: 1 },
  ];
  const email = freshEmail();
  const cartId = await fillCart(app, lines, "INR", headers);
  const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
  const created = await createOrder(app, orderBody(cartId, "cod", "INR", amount, { email }), headers);
  expect(created.statusCode).toBe(200);
  const orderId = created.json().order_id as number;
  if (options.confirm !== false) {
    const confirmed = await confirmCod(app, { order_id: orderId, code: await codeSentTo(app, email) }, headers);
    expect(confirmed.statusCode).toBe(200);
  }
  return { orderId, email };
}

async function invoiceOf(orderId: number) {
  const invoice = await invoiceOfOrder(app.database.db, orderId);
  if (!invoice) throw new Error(`order ${orderId} has no invoice`);
  return invoice;
}

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

function expectPdf(res: LightMyRequestResponse, filename: string) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  expect(res.headers["content-disposition"]).toBe(`attachment; filename="${filename}"`);
  expect(res.headers["cache-control"]).toMatch(/^private/);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
}

const NO_INVOICE = "No tax invoice is available for this order (it may not be issued yet, or the link is not valid).";

describe("the shopper's tax invoice (GET /api/orders/:id/invoice.pdf)", () => {
  it("a guest opens it with the token of the confirmation e-mail's link; a wrong or missing token is the same 404", async () => {
    const { orderId, email } = await confirmedOrder();
    const invoice = await invoiceOf(orderId);
    expect(invoice.number).toMatch(/^JKH\/\d\d-\d\d\/\d{6}$/);
    const filename = `invoice-${invoice.number.replaceAll("/", "-")}.pdf`;

    const mails = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const confirmation = mails.find((m) => m.attachments.length > 0);
    expect(confirmation?.attachments).toEqual([{ kind: "invoice", id: invoice.id, filename }]);
    const link = /\/api\/orders\/\d+\/invoice\.pdf\?token=\S+/.exec(confirmation?.text ?? "")?.[0];
    expect(link).toBe(`/api/orders/${orderId}/invoice.pdf?token=${invoice.downloadToken}`);

    expectPdf(await get(link!), filename);
    for (const url of [
      `/api/orders/${orderId}/invoice.pdf`,
      `/api/orders/${orderId}/invoice.pdf?token=wrong`,
      `/api/orders/${orderId}/invoice.pdf?token=${invoice.downloadToken}x`,
      // Another order's token opens only that order's invoice.
      `/api/orders/${orderId + 1000}/invoice.pdf?token=${invoice.downloadToken}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: NO_INVOICE });
    }
    // A signed-in stranger without the token learns nothing more.
    const stranger = tokenHeader((await newShopper(app)).token);
    expect((await get(`/api/orders/${orderId}/invoice.pdf`, stranger)).json()).toMatchObject({ message: NO_INVOICE });
  });

  it("the signed-in owner opens it without a token, and the order's JSON links it", async () => {
    const shopper = await newShopper(app);
    const headers = tokenHeader(shopper.token);
    const { orderId } = await confirmedOrder({ headers });
    const invoice = await invoiceOf(orderId);

    expectPdf(
      await get(`/api/orders/${orderId}/invoice.pdf`, headers),
      `invoice-${invoice.number.replaceAll("/", "-")}.pdf`,
    );
    const order: OrderDetail = (await get(`/api/orders/${orderId}`, headers)).json().data;
    expect(order.invoice).toEqual({
      number: invoice.number,
      date: invoice.issueDate,
      url: `/api/orders/${orderId}/invoice.pdf?token=${invoice.downloadToken}`,
    });
    expect(order.credit_notes).toEqual([]);
    // The link works without the session header (a plain link in the browser).
    expect((await get(order.invoice!.url)).statusCode).toBe(200);
    // Another shopper signed in: 404, as for a guest.
    const other = tokenHeader((await newShopper(app)).token);
    expect((await get(`/api/orders/${orderId}/invoice.pdf`, other)).statusCode).toBe(404);
  });

  it("an order not confirmed yet has no invoice: 404 with the same message; bad input is a 400", async () => {
    const { orderId } = await confirmedOrder({ confirm: false });
    const res = await get(`/api/orders/${orderId}/invoice.pdf`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: NO_INVOICE, code: "INVOICE_NOT_FOUND" });
    expect((await get("/api/orders/999999/invoice.pdf?token=abc")).statusCode).toBe(404);
    expect((await get("/api/orders/abc/invoice.pdf")).statusCode).toBe(400);
    expect((await get(`/api/orders/${orderId}/invoice.pdf?token=${"x".repeat(300)}`)).statusCode).toBe(400);
  });
});

describe("the invoice PDF's contents", () => {
  it("prints what Rule 46 asks for: number, GSTIN, each line's HSN, taxable value, rates and taxes, totals in figures and words", async () => {
    const { orderId } = await confirmedOrder();
    const invoice = await invoiceOf(orderId);
    const res = await get(`/api/orders/${orderId}/invoice.pdf?token=${invoice.downloadToken}`);
    const text = await pdfText(res.rawPayload);

    expect(invoice.supply).toBe("intra");
    for (const fact of [
      "Tax Invoice",
      invoice.number,
      invoice.parties.supplier.legalName,
      `GSTIN: ${invoice.parties.supplier.gstin}`,
      "Place of supply Rajasthan (08)",
      invoice.parties.recipient.name,
      "Whether tax is payable on reverse charge: No",
      "This is a computer-generated invoice",
      amountInWords(invoice.gross),
      rupeesText(invoice.gross),
    ])
      expect(text).toContain(fact);
    expect(text).not.toContain("TEST ORDER");
    // Goods lines and the cash-on-delivery fee, each with its HSN/SAC, taxable value, half rates and halves.
    expect(invoice.lines.map((l) => l.kind)).toEqual(["goods", "goods", "shipping"]);
    for (const line of invoice.lines) {
      const half = taxRateText(line.rateBps / 2);
      expect(text).toContain(
        `${line.hsn} ${line.quantity} ${line.kind === "goods" ? "pcs" : "—"} ${rupeesText(line.taxable)} ${half} ${rupeesText(line.cgst)} ${half} ${rupeesText(line.sgst)} ${rupeesText(line.gross)}`,
      );
    }
    expect(text).toContain(`Total taxable value ₹ ${rupeesText(invoice.taxable)}`);
    expect(text).toContain(`CGST ₹ ${rupeesText(invoice.cgst)}`);
    expect(text).toContain(`SGST ₹ ${rupeesText(invoice.sgst)}`);
    expect(text).toContain(`Invoice total ₹ ${rupeesText(invoice.gross)}`);
    // The same invoice renders to the same bytes.
    expect((await get(`/api/orders/${orderId}/invoice.pdf?token=${invoice.downloadToken}`)).rawPayload).toEqual(
      res.rawPayload,
    );
  });
});

describe("the confirmation e-mail", () => {
  it("the outbox worker sends the invoice PDF as an attachment, the same bytes as the download", async () => {
    const { orderId, email } = await confirmedOrder();
    const invoice = await invoiceOf(orderId);
    const pdf = (await get(`/api/orders/${orderId}/invoice.pdf?token=${invoice.downloadToken}`)).rawPayload;
    for (;;) {
      const run = await app.services.outbox.deliverPending();
      if (run.delivered + run.failed === 0) break;
      expect(run.failed).toBe(0);
    }
    const message = smtp.received.find((m) => m.includes(`To: ${email}`) && m.includes("application/pdf"));
    expect(message).toBeDefined();
    expect(message).toContain(`filename=${`invoice-${invoice.number.replaceAll("/", "-")}.pdf`}`);
    expect(message!.replace(/\r\n/g, "")).toContain(pdf.toString("base64"));
  });
});

/** A credit note against `invoice` crediting its first line whole (the credit-note issuer is built elsewhere). */
async function creditFirstLine(orderId: number) {
  const invoice = await invoiceOf(orderId);
  const line = invoice.lines[0]!;
  const { taxable, cgst, sgst, igst, gross } = line;
  const [note] = await app.database.db
    .insert(creditNotes)
    .values({
      invoiceId: invoice.id,
      number: `JKHC/26-27/${String(invoice.id).padStart(5, "0")}`,
      series: "credit",
      financialYear: "26-27",
      seq: invoice.id,
      issueDate: invoice.issueDate,
      reason: "Pieces cancelled",
      taxable,
      cgst,
      sgst,
      igst,
      gross,
    })
    .returning();
  await app.database.db.insert(creditNoteLines).values({
    creditNoteId: note!.id,
    invoiceLineId: line.id,
    quantity: line.quantity,
    taxable,
    cgst,
    sgst,
    igst,
    gross,
  });
  return { invoice, note: note!, line };
}

describe("credit notes (GET /api/orders/:id/credit-notes/:noteId.pdf)", () => {
  it("open with the invoice's access rules and print the credited line against the invoice", async () => {
    const shopper = await newShopper(app);
    const headers = tokenHeader(shopper.token);
    const { orderId } = await confirmedOrder({ headers });
    const { invoice, note, line } = await creditFirstLine(orderId);
    const filename = `credit-note-${note.number.replaceAll("/", "-")}.pdf`;
    const url = `/api/orders/${orderId}/credit-notes/${note.id}.pdf`;

    const order: OrderDetail = (await get(`/api/orders/${orderId}`, headers)).json().data;
    expect(order.credit_notes).toEqual([
      { number: note.number, date: note.issueDate, url: `${url}?token=${invoice.downloadToken}` },
    ]);
    expectPdf(await get(url, headers), filename);
    const res = await get(`${url}?token=${invoice.downloadToken}`);
    expectPdf(res, filename);
    const text = await pdfText(res.rawPayload);
    for (const fact of [
      "Credit Note",
      note.number,
      `Against invoice ${invoice.number}`,
      "Reason: Pieces cancelled",
      line.description,
      line.hsn,
      rupeesText(line.taxable),
      amountInWords(note.gross),
    ])
      expect(text).toContain(fact);

    for (const [target, who] of [
      [url, {}],
      [`${url}?token=wrong`, {}],
      [url, tokenHeader((await newShopper(app)).token)],
      [`/api/orders/${orderId}/credit-notes/${note.id + 1000}.pdf?token=${invoice.downloadToken}`, {}],
    ] as const) {
      const refused = await get(target, who);
      expect(refused.statusCode, target).toBe(404);
      expect(refused.json().code).toBe("CREDIT_NOTE_NOT_FOUND");
    }
  });
});

describe("the back office's invoices", () => {
  it("the owner and staff download the invoice and credit notes; shoppers and guests cannot", async () => {
    const { orderId } = await confirmedOrder();
    const { invoice, note } = await creditFirstLine(orderId);
    const staff = (await newStaff(app, admin)).headers;
    const shopper = tokenHeader((await newShopper(app)).token);
    const invoiceUrl = `/api/admin/orders/${orderId}/invoice.pdf`;
    const noteUrl = `/api/admin/credit-notes/${note.id}.pdf`;
    for (const who of [admin, staff]) {
      expectPdf(await get(invoiceUrl, who), `invoice-${invoice.number.replaceAll("/", "-")}.pdf`);
      expectPdf(await get(noteUrl, who), `credit-note-${note.number.replaceAll("/", "-")}.pdf`);
    }
    expect((await get(invoiceUrl)).statusCode).toBe(401);
    expect((await get(invoiceUrl, shopper)).statusCode).toBe(403);
    expect((await get(noteUrl, shopper)).statusCode).toBe(403);
    expect((await get("/api/admin/credit-notes/999999.pdf", admin)).statusCode).toBe(404);

    const detail: AdminOrderDetail = (await get(`/api/admin/orders/${orderId}`, admin)).json();
    expect(detail.invoice).toEqual({
      number: invoice.number,
      date: invoice.issueDate,
      url: invoiceUrl,
      is_test: false,
      credit_notes: [{ id: note.id, number: note.number, date: note.issueDate, reason: note.reason, url: noteUrl }],
      earlier: [],
      shipping_bill: null,
    });
    expect(detail.can_issue_invoice).toBe(false);
  });

  it("an order confirmed without GST settings has none; the owner issues it once they are saved (audited), staff may not", async () => {
    const db = app.database.db;
    const [saved] = await db.select({ gst: sellerSettings.gst }).from(sellerSettings).where(eq(sellerSettings.id, 1));
    const restore = () => db.update(sellerSettings).set({ gst: saved!.gst }).where(eq(sellerSettings.id, 1));
    await db.update(sellerSettings).set({ gst: null }).where(eq(sellerSettings.id, 1));
    try {
      await invoiceLater(restore);
    } finally {
      await restore();
    }
  });

  async function invoiceLater(restore: () => Promise<unknown>) {
    const db = app.database.db;
    const { orderId } = await confirmedOrder();
    expect(await invoiceOfOrder(db, orderId)).toBeNull();
    const detail: AdminOrderDetail = (await get(`/api/admin/orders/${orderId}`, admin)).json();
    expect(detail).toMatchObject({ invoice: null, can_issue_invoice: true });
    expect((await get(`/api/admin/orders/${orderId}/invoice.pdf`, admin)).statusCode).toBe(404);

    const refused = await call(app, admin, "POST", `/api/admin/orders/${orderId}/invoice`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/GST registration is not saved/);
    const staff = (await newStaff(app, admin)).headers;
    expect((await call(app, staff, "POST", `/api/admin/orders/${orderId}/invoice`)).statusCode).toBe(403);

    await restore();
    const issued = await call(app, admin, "POST", `/api/admin/orders/${orderId}/invoice`);
    expect(issued.statusCode).toBe(200);
    const invoice = await invoiceOf(orderId);
    expect((issued.json() as AdminOrderDetail).invoice?.number).toBe(invoice.number);
    expect((await call(app, admin, "POST", `/api/admin/orders/${orderId}/invoice`)).statusCode).toBe(200);
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(orderId)), eq(auditLog.action, "invoice:issue")),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.changes).toEqual({ invoice_number: { before: null, after: invoice.number } });
  }

  it("an order not confirmed cannot be invoiced: 409", async () => {
    const { orderId } = await confirmedOrder({ confirm: false });
    const res = await call(app, admin, "POST", `/api/admin/orders/${orderId}/invoice`);
    expect(res.statusCode).toBe(409);
    expect((await call(app, admin, "POST", "/api/admin/orders/999999/invoice")).statusCode).toBe(404);
  });
});
