import type { FastifyInstance } from "fastify";
import { HSN_MESSAGE, type AdminProduct } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { call, productTaxFields, roles } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;
let tax: { hsn_code: string; tax_rule_id: number };
let nextCode = 96_001;

beforeAll(async () => {
  app = await createTestApp();
  ({ admin } = await roles(app));
  tax = await productTaxFields(app);
});
afterAll(() => app.close());

const post = (payload: unknown) => call(app, admin, "POST", "/api/admin/products", payload);
const patch = (id: number, payload: unknown) => call(app, admin, "PATCH", `/api/admin/products/${id}`, payload);
const form = (overrides: Record<string, unknown> = {}) => ({
  product_name: "Indigo Dabu Kurta",
  product_code: nextCode++,
  category: 1,
  subcategory: 1,
  size: "M",
  description: "Mud-resist printed cotton.",
  offer_price: 39,
  mrp: 49,
  ...tax,
  ...overrides,
});
const fieldErrors = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path.replace(/^body\./, ""), e.message]));

async function ruleWithRate(name: string, effectiveFrom?: string): Promise<number> {
  const rule = await call(app, admin, "POST", "/api/admin/tax-rules", { name });
  expect(rule.statusCode, rule.body).toBe(201);
  const id: number = rule.json().id;
  if (effectiveFrom) {
    const rate = await call(app, admin, "POST", `/api/admin/tax-rules/${id}/rates`, {
      effective_from: effectiveFrom,
      rate: 5,
    });
    expect(rate.statusCode, rate.body).toBe(201);
  }
  return id;
}

describe("products' HSN code and tax rule in the back office", () => {
  it("stores both on create and returns them in the detail and the list", async () => {
    const res = await post(form({ hsn_code: " 62044290 " }));
    expect(res.statusCode, res.body).toBe(201);
    const product: AdminProduct = res.json();
    expect(product).toMatchObject({ hsn_code: "62044290", tax_rule_id: tax.tax_rule_id });
    expect(product.tax_rule_name).toMatch(/Apparel/);
    const list = await call(app, admin, "GET", `/api/admin/products?query=${product.product_code}`);
    expect(list.json().data[0]).toMatchObject({ id: product.id, hsn_code: "62044290", tax_rule_id: tax.tax_rule_id });
  });

  it("takes the subcategory's default for what is left empty; an own code or rule overrides it until cleared", async () => {
    const res = await post(form({ hsn_code: "", tax_rule_id: "" }));
    expect(res.statusCode, res.body).toBe(201);
    const product: AdminProduct = res.json();
    expect(product).toMatchObject({
      hsn_code: null,
      tax_rule_id: null,
      default_hsn_code: "6204",
      default_tax_rule_id: tax.tax_rule_id,
      default_tax_rule_name: expect.stringMatching(/Apparel/),
    });
    const own = await patch(product.id, { hsn_code: "62044290" });
    expect(own.json()).toMatchObject({ hsn_code: "62044290", default_hsn_code: "6204" });
    const cleared = await patch(product.id, { hsn_code: "" });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ hsn_code: null, tax_rule_id: null });
  });

  it("refuses a product left with no HSN code or rule, its own or its subcategory's", async () => {
    const res = await post(form({ subcategory: undefined, hsn_code: undefined, tax_rule_id: undefined }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json()).hsn_code).toMatch(/Enter the product's HSN code: its subcategory has no default/);
    const ruleless = await post(form({ subcategory: undefined, tax_rule_id: undefined }));
    expect(fieldErrors(ruleless.json()).tax_rule_id).toMatch(/Choose the product's tax rule/);
    // Moved out of its subcategory, a product leaning on the default must get its own.
    const leaning: AdminProduct = (await post(form({ hsn_code: "", tax_rule_id: "" }))).json();
    const moved = await patch(leaning.id, { subcategory: null });
    expect(moved.statusCode).toBe(400);
    expect(fieldErrors(moved.json()).hsn_code).toMatch(/no default/);
    expect((await call(app, admin, "GET", `/api/admin/products/${leaning.id}`)).json().subcategory).toBe(1);
  });

  it.each(["62044", "6204a", "620", "6204429011"])("refuses the HSN code %s", async (hsn) => {
    const res = await post(form({ hsn_code: hsn }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json()).hsn_code).toBe(HSN_MESSAGE);
  });

  it("refuses an unknown rule with a field error", async () => {
    const res = await post(form({ tax_rule_id: 999_999 }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json()).tax_rule_id).toMatch(/does not exist/);
  });

  it("refuses a rule whose first rate is still ahead, naming the date", async () => {
    const ruleId = await ruleWithRate("Future rule (test)", "2099-01-01");
    const res = await post(form({ tax_rule_id: ruleId }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json()).tax_rule_id).toBe(
      'The rule "Future rule (test)" has no rate in force yet (its first rate takes effect on 1 January 2099): choose a rule in force today.',
    );
  });

  it("refuses a rule with no rate at all", async () => {
    const ruleId = await ruleWithRate("Empty rule (test)");
    const res = await post(form({ tax_rule_id: ruleId }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json()).tax_rule_id).toMatch(/"Empty rule \(test\)" has no rate yet/);
  });

  it("changes them on edit, checking a new rule the same way, and keeps them on a duplicate", async () => {
    const product: AdminProduct = (await post(form())).json();
    const ruleId = await ruleWithRate("Later rule (test)", "2098-04-01");
    const refused = await patch(product.id, { tax_rule_id: ruleId });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused.json()).tax_rule_id).toMatch(/1 April 2098/);
    expect((await patch(product.id, { hsn_code: "63" })).statusCode).toBe(400);
    const inForce = await ruleWithRate("Current rule (test)", "2020-01-01");
    const changed = await patch(product.id, { hsn_code: "6304", tax_rule_id: inForce });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      hsn_code: "6304",
      tax_rule_id: inForce,
      tax_rule_name: "Current rule (test)",
    });
    const copy = await call(app, admin, "POST", `/api/admin/products/${product.id}/duplicate`);
    expect(copy.json()).toMatchObject({ hsn_code: "6304", tax_rule_id: inForce });
  });
});
