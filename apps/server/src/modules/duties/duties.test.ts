import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ProductSize, ShippingQuote } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newStaff, roles } from "../admin/test-support";
import { auditLog } from "../admin/tables";
import type { PickedVariant } from "../cart/test-support";
import { invalidateCatalogCache } from "../catalog/cache";
import { productVariants, products, subcategories } from "../catalog/tables";
import { createListeningTestApp, createOrder, fillCart, orderBody } from "../checkout/test-support";
import { stoppedClock } from "../invoices/clock";
import { issueInvoice } from "../invoices/issue";
import { invoices } from "../invoices/tables";
import { orders } from "../orders/tables";

/**
 * Import duties (decision 081) through the API: the estimate the cart and checkout show for a delivery abroad,
 * the seller's rules in the back office, and delivered duty paid adding its line to the order's total.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let staff: Record<string, string>;
let dress: PickedVariant;

/** A seeded product with this HSN code (its own or its subcategory's), priced at `cents` with stock. */
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

const estimate = (cartId: string, country: string, extra = "") =>
  app.inject({
    method: "GET",
    url: `/api/duties-estimate/?cart_id=${cartId}&currency=USD&country=${country}${extra}`,
  });

const NEW_YORK = {
  delivery_country: "US",
  city: "New York",
  state: "New York",
  pin_code: "10001",
  country_code: "+1",
  mobile_number: "+1 212 555 0142",
  delivery_address: "350 Fifth Avenue",
};

beforeAll(async () => {
  app = await createListeningTestApp();
  const people = await roles(app);
  admin = people.admin;
  staff = (await newStaff(app, admin)).headers;
  // Women's dresses (6204): $100.
  dress = await variantWithHsn("6204", 10_000);
}, 60_000);
afterAll(() => app.close());

