import { asc, count, eq } from "drizzle-orm";
import { COD_SHIPPING_FEE_INR } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createListeningTestApp, emailsTo } from "../checkout/test-support";
import { products, subcategories, taxRules } from "../catalog/tables";
import { orderLines } from "../orders/tables";
import { sellerSettings } from "../settings/tables";
import { invoiceOfOrder } from "./read";
import { creditNotes, invoices } from "./tables";
import { cardOrder, codOrder, LONDON, MUMBAI, withoutTaxClass } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;
let kurta: PickedVariant;
let rug: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  const [a, b] = await pickVariants(app, { minStock: 20, count: 2 });
  [kurta, rug] = [a!, b!];
});
afterAll(() => app.close());

const totalsOf = (lines: { taxable: number; cgst: number; sgst: number; igst: number; gross: number }[]) =>
  lines.reduce((t, l) => t + l.taxable + l.cgst + l.sgst + l.igst, 0);

describe("the tax invoice issued when an order is confirmed", () => {
  it("within Rajasthan: CGST and SGST halves per line, delivery taxed, adding up to the amount to pay, attached to the confirmation", async () => {
    const { orderId, email, total } = await codOrder(app, [{ variant: kurta, quantity: 2 }, { variant: rug }]);
    const invoice = await invoiceOfOrder(app.database.db, orderId);
    expect(invoice).toMatchObject({
      supply: "intra",
      placeStateCode: "08",
      isTest: false,
      gross: total,
      currency: "INR",
    });
    expect(invoice!.number).toMatch(/^JKH\/\d\d-\d\d\/\d{6}$/);
    expect(invoice!.parties.placeOfSupply).toBe("Rajasthan (08)");
    expect(invoice!.lines.map((l) => l.kind)).toEqual(["goods", "goods", "shipping"]);
    expect(invoice!.lines.every((l) => l.igst === 0 && l.cgst === l.sgst && l.cgst > 0)).toBe(true);
    expect(invoice!.lines[2]).toMatchObject({ gross: COD_SHIPPING_FEE_INR * 100, hsn: "996812" });
    expect(totalsOf(invoice!.lines)).toBe(total);
    expect(invoice!.lines[0]!.hsn).toMatch(/^\d{4,8}$/);

    const [confirmation] = (await emailsTo(app, email)).filter((m) => m.subject.includes("is confirmed"));
    expect(confirmation!.attachments).toEqual([
      { kind: "invoice", id: invoice!.id, filename: expect.stringContaining("JKH-") },
    ]);
    expect(confirmation!.text).toContain(`Your tax invoice ${invoice!.number} is attached`);
    expect(confirmation!.text).toContain(`/api/orders/${orderId}/invoice.pdf?token=${invoice!.downloadToken}`);
  });

  it("to another state: IGST on every line", async () => {
    const mumbai = await codOrder(app, [{ variant: rug }], MUMBAI);
    const inter = await invoiceOfOrder(app.database.db, mumbai.orderId);
    expect(inter).toMatchObject({ supply: "inter", placeStateCode: "27", cgst: 0, sgst: 0 });
    expect(inter!.igst).toBeGreaterThan(0);
    expect(inter!.parties.placeOfSupply).toBe("Maharashtra (27)");
  });

  it("prints a product's own HSN code and taxes it by its own rule; a product without its own takes its subcategory's", async () => {
    const db = app.database.db;
    const [own, follower] = (await pickVariants(app, { minStock: 5, count: 6 })).slice(4);
    const [standard] = await db.select().from(taxRules).where(eq(taxRules.name, "Standard rate"));
    const [kept] = await db.select().from(products).where(eq(products.id, own!.productId));
    await db
      .update(products)
      .set({ hsnCode: "62044290", taxRuleId: standard!.id })
      .where(eq(products.id, own!.productId));
    await db.update(products).set({ hsnCode: null, taxRuleId: null }).where(eq(products.id, follower!.productId));
    const [sub] = await db
      .select({ hsn: subcategories.hsnCode })
      .from(products)
      .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(eq(products.id, follower!.productId));
    const { orderId } = await codOrder(app, [{ variant: own! }, { variant: follower! }]);
    const invoice = await invoiceOfOrder(db, orderId);
    expect(invoice!.lines.slice(0, 2).map((l) => [l.hsn, l.rateBps])).toEqual([
      ["62044290", 1800],
      [sub!.hsn, expect.any(Number)],
    ]);
    await db
      .update(products)
      .set({ hsnCode: kept!.hsnCode, taxRuleId: kept!.taxRuleId })
      .where(eq(products.id, own!.productId));
  });

  it("numbers the real series without gaps, whatever the test series does", async () => {
    const before = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.isTest, false))
      .orderBy(asc(invoices.seq));
    await cardOrder(app, [{ variant: rug }], "USD", LONDON);
    const next = await codOrder(app, [{ variant: rug }]);
    const after = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.isTest, false))
      .orderBy(asc(invoices.seq));
    expect(after.map((i) => i.seq)).toEqual(after.map((_, i) => i + 1));
    expect(after.at(-1)).toMatchObject({ orderId: next.orderId, seq: before.length + 1 });
  });

  it("is never changed or deleted once written", async () => {
    const { orderId } = await codOrder(app, [{ variant: rug }]);
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => "changed",
        (error: Error) => String(error.cause ?? error),
      );
    const db = app.database.db;
    expect(await refusal(db.update(invoices).set({ number: "X" }).where(eq(invoices.orderId, orderId)))).toMatch(
      /never changed/,
    );
    expect(await refusal(db.delete(invoices).where(eq(invoices.orderId, orderId)))).toMatch(/never changed/);
  });

  it("is not issued while tax data is missing; the order is confirmed all the same and has no invoice", async () => {
    const [plain] = await pickVariants(app, { minStock: 5, count: 3 }).then((v) => v.slice(2));
    const restore = await withoutTaxClass(app, plain!.productId, "hsn");
    const { orderId, email } = await codOrder(app, [{ variant: plain! }]);
    expect(await invoiceOfOrder(app.database.db, orderId)).toBeNull();
    const [confirmation] = (await emailsTo(app, email)).filter((m) => m.subject.includes("is confirmed"));
    expect(confirmation!.attachments).toEqual([]);
    const detail = await call(app, admin, "GET", `/api/admin/orders/${orderId}`);
    expect(detail.json().invoice_problem).toMatch(/has no HSN code, nor has its subcategory/);
    await restore();

    const saved = await app.database.db.select({ gst: sellerSettings.gst }).from(sellerSettings);
    await app.database.db.update(sellerSettings).set({ gst: null });
    const unregistered = await codOrder(app, [{ variant: rug }]);
    expect(await invoiceOfOrder(app.database.db, unregistered.orderId)).toBeNull();
    await app.database.db.update(sellerSettings).set({ gst: saved[0]!.gst });
  });
});

