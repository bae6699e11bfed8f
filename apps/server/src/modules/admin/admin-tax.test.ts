import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { unzipSync } from "fflate";
import { currentIstMonth, type AdminTaxResponse, type ProductSize } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PickedVariant } from "../cart/test-support";
import { invalidateCatalogCache } from "../catalog/cache";
import { productVariants, products } from "../catalog/tables";
import { createListeningTestApp, createOrder, fillCart, orderBody } from "../checkout/test-support";
import { issueInvoice } from "../invoices/issue";
import { creditNoteLines, creditNotes, invoiceLines, invoices } from "../invoices/tables";
import { orders } from "../orders/tables";
import { call, newStaff, roles } from "./test-support";

/**
 * October 2025 (IST), rates of 22 September 2025, the demo GST registration (Rajasthan, with an LUT). Prices
 * are set so the tax divides out: apparel (HSN 6204, 5%) at ₹189 / $6, a bag (HSN 4202, 18%) at ₹649 / $20;
 * cash on delivery adds ₹39 of delivery, taxed at the highest rate of the goods.
 *
 * - JKH/25-26/000001, 6 Oct, Jaipur (intra), COD: 2 apparel + 1 bag + delivery = ₹1,066.
 *     apparel 378.00 = 360.00 + 9.00 + 9.00; bag 649.00 = 550.00 + 49.50 + 49.50;
 *     delivery 39.00 at 18%: half = 39 x 18 / 236 = 2.974 -> 2.97, taxable 33.06.
 * - JKH/25-26/000002, 20 Oct, Mumbai (inter), COD: 1 apparel + 1 bag + delivery = ₹877.
 *     apparel 189.00 = 180.00 + 9.00 IGST; bag 649.00 = 550.00 + 99.00; delivery 39 x 18 / 118 = 5.949 -> 5.95, taxable 33.05.
 * - JKH/25-26/000003, 25 Oct, London, PayPal $26 (export under LUT): $26 x 33.6 = ₹873.60, shared by value:
 *     apparel $6 -> 201.60, bag $20 -> 672.00, no tax.
 * - A simulator card order (test), invoiced TST/25-26/000001 with a credit note: in no figure.
 * - JKH/25-26/000004 at 00:10 IST on 1 November (still 31 October in UTC): November's, apparel + delivery at 5%.
 * Credit notes: JKHC/25-26/00001 (28 Oct) takes back Mumbai's bag; JKHC/25-26/00002 (29 Oct) one of Jaipur's apparel.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let staff: Record<string, string>;

const OCTOBER = "2025-10";

async function variantWithHsn(hsn: string, cents: number): Promise<PickedVariant> {
  const db = app.database.db;
  const [row] = await db
    .select({ productId: products.id, name: products.name, size: productVariants.size })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.hsnCode, hsn), eq(products.isActive, true), gt(productVariants.stock, 0)))
    .limit(1);
  if (!row) throw new Error(`the seed has no product with HSN ${hsn}`);
  await db
    .update(productVariants)
    .set({ offerPriceCents: cents, mrpCents: cents, stock: 100 })
    .where(and(eq(productVariants.productId, row.productId), eq(productVariants.size, row.size)));
  invalidateCatalogCache();
  return { ...row, size: row.size as ProductSize, offerCents: cents, mrpCents: cents, stock: 100 };
}

let email = 0;
async function placeOrder(
  lines: { variant: PickedVariant; quantity?: number }[],
  method: "cod" | "paypal" | "razorpay",
  amount: number,
  address: Record<string, unknown> = {},
): Promise<number> {
  const currency = method === "paypal" ? "USD" : "INR";
  const cartId = await fillCart(app, lines, currency);
  const res = await createOrder(
    app,
    orderBody(cartId, method, currency, amount, { email: `tax.${process.pid}.${++email}@example.in`, ...address }),
  );
  expect(res.statusCode, res.body).toBe(200);
  // The card's answer nests it, as the spec's client reads it.
  const body = res.json();
  return (method === "razorpay" ? body.data.order_id : body.order_id) as number;
}

async function issue(orderId: number, at: string) {
  const issued = await app.database.db.transaction((tx) => issueInvoice(tx, orderId, new Date(at)));
  if (!issued.ok) throw new Error(issued.problem);
  return issued;
}

/** A credit note as the credit-note issuer writes it: the whole of some invoice lines, taken back. */
async function creditNote(invoiceId: number, positions: number[], number: string, day: string, quantity = 1) {
  const db = app.database.db;
  const lines = (await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId))).filter((l) =>
    positions.includes(l.position),
  );
  const sum = (key: "taxable" | "cgst" | "sgst" | "igst" | "gross") =>
    lines.reduce((s, l) => s + Math.round((l[key] * quantity) / l.quantity), 0);
  const [note] = await db
    .insert(creditNotes)
    .values({
      invoiceId,
      number,
      series: number.startsWith("TST") ? "test-credit" : "credit",
      financialYear: "25-26",
      seq: Number(number.slice(-5)),
      issuedAt: new Date(`${day}T06:00:00Z`),
      issueDate: day,
      reason: "Pieces cancelled",
      taxable: sum("taxable"),
      cgst: sum("cgst"),
      sgst: sum("sgst"),
      igst: sum("igst"),
      gross: sum("gross"),
    })
    .returning();
  await db.insert(creditNoteLines).values(
    lines.map((l) => ({
      creditNoteId: note!.id,
      invoiceLineId: l.id,
      quantity,
      taxable: Math.round((l.taxable * quantity) / l.quantity),
      cgst: Math.round((l.cgst * quantity) / l.quantity),
      sgst: Math.round((l.sgst * quantity) / l.quantity),
      igst: Math.round((l.igst * quantity) / l.quantity),
      gross: Math.round((l.gross * quantity) / l.quantity),
    })),
  );
}

