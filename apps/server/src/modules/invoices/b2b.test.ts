import { COD_SHIPPING_FEE_INR, currentIstMonth, type AdminTaxResponse } from "@store/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  countRows,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  stockOf,
  storedOrder,
} from "../checkout/test-support";
import { orders } from "../orders/tables";
import { issueCreditNote } from "./credit";
import { invoiceOfOrder } from "./read";
import { invoiceLines } from "./tables";
import { cardOrder, codOrder, LONDON, MUMBAI, pdfText } from "./test-support";

/**
 * GSTIN at checkout (issue 44, point 1; decision 096): a business buyer's GSTIN and legal name make the invoice a
 * B2B tax invoice supplied at the GSTIN's state, reported invoice by invoice in GSTR-1 table 4A, its credit notes
 * in 9B registered (CDNR). The shop's demo registration is in Rajasthan (08).
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let piece: PickedVariant;

/** Valid GSTINs (their check characters computed): Rajasthan, Karnataka, Maharashtra. */
const RAJASTHAN_GSTIN = "08AAACR5055K1Z7";
const KARNATAKA_GSTIN = "29AAGCS5678D1ZY";
const MAHARASHTRA_GSTIN = "27AAACB1234C1ZF";

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [piece] = (await pickVariants(app, { minStock: 30, count: 1 })) as [PickedVariant];
});
afterAll(() => app.close());