describe("the notice and estimate of the cart and checkout", () => {
  it("the United States: no de minimis, the dress's duty and the additional duties on goods of India", async () => {
    const cartId = await fillCart(app, [{ variant: dress }], "USD");
    const res = await estimate(cartId, "US");
    expect(res.statusCode, res.body).toBe(200);
    const { duties } = res.json();
    // 8.4% + 50% of $100 (the US duty is on the goods alone).
    expect(duties.estimate).toMatchObject({ rule: "US", below_threshold: false, duty: 58.4, tax: 0, total: 58.4 });
    expect(duties.notice).toBe(
      "Estimated import duties and taxes for the United States: about $58, paid to the carrier at delivery. This is an estimate.",
    );
    expect(duties.charged).toBe(false);
  });

  it("the United Kingdom below GBP 135: VAT on goods and shipping, no duty", async () => {
    const cartId = await fillCart(app, [{ variant: dress }], "USD");
    const { duties } = (await estimate(cartId, "gb")).json();
    expect(duties.estimate).toMatchObject({ rule: "GB", below_threshold: true, duty: 0, tax: 20 });
    expect(duties.notice).toContain("for the United Kingdom: about $20, paid to the carrier at delivery");
  });

  it("an EU country takes its own VAT", async () => {
    const cartId = await fillCart(app, [{ variant: dress }], "USD");
    const de = (await estimate(cartId, "DE")).json().duties;
    const hu = (await estimate(cartId, "HU")).json().duties;
    expect(de.estimate).toMatchObject({ destination: "Germany (European Union)", below_threshold: true, tax: 19 });
    expect(hu.estimate.tax).toBe(27);
  });

  it("a country without a rule gets the sentence without a figure; India gets nothing", async () => {
    const cartId = await fillCart(app, [{ variant: dress }], "USD");
    const jp = (await estimate(cartId, "JP")).json().duties;
    expect(jp).toMatchObject({ country: "JP", estimate: null, charged: false });
    expect(jp.notice).toMatch(/not included.*carrier collects them at delivery/);
    expect((await estimate(cartId, "IN")).json().duties).toBeNull();
  });

  it.each([
    ["country=USA", "querystring.country"],
    ["country=US&shipping_method=by-camel", "querystring.shipping_method"],
  ])("bad input (%s) is a 400 naming the field", async (query, path) => {
    const cartId = await fillCart(app, [{ variant: dress }], "USD");
    const res = await app.inject({
      method: "GET",
      url: `/api/duties-estimate/?cart_id=${cartId}&currency=USD&${query}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe("the import rules in the back office", () => {
  it("lists the six destinations with their duty rates", async () => {
    const res = await call(app, admin, "GET", "/api/admin/import-rules");
    expect(res.statusCode).toBe(200);
    const rules = res.json().data as {
      code: string;
      duty_rates: unknown[];
      country_tax_rates: Record<string, number>;
    }[];
    expect(rules.map((r) => r.code)).toEqual(["AE", "AU", "CA", "EU", "GB", "US"]);
    expect(rules.find((r) => r.code === "EU")!.country_tax_rates.DE).toBe(19);
    expect(rules.find((r) => r.code === "US")!.duty_rates.length).toBeGreaterThan(0);
  });

  it("staff may not read or change them", async () => {
    expect((await call(app, staff, "GET", "/api/admin/import-rules")).statusCode).toBe(403);
    expect((await call(app, staff, "PATCH", "/api/admin/import-rules/US", { ddp: true })).statusCode).toBe(403);
  });

  it.each([
    [{ tax_rate: 150 }, "body.tax_rate", "The tax rate is at most 100%"],
    [{ tax_rate: 12.345 }, "body.tax_rate", "The tax rate takes at most two decimals"],
    [{ threshold: -1 }, "body.threshold", "The threshold cannot be negative"],
    [{ source_url: "http://example.com" }, "body.source_url", "Enter the source as an https:// address"],
    [{ effective_from: "2025-02-30" }, "body.effective_from", "This is not a calendar date"],
    [{ duty_base: "cif" }, "body.duty_base", "duty_base must be goods or goods_shipping"],
    [{ country_tax_rates: { D1: 20 } }, "body.country_tax_rates.D1", "Use a country code such as DE"],
  ])("a rule edit with %j is a 400 and changes nothing", async (patch, path, message) => {
    const before = (await call(app, admin, "GET", "/api/admin/import-rules")).json();
    const res = await call(app, admin, "PATCH", "/api/admin/import-rules/GB", patch);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
    expect((await call(app, admin, "GET", "/api/admin/import-rules")).json()).toEqual(before);
  });

  it("refuses an unknown destination, an empty edit and another rule's country", async () => {
    expect((await call(app, admin, "PATCH", "/api/admin/import-rules/ZZ", { ddp: true })).statusCode).toBe(404);
    expect((await call(app, admin, "PATCH", "/api/admin/import-rules/GB", {})).statusCode).toBe(400);
    const foreign = await call(app, admin, "PATCH", "/api/admin/import-rules/EU", { country_tax_rates: { GB: 20 } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe("GB is not among this rule's countries.");
  });

  it("adds a duty rate (once per prefix and day), audited, and deletes it", async () => {
    const rate = { hs_prefix: "6304", rate: 6.5, effective_from: "2030-01-01", source_url: "https://hts.usitc.gov/" };
    const bad = await call(app, admin, "POST", "/api/admin/import-rules/US/duty-rates", { ...rate, hs_prefix: "63A" });
    expect(bad.statusCode).toBe(400);
    const added = await call(app, admin, "POST", "/api/admin/import-rules/US/duty-rates", rate);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ hs_prefix: "6304", rate: 6.5 });
    expect((await call(app, admin, "POST", "/api/admin/import-rules/US/duty-rates", rate)).statusCode).toBe(409);
    const id = added.json().id as number;
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "duty_rate"), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(["create"]);
    expect((await call(app, admin, "DELETE", `/api/admin/duty-rates/${id}`)).statusCode).toBe(204);
    expect((await call(app, admin, "DELETE", `/api/admin/duty-rates/${id}`)).statusCode).toBe(404);
  });
});

describe("delivered duty paid", () => {
  it("adds the estimate to the order's total, keeps it on the order and out of the invoice's value", async () => {
    const on = await call(app, admin, "PATCH", "/api/admin/import-rules/US", { ddp: true });
    expect(on.statusCode, on.body).toBe(200);
    try {
      const cartId = await fillCart(app, [{ variant: dress }], "USD");
      const { duties } = (await estimate(cartId, "US")).json();
      expect(duties.charged).toBe(true);
      expect(duties.notice).toBe(
        "Import duties and taxes for the United States: $58, collected now with your order, so nothing is due at delivery. This is our estimate of what customs charge.",
      );
      const body = (amount: number) =>
        orderBody(cartId, "paypal", "USD", amount, { email: `ddp.${process.pid}@example.in`, ...NEW_YORK });
      // The goods alone are no longer the total.
      const short = await createOrder(app, body(100));
      expect(short.statusCode).toBe(409);
      expect(short.json().code).toBe("AMOUNT_MISMATCH");
      // Abroad the order goes by international standard, at the fee the seller's rate card gives (decision 080).
      const quote = await app.inject({
        method: "GET",
        url: "/api/shipping-quote/",
        query: { cart_id: cartId, country: "US", currency: "USD" },
      });
      const fee = (quote.json() as ShippingQuote).methods.find((m) => m.code === "international-standard")!.fee;
      expect(fee).toBeGreaterThan(0);
      const res = await createOrder(app, body(158.4 + fee));
      expect(res.statusCode, res.body).toBe(200);
      const [order] = await app.database.db.select().from(orders).where(eq(orders.id, res.json().order_id));
      expect(order).toMatchObject({ subtotal: 10_000, shipping: fee * 100, duties: 5840, total: 15_840 + fee * 100 });

      // The invoice: the goods and delivery only, the duties receipted apart (CGST rule 33).
      const gst = (await call(app, admin, "GET", "/api/admin/settings/gst")).json().gst;
      await call(app, admin, "PUT", "/api/admin/settings/gst", { ...gst, lut_financial_year: "2026-27" });
      await call(app, admin, "POST", "/api/admin/notified-values", {
        kind: "usd_export_rate",
        effective_from: "2026-12-01",
        value: 90,
        notification: "Test rate",
      });
      const issued = await app.database.db.transaction((tx) =>
        issueInvoice(tx, order!.id, stoppedClock(new Date("2026-12-05T06:30:00Z"))),
      );
      expect(issued.ok, issued.ok ? "" : issued.problem).toBe(true);
      const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, order!.id));
      expect(invoice?.orderTotal).toBe(order!.total - 5840);
    } finally {
      await call(app, admin, "PATCH", "/api/admin/import-rules/US", { ddp: false });
    }
  });
});