beforeAll(async () => {
  app = await createListeningTestApp();
  const people = await roles(app);
  admin = people.admin;
  staff = (await newStaff(app, admin)).headers;

  const apparel = await variantWithHsn("6204", 560);
  const bag = await variantWithHsn("4202", 1920);
  const mixed = [{ variant: apparel }, { variant: bag }];

  const jaipur = await placeOrder([{ variant: apparel, quantity: 2 }, { variant: bag }], "cod", 1066);
  const mumbai = await placeOrder(mixed, "cod", 877, {
    city: "Mumbai",
    state: "Maharashtra",
    pin_code: "400001",
    delivery_address: "5 Marine Drive",
  });
  const london = await placeOrder(mixed, "paypal", 26, {
    delivery_country: "GB",
    city: "London",
    state: "Greater London",
    pin_code: "SW1A 1AA",
    country_code: "+44",
    mobile_number: "+44 20 7946 0958",
    delivery_address: "10 Downing Street",
  });
  // The simulator marks its orders as tests; this one stands for a live PayPal payment.
  await app.database.db.update(orders).set({ isTest: false }).where(eq(orders.id, london));
  const simulated = await placeOrder([{ variant: apparel }], "razorpay", 18_900);
  const november = await placeOrder([{ variant: apparel }], "cod", 228);

  const j = await issue(jaipur, "2025-10-06T06:30:00Z");
  const t = await issue(simulated, "2025-10-12T06:30:00Z");
  const m = await issue(mumbai, "2025-10-20T06:30:00Z");
  const l = await issue(london, "2025-10-25T06:30:00Z");
  const n = await issue(november, "2025-10-31T18:40:00Z");
  expect([j.number, m.number, l.number, n.number, t.number]).toEqual([
    "JKH/25-26/000001",
    "JKH/25-26/000002",
    "JKH/25-26/000003",
    "JKH/25-26/000004",
    "TST/25-26/000001",
  ]);

  await creditNote(m.invoiceId, [1], "JKHC/25-26/00001", "2025-10-28");
  await creditNote(j.invoiceId, [0], "JKHC/25-26/00002", "2025-10-29");
  await creditNote(t.invoiceId, [0], "TSTC/25-26/00001", "2025-10-29");
}, 60_000);
afterAll(() => app.close());