describe("a card order with the buyer's GSTIN", () => {
  it("in the seller's state: a B2B invoice with CGST and SGST, the buyer's GSTIN, name and state printed", async () => {
    const { orderId } = await cardOrder(app, [{ variant: piece }], "INR", {
      buyer_gstin: ` ${RAJASTHAN_GSTIN.toLowerCase()} `,
      buyer_legal_name: "Rangoli Textiles Pvt Ltd",
    });
    const { order } = await storedOrder(app, orderId);
    expect(order).toMatchObject({ buyerGstin: RAJASTHAN_GSTIN, buyerLegalName: "Rangoli Textiles Pvt Ltd" });
    const invoice = (await invoiceOfOrder(app.database.db, orderId))!;
    expect(invoice).toMatchObject({ supply: "intra", placeStateCode: "08", igst: 0 });
    expect(invoice.cgst).toBeGreaterThan(0);
    expect(invoice.parties.buyer).toEqual({
      gstin: RAJASTHAN_GSTIN,
      legalName: "Rangoli Textiles Pvt Ltd",
      stateName: "Rajasthan",
      stateCode: "08",
    });

    const pdf = await app.inject({
      method: "GET",
      url: `/api/orders/${orderId}/invoice.pdf?token=${invoice.downloadToken}`,
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`GSTIN: ${RAJASTHAN_GSTIN}`);
    expect(text).toContain("Rangoli Textiles Pvt Ltd");
    expect(text).toContain("State: Rajasthan, state code 08");
    expect(text).toContain("Rajasthan (08)");

    const page = await app.inject({ method: "GET", url: `/api/orders/${orderId}?token=${order.viewToken}` });
    expect(page.json().data.business).toEqual({ gstin: RAJASTHAN_GSTIN, legal_name: "Rangoli Textiles Pvt Ltd" });
  });

  it("of another state: IGST, supplied at the GSTIN's state even when the goods go elsewhere (bill to, ship to)", async () => {
    const same = await cardOrder(app, [{ variant: piece }], "INR", {
      ...MUMBAI,
      buyer_gstin: MAHARASHTRA_GSTIN,
      buyer_legal_name: "Marine Traders LLP",
    });
    const mumbai = (await invoiceOfOrder(app.database.db, same.orderId))!;
    expect(mumbai).toMatchObject({ supply: "inter", placeStateCode: "27", cgst: 0, sgst: 0 });
    expect(mumbai.igst).toBeGreaterThan(0);
    expect(mumbai.parties.placeOfSupply).toBe("Maharashtra (27)");

    // A Karnataka business has the goods delivered in Mumbai: the place of supply is Karnataka (IGST Act 10(1)(b)).
    const billTo = await cardOrder(app, [{ variant: piece }], "INR", {
      ...MUMBAI,
      buyer_gstin: KARNATAKA_GSTIN,
      buyer_legal_name: "Sahyadri Interiors Pvt Ltd",
    });
    const karnataka = (await invoiceOfOrder(app.database.db, billTo.orderId))!;
    expect(karnataka).toMatchObject({ supply: "inter", placeStateCode: "29", cgst: 0 });
    expect(karnataka.parties.placeOfSupply).toBe("Karnataka (29)");
    expect(karnataka.parties.recipient).toMatchObject({ city: "Mumbai", state: "Maharashtra" });

    // A Rajasthan business has them delivered in Mumbai: supplied in Rajasthan, so CGST and SGST.
    const home = await cardOrder(app, [{ variant: piece }], "INR", {
      ...MUMBAI,
      buyer_gstin: RAJASTHAN_GSTIN,
      buyer_legal_name: "Rangoli Textiles Pvt Ltd",
    });
    expect(await invoiceOfOrder(app.database.db, home.orderId)).toMatchObject({
      supply: "intra",
      placeStateCode: "08",
      igst: 0,
    });
  });

  it("without a GSTIN stays a sale to an unregistered buyer", async () => {
    const { orderId } = await cardOrder(app, [{ variant: piece }], "INR", { buyer_gstin: "", buyer_legal_name: "" });
    const invoice = (await invoiceOfOrder(app.database.db, orderId))!;
    expect(invoice.parties.buyer).toBeNull();
    const { order } = await storedOrder(app, orderId);
    expect(order).toMatchObject({ buyerGstin: null, buyerLegalName: null });
  });
});

/** Orders and payments stored; not webhook events, which the card orders above still receive from the simulator. */
const ordersAndPayments = async () => {
  const { orders, payments } = await countRows(app);
  return { orders, payments };
};

describe("create-order refuses a wrong GSTIN with the field's message, and places nothing", () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ["a malformed GSTIN", { buyer_gstin: "08ABC", buyer_legal_name: "Acme" }, "buyer_gstin", /^A GSTIN has 15/],
    [
      "a wrong check character",
      { buyer_gstin: "08AAACR5055K1Z8", buyer_legal_name: "Acme" },
      "buyer_gstin",
      /last character does not match/,
    ],
    [
      "a state code no state has",
      { buyer_gstin: "99AAACR5055K1Z7", buyer_legal_name: "Acme" },
      "buyer_gstin",
      /99 is not a GST state code/,
    ],
    ["a GSTIN without its name", { buyer_gstin: RAJASTHAN_GSTIN }, "buyer_legal_name", /^Enter the legal name/],
    ["a name without a GSTIN", { buyer_legal_name: "Acme" }, "buyer_gstin", /^Enter the GSTIN too/],
    ["a one-letter name", { buyer_gstin: RAJASTHAN_GSTIN, buyer_legal_name: "A" }, "buyer_legal_name", /2 to 100/],
    ["a GSTIN that is not text", { buyer_gstin: 8, buyer_legal_name: "Acme" }, "buyer_gstin", /must be text/],
    [
      "a GSTIN for delivery abroad",
      { ...LONDON, buyer_gstin: RAJASTHAN_GSTIN, buyer_legal_name: "Acme" },
      "buyer_gstin",
      /only for delivery in India/,
    ],
  ];
  it.each(cases)("%s: 400", async (_, extra, field, message) => {
    const lines = [{ variant: piece }];
    const cartId = await fillCart(app, lines, "INR");
    const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
    const rows = await ordersAndPayments();
    const stock = await stockOf(app, piece);
    const res = await createOrder(app, orderBody(cartId, "cod", "INR", amount, extra));
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors as { path: string; message: string }[];
    expect(errors.find((e) => e.path === `body.${field}`)?.message).toMatch(message);
    expect(await ordersAndPayments()).toEqual(rows);
    expect(await stockOf(app, piece)).toBe(stock);
  });

  it("the shop's own GSTIN: 422 on the field, no order", async () => {
    const own = (await call(app, admin, "GET", "/api/admin/settings/gst")).json().gst.gstin as string;
    const lines = [{ variant: piece }];
    const cartId = await fillCart(app, lines, "INR");
    const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
    const rows = await ordersAndPayments();
    const res = await createOrder(
      app,
      orderBody(cartId, "cod", "INR", amount, { buyer_gstin: own, buyer_legal_name: "Ourselves" }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([{ path: "buyer_gstin", message: expect.stringMatching(/shop's own GSTIN/) }]);
    expect(await ordersAndPayments()).toEqual(rows);
  });
});

describe("the monthly figures", () => {
  it("put a B2B invoice in table 4A, not B2C, and its credit note in CDNR, not CDNUR or table 7", async () => {
    const { orderId } = await codOrder(app, [{ variant: piece, quantity: 2 }], {
      buyer_gstin: KARNATAKA_GSTIN,
      buyer_legal_name: "Sahyadri Interiors Pvt Ltd",
    });
    const invoice = (await invoiceOfOrder(app.database.db, orderId))!;
    expect(invoice.isTest).toBe(false);
    const month = currentIstMonth();
    const figures = async (): Promise<AdminTaxResponse> =>
      (await call(app, admin, "GET", `/api/admin/tax?month=${month}`)).json();

    const before = await figures();
    const rows = before.b2b.filter((r) => r.number === invoice.number);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({
      gstin: KARNATAKA_GSTIN,
      receiver_name: "Sahyadri Interiors Pvt Ltd",
      date: invoice.issueDate,
      value_minor: invoice.gross,
      state_code: "29",
      state_name: "Karnataka",
    });
    expect(rows.reduce((s, r) => s + r.taxable_minor, 0)).toBe(invoice.taxable);
    expect(rows.reduce((s, r) => s + r.igst_minor, 0)).toBe(invoice.igst);
    expect(before.b2cl.some((r) => r.number === invoice.number)).toBe(false);
    expect(before.b2cs.filter((r) => r.state_code === "29")).toEqual([]);

    const csv = await call(app, admin, "GET", `/api/admin/tax/b2b.csv?month=${month}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\n")[0]).toContain("GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date");
    expect(csv.body).toContain(`${KARNATAKA_GSTIN},Sahyadri Interiors Pvt Ltd,${invoice.number}`);
    expect(csv.body).toContain("29-Karnataka,N,,Regular B2B");

    const note = await app.database.db.transaction((tx) =>
      issueCreditNote(tx, orderId, { kind: "remainder", reason: "Order refunded", feeMinor: 0 }, new Date()),
    );
    expect(note).not.toBeNull();
    const after = await figures();
    expect(after.cdnr.filter((r) => r.invoice_number === invoice.number)).toEqual([
      expect.objectContaining({ gstin: KARNATAKA_GSTIN, state_code: "29", value_minor: invoice.gross }),
    ]);
    expect(after.cdnur.some((r) => r.invoice_number === invoice.number)).toBe(false);
    expect(after.b2cs.filter((r) => r.state_code === "29")).toEqual([]);
    expect(after.credit_notes.notes.find((n) => n.invoice_number === invoice.number)?.table).toBe("cdnr");
    const cdnr = await call(app, admin, "GET", `/api/admin/tax/cdnr.csv?month=${month}`);
    expect(cdnr.body.split("\n")[0]).toContain("GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type");
    expect(cdnr.body).toContain(`${KARNATAKA_GSTIN},Sahyadri Interiors Pvt Ltd`);
    // Not a figure of any order kept as a test.
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.isTest).toBe(false);
  });
  it("split table 12: a B2B invoice and its credit note in the B2B part, a sale without a GSTIN in the B2C part", async () => {
    const month = currentIstMonth();
    const figures = async (): Promise<AdminTaxResponse> =>
      (await call(app, admin, "GET", `/api/admin/tax?month=${month}`)).json();
    /** Pieces and taxable value of each part's rows for the piece's HSN code (every rate). */
    const part = (rows: AdminTaxResponse["hsn"], hsn: string) =>
      rows
        .filter((r) => r.hsn === hsn)
        .reduce((sum, r) => ({ quantity: sum.quantity + r.quantity, taxable: sum.taxable + r.taxable_minor }), {
          quantity: 0,
          taxable: 0,
        });
    /** Table 12's parts add up to the whole, row by row (code and rate). */
    const expectPartsMakeWhole = (f: AdminTaxResponse) => {
      const key = (r: AdminTaxResponse["hsn"][number]) => `${r.hsn}|${r.rate_bps}`;
      const sums = new Map<string, number>();
      for (const r of [...f.hsn_b2b, ...f.hsn_b2c]) sums.set(key(r), (sums.get(key(r)) ?? 0) + r.taxable_minor);
      expect(Object.fromEntries(sums)).toEqual(Object.fromEntries(f.hsn.map((r) => [key(r), r.taxable_minor])));
    };
    /** GSTN checks the B2B part against tables 4A and 9B (CDNR): the same taxable value, net of the notes. */
    const expectB2bMatches4aAnd9b = (f: AdminTaxResponse) => {
      const sum = (rows: { taxable_minor: number }[]) => rows.reduce((s, r) => s + r.taxable_minor, 0);
      expect(sum(f.hsn_b2b)).toBe(sum(f.b2b) - sum(f.cdnr));
    };

    const start = await figures();
    const b2b = await codOrder(app, [{ variant: piece, quantity: 2 }], {
      buyer_gstin: MAHARASHTRA_GSTIN,
      buyer_legal_name: "Konkan Hotels LLP",
    });
    const retail = await codOrder(app, [{ variant: piece, quantity: 1 }]);
    const b2bInvoice = (await invoiceOfOrder(app.database.db, b2b.orderId))!;
    const retailInvoice = (await invoiceOfOrder(app.database.db, retail.orderId))!;
    const [goods] = await app.database.db
      .select({ hsn: invoiceLines.hsn })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, b2bInvoice.id), eq(invoiceLines.kind, "goods")));
    const hsn = goods!.hsn;
    const goodsTaxable = async (invoiceId: number) =>
      (
        await app.database.db
          .select({ taxable: invoiceLines.taxable })
          .from(invoiceLines)
          .where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.kind, "goods")))
      ).reduce((s, l) => s + l.taxable, 0);

    const placed = await figures();
    expect(part(placed.hsn_b2b, hsn)).toEqual({
      quantity: part(start.hsn_b2b, hsn).quantity + 2,
      taxable: part(start.hsn_b2b, hsn).taxable + (await goodsTaxable(b2bInvoice.id)),
    });
    expect(part(placed.hsn_b2c, hsn)).toEqual({
      quantity: part(start.hsn_b2c, hsn).quantity + 1,
      taxable: part(start.hsn_b2c, hsn).taxable + (await goodsTaxable(retailInvoice.id)),
    });
    expectPartsMakeWhole(placed);
    expectB2bMatches4aAnd9b(placed);

    // The B2B invoice's credit note comes off the B2B part only.
    await app.database.db.transaction((tx) =>
      issueCreditNote(tx, b2b.orderId, { kind: "remainder", reason: "Order refunded", feeMinor: 0 }, new Date()),
    );
    const credited = await figures();
    expect(part(credited.hsn_b2b, hsn)).toEqual(part(start.hsn_b2b, hsn));
    expect(part(credited.hsn_b2c, hsn)).toEqual(part(placed.hsn_b2c, hsn));
    expectPartsMakeWhole(credited);
    expectB2bMatches4aAnd9b(credited);

    // The offline tool's hsn(b2b) and hsn(b2c) sheets: the rate after the total value.
    const header =
      "HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount";
    for (const [section, rows] of [
      ["hsn-b2b", credited.hsn_b2b],
      ["hsn-b2c", credited.hsn_b2c],
    ] as const) {
      const csv = await call(app, admin, "GET", `/api/admin/tax/${section}.csv?month=${month}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-disposition"]).toBe(`attachment; filename="tax-${section}-${month}.csv"`);
      const lines = csv.body.trim().split(/\r?\n/);
      expect(lines[0]).toBe(header);
      expect(lines).toHaveLength(rows.length + 1);
    }
  });
});
