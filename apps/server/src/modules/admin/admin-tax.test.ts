import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { unzipSync } from "fflate";
import { currentIstMonth, hsnDescription, type AdminTaxResponse, type ProductSize } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PickedVariant } from "../cart/test-support";
import { invalidateCatalogCache } from "../catalog/cache";
import { productVariants, products, subcategories } from "../catalog/tables";
import { createListeningTestApp, createOrder, feeAbroad, fillCart, orderBody } from "../checkout/test-support";
import { stoppedClock } from "../invoices/clock";
import { issueCreditNote, type CreditRequest } from "../invoices/credit";
import { issueInvoice } from "../invoices/issue";
import { invoices } from "../invoices/tables";
import { orderLines, orders } from "../orders/tables";
import { call, newStaff, roles } from "./test-support";

/**
 * October 2025 (IST), rates of 22 September 2025, the demo GST registration (Rajasthan) with an LUT for 2025-26,
 * a customs rate of ₹87.50 per US dollar from 16 October and the B2C large limit of ₹1,00,000. Prices are set so
 * the tax divides out: apparel (6204, 5%) at ₹189 / $6, a toilet bag (420292, 18%) at ₹649 / $20, a rug (5702,
 * 5%) at ₹60,489; cash on delivery adds ₹39 of delivery, taxed at the highest rate of the goods.
 *
 * - JKH/25-26/000001, 6 Oct, Jaipur (intra), COD: 2 apparel + 1 bag + delivery = ₹1,066.
 *     apparel 378.00 = 360.00 + 9.00 + 9.00; bag 649.00 = 550.00 + 49.50 + 49.50;
 *     delivery 39.00 at 18%: half = 39 x 18 / 236 = 2.974 -> 2.97, taxable 33.06.
 * - A simulator card order (test), invoiced TST/25-26/000001 on 12 Oct with a credit note: in no figure.
 * - JKH/25-26/000002, 20 Oct, Mumbai (inter), COD: 1 apparel + 1 bag + delivery = ₹877.
 *     apparel 189.00 = 180.00 + 9.00 IGST; bag 649.00 = 550.00 + 99.00; delivery 39 x 18 / 118 = 5.949 -> 5.95.
 * - JKH/25-26/000003, 22 Oct, Delhi (inter), COD: 2 rugs + delivery = ₹1,21,017, above the limit: table 5.
 *     rugs 1,20,978.00 x 5 / 105 = 5,760.857 -> 5,760.86 IGST; delivery 39 x 5 / 105 = 1.857 -> 1.86.
 * - JKH/25-26/000004, 25 Oct, London, PayPal $26, an export under the LUT: $26 x 87.50 = ₹2,275.00, shared by
 *     value: apparel $6 -> 525.00 at 5%, bag $20 -> 1,750.00 at 18%, no tax.
 * - JKH/25-26/000005, 26 Oct, Jaipur, the wallet in rupees: ₹1,027 raised to end in 9, ₹1,029. The ₹2.00 is
 *     the goods' price: shared 378 : 649 by largest remainder, 0.74 and 1.26, so apparel 378.74 (half 378.74 x 5
 *     / 210 = 9.018 -> 9.02, taxable 360.70) and bag 650.26 (half 650.26 x 18 / 236 = 49.596 -> 49.60, taxable 551.06).
 * - JKH/25-26/000006 at 00:10 IST on 1 November (still 31 October in UTC): November's, apparel + delivery at 5%.
 * Credit notes, issued as the back office issues them: JKHC/25-26/00001 (28 Oct) takes back Mumbai's bag;
 * 00002 (29 Oct) one of Jaipur's apparel; 00003 (30 Oct) one of Delhi's rugs, 60,489.00 x 5 / 105 = 2,880.43
 * IGST; 00004 (31 Oct) the whole export; 00005 (31 Oct) one of the wallet order's apparel: 189.00, its share of
 * the rounding staying, as the refund of a cancelled piece leaves it.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let staff: Record<string, string>;

const OCTOBER = "2025-10";

/** A seeded product with this HSN code (its own or its subcategory's), priced at `cents` with 100 in stock. */
async function variantWithHsn(hsn: string, cents: number): Promise<PickedVariant> {
  const db = app.database.db;
  const [row] = await db
    .select({ productId: products.id, name: products.name, size: productVariants.size })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(
      and(
        eq(sql`coalesce(${products.hsnCode}, ${subcategories.hsnCode})`, hsn),
        eq(products.isActive, true),
        gt(productVariants.stock, 0),
      ),
    )
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
  currency: "INR" | "USD",
  amount: number,
  address: Record<string, unknown> = {},
): Promise<number> {
  const cartId = await fillCart(app, lines, currency);
  // Abroad the order also pays its shipping from the seller's rate cards (decision 080).
  const fee = await feeAbroad(app, cartId, address.delivery_country, currency);
  const due = amount + (method === "razorpay" ? fee * 100 : fee);
  const res = await createOrder(
    app,
    orderBody(cartId, method, currency, due, { email: `tax.${process.pid}.${++email}@example.in`, ...address }),
  );
  expect(res.statusCode, res.body).toBe(200);
  // The card's answer nests it, as the spec's client reads it.
  const body = res.json();
  const orderId = (method === "razorpay" ? body.data.order_id : body.order_id) as number;
  // The simulator marks its orders as tests; the PayPal ones here stand for live payments.
  if (method === "paypal") await app.database.db.update(orders).set({ isTest: false }).where(eq(orders.id, orderId));
  return orderId;
}