describe("credit notes", () => {
  it("credit the pieces cancelled, then the rest when the order is cancelled: together, exactly the invoice", async () => {
    const { orderId } = await codOrder(app, [{ variant: kurta, quantity: 3 }, { variant: rug }]);
    const [line] = await app.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id));
    const part = await call(app, admin, "POST", `/api/admin/orders/${orderId}/cancel-lines`, {
      lines: [{ line_id: line!.id, quantity: 1 }],
    });
    expect(part.statusCode, part.body).toBe(200);
    let invoice = await invoiceOfOrder(app.database.db, orderId);
    expect(invoice!.creditNotes).toHaveLength(1);
    const [pieces] = invoice!.creditNotes;
    expect(pieces).toMatchObject({ reason: "Pieces cancelled" });
    expect(pieces!.number).toMatch(/^JKHC\/\d\d-\d\d\/\d{5}$/);
    expect(pieces!.lines).toEqual([expect.objectContaining({ invoiceLineId: invoice!.lines[0]!.id, quantity: 1 })]);
    expect(pieces!.gross).toBe(Math.floor(invoice!.lines[0]!.gross / 3));

    const whole = await call(app, admin, "POST", `/api/admin/orders/${orderId}/status`, { status: "cancelled" });
    expect(whole.statusCode, whole.body).toBe(200);
    invoice = await invoiceOfOrder(app.database.db, orderId);
    expect(invoice!.creditNotes.map((n) => n.reason)).toEqual(["Pieces cancelled", "Order cancelled"]);
    for (const head of ["gross", "taxable", "cgst", "sgst", "igst"] as const)
      expect(invoice!.creditNotes.reduce((t, n) => t + n[head], 0)).toBe(invoice![head]);
    const seqs = invoice!.creditNotes.map((n) => n.seq);
    expect(seqs[1]).toBe(seqs[0]! + 1);
  });

  it("none for an order that was never invoiced", async () => {
    const [plain] = await pickVariants(app, { minStock: 5, count: 4 }).then((v) => v.slice(3));
    const restore = await withoutTaxClass(app, plain!.productId, "rule");
    const { orderId } = await codOrder(app, [{ variant: plain! }]);
    await restore();
    const creditNotesNow = async () => (await app.database.db.select({ n: count() }).from(creditNotes))[0]!.n;
    const before = await creditNotesNow();
    const cancelled = await call(app, admin, "POST", `/api/admin/orders/${orderId}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await invoiceOfOrder(app.database.db, orderId)).toBeNull();
    expect(await creditNotesNow()).toBe(before);
  });
});