const figures = async (month: string): Promise<AdminTaxResponse> => {
  const res = await call(app, admin, "GET", `/api/admin/tax?month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const heads = (taxable: number, cgst: number, sgst: number, igst: number) => ({
  taxable_minor: taxable,
  cgst_minor: cgst,
  sgst_minor: sgst,
  igst_minor: igst,
});

describe("GET /api/admin/tax", () => {
  it("B2C sales by place and rate from the invoices' lines, netted by the month's credit notes", async () => {
    const body = await figures(OCTOBER);
    expect(body.b2c).toEqual([
      {
        state_code: "08",
        state_name: "Rajasthan",
        rate_bps: 500,
        invoices: 1,
        ...heads(36_000, 900, 900, 0),
        net: heads(18_000, 450, 450, 0),
      },
      {
        state_code: "08",
        state_name: "Rajasthan",
        rate_bps: 1800,
        invoices: 1,
        // The bag and the delivery charge.
        ...heads(55_000 + 3_306, 4_950 + 297, 4_950 + 297, 0),
        net: heads(58_306, 5_247, 5_247, 0),
      },
      {
        state_code: "27",
        state_name: "Maharashtra",
        rate_bps: 500,
        invoices: 1,
        ...heads(18_000, 0, 0, 900),
        net: heads(18_000, 0, 0, 900),
      },
      {
        state_code: "27",
        state_name: "Maharashtra",
        rate_bps: 1800,
        invoices: 1,
        ...heads(58_305, 0, 0, 10_495),
        net: heads(3_305, 0, 0, 595),
      },
    ]);
  });

  it("the HSN summary counts every supply, exports included, the delivery charge under its SAC", async () => {
    const body = await figures(OCTOBER);
    expect(body.hsn).toEqual([
      {
        hsn: "4202",
        description: "",
        uqc: "PCS",
        rate_bps: 1800,
        quantity: 3,
        ...heads(55_000 + 55_000 + 67_200, 4_950, 4_950, 9_900),
        value_minor: 64_900 + 64_900 + 67_200,
      },
      {
        hsn: "6204",
        description: "",
        uqc: "PCS",
        rate_bps: 500,
        quantity: 4,
        ...heads(36_000 + 18_000 + 20_160, 900, 900, 900),
        value_minor: 37_800 + 18_900 + 20_160,
      },
      {
        hsn: "996812",
        description: "Courier and delivery service",
        uqc: "OTH",
        rate_bps: 1800,
        quantity: 2,
        ...heads(3_306 + 3_305, 297, 297, 595),
        value_minor: 7_800,
      },
    ]);
  });

  it("lists exports with their INR value, no IGST under the LUT, and the dollar total", async () => {
    expect((await figures(OCTOBER)).exports).toEqual([
      {
        number: "JKH/25-26/000003",
        date: "2025-10-25",
        payment: "WOPAY",
        country: "United Kingdom",
        value_minor: 87_360,
        taxable_minor: 87_360,
        igst_minor: 0,
        currency: "USD",
        order_total_minor: 2_600,
      },
    ]);
  });

  it("lists the month's credit notes with their invoices, and their totals by place and rate", async () => {
    const { credit_notes } = await figures(OCTOBER);
    expect(credit_notes.notes).toEqual([
      {
        number: "JKHC/25-26/00001",
        date: "2025-10-28",
        invoice_number: "JKH/25-26/000002",
        invoice_date: "2025-10-20",
        place_of_supply: "Maharashtra (27)",
        state_code: "27",
        reason: "Pieces cancelled",
        ...heads(55_000, 0, 0, 9_900),
        value_minor: 64_900,
      },
      {
        number: "JKHC/25-26/00002",
        date: "2025-10-29",
        invoice_number: "JKH/25-26/000001",
        invoice_date: "2025-10-06",
        place_of_supply: "Rajasthan (08)",
        state_code: "08",
        reason: "Pieces cancelled",
        ...heads(18_000, 450, 450, 0),
        value_minor: 18_900,
      },
    ]);
    expect(credit_notes.by_place).toEqual([
      { state_code: "08", state_name: "Rajasthan", rate_bps: 500, ...heads(18_000, 450, 450, 0) },
      { state_code: "27", state_name: "Maharashtra", rate_bps: 1800, ...heads(55_000, 0, 0, 9_900) },
    ]);
    expect(credit_notes.total).toEqual({ ...heads(73_000, 450, 450, 9_900), value_minor: 83_800 });
  });

  it("totals and documents issued leave the test order's invoice and credit note out", async () => {
    const body = await figures(OCTOBER);
    expect(body.documents).toEqual({
      invoices: { first: "JKH/25-26/000001", last: "JKH/25-26/000003", count: 3 },
      credit_notes: { first: "JKHC/25-26/00001", last: "JKHC/25-26/00002", count: 2 },
    });
    expect(body.totals).toEqual({
      invoices: 3,
      // ₹1,066 + ₹877 + ₹873.60.
      invoiced: { ...heads(94_306 + 76_305 + 87_360, 6_147, 6_147, 11_395), value_minor: 281_660 },
      rounding_minor: 0,
      credited: { ...heads(73_000, 450, 450, 9_900), value_minor: 83_800 },
      net: { ...heads(184_971, 5_697, 5_697, 1_495), value_minor: 197_860 },
    });
    expect(JSON.stringify(body)).not.toContain("TST");
  });

  it("counts an invoice by its IST day: 00:10 IST on 1 November is November's", async () => {
    const body = await figures("2025-11");
    expect(body.documents.invoices).toEqual({ first: "JKH/25-26/000004", last: "JKH/25-26/000004", count: 1 });
    // Apparel only, so the delivery charge is taxed at 5%: 39 x 5 / 210 = 0.929 -> 0.93 each half.
    expect(body.b2c).toEqual([
      {
        state_code: "08",
        state_name: "Rajasthan",
        rate_bps: 500,
        invoices: 1,
        ...heads(18_000 + 3_714, 450 + 93, 450 + 93, 0),
        net: heads(21_714, 543, 543, 0),
      },
    ]);
  });

  it("answers an empty month with empty sections", async () => {
    const body = await figures("2025-08");
    expect(body).toMatchObject({ b2c: [], hsn: [], exports: [], documents: { invoices: null, credit_notes: null } });
    expect(body.totals.invoiced.value_minor).toBe(0);
  });

  it("refuses a month that is malformed, missing, before GST or not begun yet, with a clear 400", async () => {
    const [year, month] = currentIstMonth().split("-").map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
    const cases: [string, RegExp][] = [
      ["?month=2025-13", /YYYY-MM/],
      ["?month=October", /YYYY-MM/],
      ["?month=2025-10-01", /YYYY-MM/],
      ["", /month/],
      ["?month=2017-06", /GST began in July 2017/],
      [`?month=${next}`, /not begun yet/],
    ];
    for (const [query, message] of cases) {
      for (const path of ["/api/admin/tax", "/api/admin/tax/b2c.csv", "/api/admin/tax/invoices.zip"]) {
        const res = await call(app, admin, "GET", `${path}${query}`);
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    }
  });

  it("is the owner's: staff get 403 on the figures, the CSVs and the ZIP", async () => {
    for (const path of ["/api/admin/tax", "/api/admin/tax/hsn.csv", "/api/admin/tax/invoices.zip"]) {
      const res = await call(app, staff, "GET", `${path}?month=${OCTOBER}`);
      expect(res.statusCode, path).toBe(403);
    }
  });
});

describe("GET /api/admin/tax/:section.csv", () => {
  const csv = (section: string, month = OCTOBER) =>
    call(app, admin, "GET", `/api/admin/tax/${section}.csv?month=${month}`);

  it("writes the HSN summary in rupees with 2 decimals, named for its month", async () => {
    const res = await csv("hsn");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="tax-hsn-2025-10.csv"');
    expect(res.body).toBe(
      "\uFEFFhsn,description,uqc,rate_percent,total_quantity,total_value,taxable_value,cgst,sgst,igst\r\n" +
        "4202,,PCS,18,3,1970.00,1772.00,49.50,49.50,99.00\r\n" +
        "6204,,PCS,5,4,768.60,741.60,9.00,9.00,9.00\r\n" +
        "996812,Courier and delivery service,OTH,18,2,78.00,66.11,2.97,2.97,5.95\r\n",
    );
  });

  it("writes B2C, exports and credit notes", async () => {
    const b2c = (await csv("b2c")).body.split("\r\n");
    expect(b2c[0]).toBe(
      "\uFEFFplace_of_supply,rate_percent,invoices,taxable_value,cgst,sgst,igst,net_taxable_value,net_cgst,net_sgst,net_igst",
    );
    expect(b2c[4]).toBe("27-Maharashtra,18,1,583.05,0.00,0.00,104.95,33.05,0.00,0.00,5.95");
    expect((await csv("exports")).body.split("\r\n")[1]).toBe(
      "WOPAY,JKH/25-26/000003,2025-10-25,United Kingdom,873.60,873.60,0.00,USD,26.00",
    );
    const notes = await csv("credit-notes");
    expect(notes.headers["content-disposition"]).toBe('attachment; filename="tax-credit-notes-2025-10.csv"');
    expect(notes.body.split("\r\n")[2]).toBe(
      "JKHC/25-26/00002,2025-10-29,JKH/25-26/000001,2025-10-06,Rajasthan (08),Pieces cancelled,189.00,180.00,4.50,4.50,0.00",
    );
  });

  it("answers an unknown section 404", async () => {
    expect((await csv("gstr3b")).statusCode).toBe(404);
  });
});

describe("GET /api/admin/tax/invoices.zip", () => {
  it("bundles the month's invoice and credit-note PDFs, test orders' left out", async () => {
    const res = await call(app, admin, "GET", `/api/admin/tax/invoices.zip?month=${OCTOBER}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="invoices-2025-10.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      "credit-note-JKHC-25-26-00001.pdf",
      "credit-note-JKHC-25-26-00002.pdf",
      "invoice-JKH-25-26-000001.pdf",
      "invoice-JKH-25-26-000002.pdf",
      "invoice-JKH-25-26-000003.pdf",
    ]);
    const [first] = await app.database.db
      .select({ orderId: invoices.orderId })
      .from(invoices)
      .where(eq(invoices.number, "JKH/25-26/000001"));
    // The same PDF as the order page's download (rendering is deterministic).
    const single = await call(app, admin, "GET", `/api/admin/orders/${first!.orderId}/invoice.pdf`);
    expect(Buffer.from(files["invoice-JKH-25-26-000001.pdf"]!).equals(single.rawPayload)).toBe(true);
    for (const pdf of Object.values(files)) expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
  });

  it("answers a month without documents 404, saying so", async () => {
    const res = await call(app, admin, "GET", "/api/admin/tax/invoices.zip?month=2025-08");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No invoices or credit notes in August 2025.");
  });
});
