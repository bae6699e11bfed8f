import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { financialYearOf, inrMinorAtRate, type AdminOrderDetail, type DashboardResponse } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, istDayOf } from "../../lib/seller-time";
import { call, insertOrder, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createListeningTestApp } from "../checkout/test-support";
import { stoppedClock } from "./clock";
import { printedDate } from "./format";
import { issueInvoice } from "./issue";
import { invoiceOfOrder } from "./read";
import { invoices } from "./tables";
import { cardOrder, LONDON, pdfText } from "./test-support";

/**
 * Exports and dollar orders (issue 38, point 6): the invoice converts at the customs rate of exchange notified
 * for its date (CGST rule 34), which the seller keeps by date; without one the invoice is held, never issued at
 * a made-up rate. An LUT covers the exports of its own financial year only.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let piece: PickedVariant;
const today = istDayOf(new Date());

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [piece] = (await pickVariants(app, { minStock: 20, count: 1 })) as [PickedVariant];
});
afterAll(() => app.close());

const addRate = (effective_from: string, value: number, notification = `Test ${value}-Customs (N.T.)`) =>
  call(app, admin, "POST", "/api/admin/notified-values", {
    kind: "usd_export_rate",
    effective_from,
    value,
    notification,
  });
const detail = async (orderId: number): Promise<AdminOrderDetail> =>
  (await call(app, admin, "GET", `/api/admin/orders/${orderId}`)).json();
const saveLut = async (lut_financial_year: string) => {
  const current = (await call(app, admin, "GET", "/api/admin/settings/gst")).json().gst;
  const res = await call(app, admin, "PUT", "/api/admin/settings/gst", { ...current, lut_financial_year });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("a dollar order's invoice", () => {
  it("is held while no customs exchange rate is saved for its day: the order stays paid, the seller is told why, and it is issued once a rate is entered", async () => {
    const london = await cardOrder(app, [{ variant: piece }], "USD", LONDON);
    expect(await invoiceOfOrder(app.database.db, london.orderId)).toBeNull();
    const held = await detail(london.orderId);
    expect(held).toMatchObject({ status: "paid", invoice: null, can_issue_invoice: true });
    expect(held.invoice_problem).toMatch(/^No customs exchange rate for the US dollar is saved for \d+ \w+ \d{4}/);

    const dashboard: DashboardResponse = (await call(app, admin, "GET", "/api/admin/dashboard")).json();
    expect(dashboard.tax_notices).toContainEqual({
      message: `Order #${london.orderId} has no tax invoice: ${held.invoice_problem}`,
      href: `/admin/orders/${london.orderId}`,
      action: `Open order #${london.orderId}`,
    });
    expect(dashboard.tax_notices.map((n) => n.message)).toContainEqual(
      expect.stringMatching(/^No customs exchange rate for the US dollar is saved/),
    );

    const refused = await call(app, admin, "POST", `/api/admin/orders/${london.orderId}/invoice`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(held.invoice_problem);
    expect(await app.database.db.select().from(invoices).where(eq(invoices.orderId, london.orderId))).toEqual([]);

    const rate = await addRate(today, 88.15, "64/2026-Customs (N.T.)");
    expect(rate.statusCode, rate.body).toBe(201);
    expect(rate.json()).toMatchObject({ value_minor: 8815, status: "in_force" });
    const issued = await call(app, admin, "POST", `/api/admin/orders/${london.orderId}/invoice`);
    expect(issued.statusCode, issued.body).toBe(200);
    const invoice = await invoiceOfOrder(app.database.db, london.orderId);
    expect(invoice).toMatchObject({
      supply: "export_lut",
      currency: "USD",
      rateMilli: 88_150,
      rateNotification: "64/2026-Customs (N.T.)",
      gross: inrMinorAtRate(london.total, 88_150),
      issueDate: today,
    });
    const pdf = await call(app, admin, "GET", `/api/admin/orders/${london.orderId}/invoice.pdf`);
    expect(await pdfText(pdf.rawPayload)).toContain(
      "in rupees at 88.150 INR per USD, the customs rate for exported goods of notification 64/2026-Customs (N.T.)",
    );
  });

  it("converts at the rate in force on the invoice's date: a later rate applies from its own date, none before the first", async () => {
    expect((await addRate(addDays(today, 5), 89.05)).statusCode).toBe(201);
    const issueOn = async (day: string) => {
      const { order } = await insertOrder(app, { currency: "USD", total: 50_00, quantity: 1 });
      const at = stoppedClock(new Date(`${day}T06:30:00Z`));
      const outcome = await app.database.db.transaction((tx) => issueInvoice(tx, order.id, at));
      return { outcome, invoice: await invoiceOfOrder(app.database.db, order.id) };
    };
    expect((await issueOn(today)).invoice).toMatchObject({ rateMilli: 88_150, gross: 4_407_50 });
    expect((await issueOn(addDays(today, 4))).invoice).toMatchObject({
      rateMilli: 88_150,
      issueDate: addDays(today, 4),
    });
    expect((await issueOn(addDays(today, 5))).invoice).toMatchObject({ rateMilli: 89_050, gross: 4_452_50 });
    const before = await issueOn(addDays(today, -1));
    expect(before.invoice).toBeNull();
    expect(before.outcome).toEqual({
      ok: false,
      problem: `No customs exchange rate for the US dollar is saved for ${printedDate(addDays(today, -1))}: add the rate CBIC notified for exported goods on the Exchange rates page, then issue the invoice.`,
    });
  });
});

describe("the LUT", () => {
  const lastYear = financialYearOf(addDays(`${financialYearOf(today).slice(0, 4)}-04-01`, -1));

  it("covers the exports of its own financial year only: under last year's, an export carries IGST and prints no LUT", async () => {
    const saved = await saveLut(lastYear);
    expect(saved.lut_notice).toMatch(new RegExp(`^Your LUT for ${lastYear} ended on 31 March`));
    const london = await cardOrder(app, [{ variant: piece }], "USD", LONDON);
    const invoice = await invoiceOfOrder(app.database.db, london.orderId);
    expect(invoice).toMatchObject({ supply: "export_igst", parties: { lutReference: null } });
    expect(invoice!.igst).toBeGreaterThan(0);
    const pdf = await call(app, admin, "GET", `/api/admin/orders/${london.orderId}/invoice.pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Supply meant for export with payment of IGST");
    expect(text).not.toContain("LUT");

    const current = await saveLut(financialYearOf(today));
    const again = await cardOrder(app, [{ variant: piece }], "USD", LONDON);
    expect(await invoiceOfOrder(app.database.db, again.orderId)).toMatchObject({
      supply: "export_lut",
      igst: 0,
      parties: { lutReference: current.gst.lut_reference },
    });
  });

  it("is saved with its year: a reference without one, a year without a reference or a year that is none is refused", async () => {
    const current = (await call(app, admin, "GET", "/api/admin/settings/gst")).json().gst;
    const put = (body: Record<string, unknown>) =>
      call(app, admin, "PUT", "/api/admin/settings/gst", { ...current, ...body });
    for (const [body, path] of [
      [{ lut_financial_year: "" }, "lut_financial_year"],
      [{ lut_financial_year: "2026-28" }, "lut_financial_year"],
      [{ lut_financial_year: "26-27" }, "lut_financial_year"],
      [{ lut_reference: "", lut_financial_year: "2026-27" }, "lut_reference"],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(`body.${path}`);
    }
    const none = await put({ lut_reference: "", lut_financial_year: "" });
    expect(none.statusCode).toBe(200);
    expect(none.json().lut_notice).toBeNull();
    await put({});
  });
});