async function issue(orderId: number, at: string) {
  const issued = await app.database.db.transaction((tx) => issueInvoice(tx, orderId, stoppedClock(new Date(at))));
  if (!issued.ok) throw new Error(issued.problem);
  return issued;
}

/** Pieces of one product cancelled from an invoiced order, or the whole of what is left, on `day`. */
async function credit(orderId: number, day: string, pieces?: { variant: PickedVariant; quantity: number }) {
  const db = app.database.db;
  let request: CreditRequest = { kind: "remainder", reason: "Order cancelled", feeMinor: 0 };
  if (pieces) {
    const [line] = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.productId, pieces.variant.productId)));
    request = { kind: "pieces", pieces: [{ orderLineId: line!.id, quantity: pieces.quantity }] };
  }
  const note = await db.transaction((tx) => issueCreditNote(tx, orderId, request, new Date(`${day}T06:00:00Z`)));
  if (!note) throw new Error("no credit note issued");
  return note;
}

beforeAll(async () => {
  app = await createListeningTestApp();
  const people = await roles(app);
  admin = people.admin;
  staff = (await newStaff(app, admin)).headers;
  // The London order ships free here, so the figures below are the goods' alone: the rate cards at 0.
  const rates = (await call(app, admin, "GET", "/api/admin/shipping-rates")).json();
  const free = await call(app, admin, "PUT", "/api/admin/shipping-rates", {
    zones: rates.zones.map((z: { code: string; name: string; countries: { code: string }[] }) => ({
      code: z.code,
      name: z.name,
      countries: z.countries.map((c) => c.code),
    })),
    cards: rates.cards.map((card: object) => ({ ...card, first_half_kg: 0, each_half_kg_more: 0 })),
  });
  expect(free.statusCode, free.body).toBe(200);
  const gst = (await call(app, admin, "GET", "/api/admin/settings/gst")).json().gst;
  const lut = await call(app, admin, "PUT", "/api/admin/settings/gst", { ...gst, lut_financial_year: "2025-26" });
  expect(lut.statusCode, lut.body).toBe(200);
  const rate = await call(app, admin, "POST", "/api/admin/notified-values", {
    kind: "usd_export_rate",
    effective_from: "2025-10-16",
    value: 87.5,
    notification: "Test rate for October 2025",
  });
  expect(rate.statusCode, rate.body).toBe(201);

  const apparel = await variantWithHsn("6204", 560);
  const bag = await variantWithHsn("420292", 1920);
  const rug = await variantWithHsn("5702", 180_000);
  const mixed = [{ variant: apparel }, { variant: bag }];
  const twoAndOne = [{ variant: apparel, quantity: 2 }, { variant: bag }];

  const jaipur = await placeOrder(twoAndOne, "cod", "INR", 1066);
  const mumbai = await placeOrder(mixed, "cod", "INR", 877, {
    city: "Mumbai",
    state: "Maharashtra",
    pin_code: "400001",
    delivery_address: "5 Marine Drive",
  });
  const delhi = await placeOrder([{ variant: rug, quantity: 2 }], "cod", "INR", 121_017, {
    city: "New Delhi",
    state: "Delhi",
    pin_code: "110001",
    delivery_address: "1 Janpath",
  });
  const london = await placeOrder(mixed, "paypal", "USD", 26, {
    delivery_country: "GB",
    city: "London",
    state: "Greater London",
    pin_code: "SW1A 1AA",
    country_code: "+44",
    mobile_number: "+44 20 7946 0958",
    delivery_address: "10 Downing Street",
  });
  const wallet = await placeOrder(twoAndOne, "paypal", "INR", 1029);
  const simulated = await placeOrder([{ variant: apparel }], "razorpay", "INR", 18_900);
  const november = await placeOrder([{ variant: apparel }], "cod", "INR", 228);

  const numbers = [
    await issue(jaipur, "2025-10-06T06:30:00Z"),
    await issue(simulated, "2025-10-12T06:30:00Z"),
    await issue(mumbai, "2025-10-20T06:30:00Z"),
    await issue(delhi, "2025-10-22T06:30:00Z"),
    await issue(london, "2025-10-25T06:30:00Z"),
    await issue(wallet, "2025-10-26T06:30:00Z"),
    await issue(november, "2025-10-31T18:40:00Z"),
  ].map((i) => i.number);
  expect(numbers).toEqual([
    "JKH/25-26/000001",
    "TST/25-26/000001",
    "JKH/25-26/000002",
    "JKH/25-26/000003",
    "JKH/25-26/000004",
    "JKH/25-26/000005",
    "JKH/25-26/000006",
  ]);

  const notes = [
    await credit(mumbai, "2025-10-28", { variant: bag, quantity: 1 }),
    await credit(jaipur, "2025-10-29", { variant: apparel, quantity: 1 }),
    await credit(simulated, "2025-10-29"),
    await credit(delhi, "2025-10-30", { variant: rug, quantity: 1 }),
    await credit(london, "2025-10-31"),
    await credit(wallet, "2025-10-31", { variant: apparel, quantity: 1 }),
  ].map((n) => n.number);
  expect(notes).toEqual([
    "JKHC/25-26/00001",
    "JKHC/25-26/00002",
    "TSTC/25-26/00001",
    "JKHC/25-26/00003",
    "JKHC/25-26/00004",
    "JKHC/25-26/00005",
  ]);
}, 90_000);
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
  it("table 5: the inter-State invoice above ₹1,00,000 to an unregistered buyer, invoice by invoice", async () => {
    const body = await figures(OCTOBER);
    expect(body.b2c_large_limits_minor).toEqual([100_000_00]);
    expect(body.b2cl).toEqual([
      {
        number: "JKH/25-26/000003",
        date: "2025-10-22",
        value_minor: 1_21_017_00,
        state_code: "07",
        state_name: "Delhi",
        rate_bps: 500,
        // The rugs and their delivery.
        taxable_minor: 1_15_217_14 + 37_14,
        igst_minor: 5_760_86 + 1_86,
      },
    ]);
  });

  it("table 7: the other sales in India by place and rate, the wallet's rounding in the goods, net of their credit notes", async () => {
    const body = await figures(OCTOBER);
    expect(body.b2cs).toEqual([
      {
        state_code: "08",
        state_name: "Rajasthan",
        rate_bps: 500,
        invoices: 2,
        // Jaipur's apparel, and the wallet order's with its 0.74 of rounding.
        ...heads(360_00 + 360_70, 9_00 + 9_02, 9_00 + 9_02, 0),
        // Less one apparel piece of each: 180.00 + 4.50 + 4.50 twice.
        net: heads(360_70, 9_02, 9_02, 0),
      },
      {
        state_code: "08",
        state_name: "Rajasthan",
        rate_bps: 1800,
        invoices: 2,
        // Jaipur's bag and delivery, and the wallet order's bag with its 1.26 of rounding.
        ...heads(550_00 + 33_06 + 551_06, 49_50 + 2_97 + 49_60, 49_50 + 2_97 + 49_60, 0),
        net: heads(1_134_12, 102_07, 102_07, 0),
      },
      {
        state_code: "27",
        state_name: "Maharashtra",
        rate_bps: 500,
        invoices: 1,
        ...heads(180_00, 0, 0, 9_00),
        net: heads(180_00, 0, 0, 9_00),
      },
      {
        state_code: "27",
        state_name: "Maharashtra",
        rate_bps: 1800,
        invoices: 1,
        ...heads(550_00 + 33_05, 0, 0, 99_00 + 5_95),
        // The bag was credited: the delivery is left.
        net: heads(33_05, 0, 0, 5_95),
      },
    ]);
  });

  it("table 6A: the export at the customs rate, one row per rate, no IGST under the LUT", async () => {
    const row = {
      payment: "WOPAY",
      number: "JKH/25-26/000004",
      date: "2025-10-25",
      country: "United Kingdom",
      value_minor: 2_275_00,
      igst_minor: 0,
      currency: "USD",
      order_total_minor: 26_00,
      // Not shipped in this test: no shipping bill yet (decision 082).
      port_code: null,
      shipping_bill_number: null,
      shipping_bill_date: null,
    };
    expect((await figures(OCTOBER)).exports).toEqual([
      { ...row, rate_bps: 500, taxable_minor: 525_00 },
      { ...row, rate_bps: 1800, taxable_minor: 1_750_00 },
    ]);
  });

  it("table 9B: credit notes on the B2C large invoice and on the export; the others go to table 7", async () => {
    const { cdnur, credit_notes } = await figures(OCTOBER);
    const exported = {
      ur_type: "EXPWOP",
      number: "JKHC/25-26/00004",
      date: "2025-10-31",
      invoice_number: "JKH/25-26/000004",
      invoice_date: "2025-10-25",
      place_of_supply: "United Kingdom",
      state_code: null,
      value_minor: 2_275_00,
      igst_minor: 0,
    };
    expect(cdnur).toEqual([
      {
        ur_type: "B2CL",
        number: "JKHC/25-26/00003",
        date: "2025-10-30",
        invoice_number: "JKH/25-26/000003",
        invoice_date: "2025-10-22",
        place_of_supply: "Delhi (07)",
        state_code: "07",
        value_minor: 60_489_00,
        rate_bps: 500,
        taxable_minor: 57_608_57,
        igst_minor: 2_880_43,
      },
      { ...exported, rate_bps: 500, taxable_minor: 525_00 },
      { ...exported, rate_bps: 1800, taxable_minor: 1_750_00 },
    ]);
    expect(credit_notes.notes.map((n) => [n.number, n.table, n.value_minor])).toEqual([
      ["JKHC/25-26/00001", "b2cs", 649_00],
      ["JKHC/25-26/00002", "b2cs", 189_00],
      ["JKHC/25-26/00003", "cdnur", 60_489_00],
      ["JKHC/25-26/00004", "cdnur", 2_275_00],
      // One apparel piece of the wallet order: its price, not its share of the rounding.
      ["JKHC/25-26/00005", "b2cs", 189_00],
    ]);
  });

  it("table 12: the HSN summary with the tariff's descriptions, exports included, net of the month's credit notes", async () => {
    const body = await figures(OCTOBER);
    // No registered buyer this month: table 12's B2B part is empty and its B2C part is the whole (decision 102).
    expect(body.hsn_b2b).toEqual([]);
    expect(body.hsn_b2c).toEqual(body.hsn);
    expect(body.hsn).toEqual([
      {
        hsn: "420292",
        description: hsnDescription("4202"),
        uqc: "PCS",
        rate_bps: 1800,
        // Four bags (Jaipur, Mumbai, London, the wallet), less Mumbai's and London's.
        quantity: 2,
        ...heads(550_00 + 551_06, 49_50 + 49_60, 49_50 + 49_60, 0),
        value_minor: 649_00 + 650_26,
      },
      {
        hsn: "5702",
        description: hsnDescription("5702"),
        uqc: "PCS",
        rate_bps: 500,
        quantity: 1,
        ...heads(1_15_217_14 - 57_608_57, 0, 0, 5_760_86 - 2_880_43),
        value_minor: 60_489_00,
      },
      {
        hsn: "6204",
        description: hsnDescription("6204"),
        uqc: "PCS",
        rate_bps: 500,
        // 2 + 1 + 1 + 2 pieces, less one each of Jaipur, London and the wallet order.
        quantity: 3,
        ...heads(360_00 + 180_00 + 525_00 + 360_70 - 180_00 - 525_00 - 180_00, 9_02, 9_02, 9_00),
        value_minor: 378_00 + 189_00 + 525_00 + 378_74 - 189_00 - 525_00 - 189_00,
      },
      {
        hsn: "996812",
        description: "Courier services",
        uqc: "OTH",
        rate_bps: 500,
        quantity: 1,
        ...heads(37_14, 0, 0, 1_86),
        value_minor: 39_00,
      },
      {
        hsn: "996812",
        description: "Courier services",
        uqc: "OTH",
        rate_bps: 1800,
        quantity: 2,
        ...heads(33_06 + 33_05, 2_97, 2_97, 5_95),
        value_minor: 78_00,
      },
    ]);
  });

  it("table 13 and the totals leave the test order's invoice and credit note out", async () => {
    const body = await figures(OCTOBER);
    expect(body.documents).toEqual({
      invoices: { first: "JKH/25-26/000001", last: "JKH/25-26/000005", count: 5 },
      credit_notes: { first: "JKHC/25-26/00001", last: "JKHC/25-26/00005", count: 5 },
    });
    // ₹1,066 + ₹877 + ₹1,21,017 + ₹2,275 + ₹1,029.
    const invoiced = { ...heads(120_147_15, 120_09, 120_09, 5_876_67), value_minor: 1_26_264_00 };
    // ₹649 + ₹189 + ₹60,489 + ₹2,275 + ₹189.
    const credited = { ...heads(60_793_57, 9_00, 9_00, 2_979_43), value_minor: 63_791_00 };
    expect(body.totals).toEqual({
      invoices: 5,
      invoiced,
      rounding_minor: 0,
      credited,
      net: { ...heads(59_353_58, 111_09, 111_09, 2_897_24), value_minor: 62_473_00 },
    });
    expect(body.credit_notes.total).toEqual(credited);
    expect(JSON.stringify(body)).not.toContain("TST");
  });

  it("counts an invoice by its IST day: 00:10 IST on 1 November is November's", async () => {
    const body = await figures("2025-11");
    expect(body.documents.invoices).toEqual({ first: "JKH/25-26/000006", last: "JKH/25-26/000006", count: 1 });
    // Apparel only, so the delivery charge is taxed at 5%: 39 x 5 / 210 = 0.929 -> 0.93 each half.
    expect(body.b2cs).toEqual([
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
    expect(body).toMatchObject({
      b2cl: [],
      b2cs: [],
      exports: [],
      cdnur: [],
      hsn: [],
      hsn_b2b: [],
      hsn_b2c: [],
      documents: { invoices: null, credit_notes: null },
    });
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
      for (const path of ["/api/admin/tax", "/api/admin/tax/b2cs.csv", "/api/admin/tax/invoices.zip"]) {
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
  const rows = async (section: string) => (await csv(section)).body.replace(/^\uFEFF/, "").split("\r\n");

  it("writes each table in the column order of the offline tool's template, named for its month", async () => {
    const res = await csv("hsn");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="tax-hsn-2025-10.csv"');
    expect(await rows("hsn")).toEqual([
      "HSN,Description,UQC,Total Quantity,Total Value,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount,Rate",
      `420292,"${hsnDescription("4202")}",PCS-PIECES,2,1299.26,1101.06,0.00,99.10,99.10,,18`,
      `5702,"${hsnDescription("5702")}",PCS-PIECES,1,60489.00,57608.57,2880.43,0.00,0.00,,5`,
      `6204,"${hsnDescription("6204")}",PCS-PIECES,3,567.74,540.70,9.00,9.02,9.02,,5`,
      "996812,Courier services,OTH-OTHERS,1,39.00,37.14,1.86,0.00,0.00,,5",
      "996812,Courier services,OTH-OTHERS,2,78.00,66.11,5.95,2.97,2.97,,18",
      "",
    ]);
    expect(await rows("b2cl")).toEqual([
      "Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN",
      "JKH/25-26/000003,22-Oct-2025,121017.00,07-Delhi,,5,115254.28,,",
      "",
    ]);
    expect(await rows("b2cs")).toEqual([
      "Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN",
      "OE,08-Rajasthan,5,,360.70,,",
      "OE,08-Rajasthan,18,,1134.12,,",
      "OE,27-Maharashtra,5,,180.00,,",
      "OE,27-Maharashtra,18,,33.05,,",
      "",
    ]);
    expect(await rows("exp")).toEqual([
      "Export Type,Invoice Number,Invoice date,Invoice Value,Port Code,Shipping Bill Number,Shipping Bill Date,Rate,Taxable Value,Cess Amount",
      "WOPAY,JKH/25-26/000004,25-Oct-2025,2275.00,,,,5,525.00,",
      "WOPAY,JKH/25-26/000004,25-Oct-2025,2275.00,,,,18,1750.00,",
      "",
    ]);
    expect(await rows("cdnur")).toEqual([
      "UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount",
      "B2CL,JKHC/25-26/00003,30-Oct-2025,C,07-Delhi,60489.00,,5,57608.57,",
      "EXPWOP,JKHC/25-26/00004,31-Oct-2025,C,96-Other Countries,2275.00,,5,525.00,",
      "EXPWOP,JKHC/25-26/00004,31-Oct-2025,C,96-Other Countries,2275.00,,18,1750.00,",
      "",
    ]);
    expect(await rows("docs")).toEqual([
      "Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled",
      "Invoices for outward supply,JKH/25-26/000001,JKH/25-26/000005,5,0",
      "Credit Note,JKHC/25-26/00001,JKHC/25-26/00005,5,0",
      "",
    ]);
  });

  it("lists every credit note of the month with the table it goes to", async () => {
    const notes = await csv("credit-notes");
    expect(notes.headers["content-disposition"]).toBe('attachment; filename="tax-credit-notes-2025-10.csv"');
    expect(notes.body.split("\r\n")[2]).toBe(
      'JKHC/25-26/00002,2025-10-29,JKH/25-26/000001,2025-10-06,Rajasthan (08),Pieces cancelled,"7 (B2CS, netted)",189.00,180.00,4.50,4.50,0.00',
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
      ...[1, 2, 3, 4, 5].map((n) => `credit-note-JKHC-25-26-0000${n}.pdf`),
      ...[1, 2, 3, 4, 5].map((n) => `invoice-JKH-25-26-00000${n}.pdf`),
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
