import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  financialYearOf,
  gstinCheckCharacter,
  type SellerGst,
  type TaxRuleView,
  type TaxRulesResponse,
} from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { istDayOf, addDays } from "../../lib/seller-time";
import { readSellerGst } from "../settings/service";
import { createTestApp } from "../../testing/test-app";
import { auditLog } from "./tables";
import { APPAREL_RULE, call, newAdmin, newStaff } from "./test-support";

let app: FastifyInstance;
let owner: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await newAdmin(app);
  owner = admin.headers;
  staff = (await newStaff(app, owner)).headers;
});
afterAll(() => app.close());

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const registration = (overrides: Partial<Record<keyof SellerGst, unknown>> = {}) => ({
  legal_name: "Jaipur Kala House Private Limited",
  address: "14 Johari Bazar, Jaipur, Rajasthan 302003",
  gstin: gstin("08AAJCJ4523K1Z"),
  state_code: "08",
  invoice_prefix: "jkh",
  lut_reference: "",
  ...overrides,
});
const putGst = (body: unknown, headers = owner) => call(app, headers, "PUT", "/api/admin/settings/gst", body);
const fieldErrors = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path.replace(/^body\./, ""), e.message]));
const today = () => istDayOf(new Date());

describe("GET/PUT /api/admin/settings/gst", () => {
  it("saves the registration (prefix in capitals), answers it back, and audits the change", async () => {
    const year = financialYearOf(today());
    const res = await putGst(registration({ lut_reference: "AD0803250999999", lut_financial_year: year }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().gst).toMatchObject({
      invoice_prefix: "JKH",
      state_code: "08",
      lut_reference: "AD0803250999999",
      lut_financial_year: year,
    });
    const read = await call(app, owner, "GET", "/api/admin/settings/gst");
    expect(read.json()).toEqual(res.json());
    expect(await readSellerGst(app.database.db)).toEqual(res.json().gst);
    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "seller_gst"), eq(auditLog.entityId, "1")));
    expect(audits.at(-1)?.changes).toMatchObject({ lut_reference: { after: "AD0803250999999" } });
  });

  it("takes an empty LUT reference (exports are then invoiced with IGST)", async () => {
    const res = await putGst(registration({ lut_reference: "" }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().gst.lut_reference).toBe("");
  });

  it.each([
    [
      "a wrong check character",
      { gstin: "08AAJCJ4523K1Z" + (gstinCheckCharacter("08AAJCJ4523K1Z") === "A" ? "B" : "A") },
      "gstin",
      /last character does not match/,
    ],
    ["a GSTIN of another state", { gstin: gstin("27AAJCJ4523K1Z") }, "gstin", /from state code 27, not 08/],
    ["a GSTIN of the wrong shape", { gstin: "08AAJCJ4523" }, "gstin", /15 characters/],
    ["an invoice prefix too long", { invoice_prefix: "JKHX" }, "invoice_prefix", /1 to 3 capital letters or digits/],
    ["an unknown state", { state_code: "99" }, "state_code", /Choose the state/],
    ["no legal name", { legal_name: "" }, "legal_name", /./],
  ])("refuses %s with a message on the field", async (_what, overrides, field, message) => {
    const before = await readSellerGst(app.database.db);
    const res = await putGst(registration(overrides));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json())[field]).toMatch(message);
    expect(await readSellerGst(app.database.db)).toEqual(before);
  });

  it("is the owner's: staff get 403 on reading and saving", async () => {
    expect((await call(app, staff, "GET", "/api/admin/settings/gst")).statusCode).toBe(403);
    const res = await putGst(registration(), staff);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("OWNER_ONLY");
  });
});

const rules = async (): Promise<TaxRulesResponse> => {
  const res = await call(app, owner, "GET", "/api/admin/tax-rules");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const newRule = async (name: string): Promise<TaxRuleView> => {
  const res = await call(app, owner, "POST", "/api/admin/tax-rules", { name, description: "For the test" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const addRate = (ruleId: number, body: unknown, headers = owner) =>
  call(app, headers, "POST", `/api/admin/tax-rules/${ruleId}/rates`, body);

describe("/api/admin/tax-rules", () => {
  it("lists the seeded rules with the rate in force today (IST) marked, newest date first", async () => {
    const list = await rules();
    expect(list.today).toBe(today());
    const apparel = list.data.find((r) => r.name === APPAREL_RULE);
    expect(apparel?.product_count).toBeGreaterThan(0);
    expect(apparel?.rates.map((r) => [r.effective_from, r.status])).toEqual([
      ["2025-09-22", "in_force"],
      ["2017-07-01", "past"],
    ]);
    expect(apparel?.rates[0]).toMatchObject({ rate_bps: 500, threshold_minor: 250_000, rate_above_bps: 1800 });
  });

  it("adds a rule, then rates: percent to basis points, rupees to paise, each with its status", async () => {
    const rule = await newRule("Silk sarees (test)");
    expect(rule).toMatchObject({ name: "Silk sarees (test)", rates: [], product_count: 0 });
    const first = await addRate(rule.id, { effective_from: "2024-04-01", rate: "12" });
    expect(first.statusCode, first.body).toBe(201);
    const later = addDays(today(), 30);
    const second = await addRate(rule.id, { effective_from: later, rate: 2.5, threshold: "2500.50", rate_above: 18 });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().rates).toEqual([
      expect.objectContaining({
        effective_from: later,
        rate_bps: 250,
        threshold_minor: 250_050,
        rate_above_bps: 1800,
        status: "scheduled",
      }),
      expect.objectContaining({
        effective_from: "2024-04-01",
        rate_bps: 1200,
        threshold_minor: null,
        status: "in_force",
      }),
    ]);
  });

  it("takes the form's empty threshold fields as no threshold", async () => {
    const rule = await newRule("Jute rugs (test)");
    const res = await addRate(rule.id, { effective_from: "2025-09-22", rate: "5", threshold: "", rate_above: "" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rates[0]).toMatchObject({ rate_bps: 500, threshold_minor: null, rate_above_bps: null });
  });

  it("refuses a second rule of the same name with a 409 on the name", async () => {
    await newRule("Jute bags (test)");
    const res = await call(app, owner, "POST", "/api/admin/tax-rules", { name: "Jute bags (test)" });
    expect(res.statusCode).toBe(409);
    expect(fieldErrors(res.json()).name).toMatch(/already exists/);
  });

  it("refuses a second rate on the same date with a 409 on the date", async () => {
    const rule = await newRule("Durries (test)");
    expect((await addRate(rule.id, { effective_from: "2025-01-01", rate: 5 })).statusCode).toBe(201);
    const res = await addRate(rule.id, { effective_from: "2025-01-01", rate: 12 });
    expect(res.statusCode).toBe(409);
    expect(fieldErrors(res.json()).effective_from).toMatch(/already has a rate from 2025-01-01/);
  });

  it.each([
    ["a threshold without the rate above it", { threshold: 2500 }, "rate_above", /rate that applies above/],
    ["a rate above without a threshold", { rate_above: 18 }, "threshold", /per-piece value/],
    ["three decimals", { rate: 5.125 }, "rate", /two decimals/],
    ["a negative rate", { rate: -1 }, "rate", /negative/],
    ["a rate over 40%", { rate: 41 }, "rate", /at most 40%/],
    ["a rate in words", { rate: "five" }, "rate", /number/],
    ["no rate", { rate: undefined }, "rate", /Enter the rate/],
    ["a zero threshold", { threshold: 0, rate_above: 18 }, "threshold", /more than/],
    ["a date that is no date", { effective_from: "2025-02-30" }, "effective_from", /calendar date/],
  ])("refuses %s with a message on the field", async (_what, overrides, field, message) => {
    const rule = (await rules()).data.find((r) => r.name === APPAREL_RULE)!;
    const res = await addRate(rule.id, { effective_from: "2030-01-01", rate: 5, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json())[field]).toMatch(message);
    expect((await rules()).data.find((r) => r.id === rule.id)?.rates).toEqual(rule.rates);
  });

  it("answers 404 for a rate on a rule that does not exist", async () => {
    const res = await addRate(999_999, { effective_from: "2030-01-01", rate: 5 });
    expect(res.statusCode).toBe(404);
  });

  it("deletes a rate whose date is ahead, never one in force", async () => {
    const rule = await newRule("Block printed quilts (test)");
    await addRate(rule.id, { effective_from: "2020-01-01", rate: 5 });
    const added = await addRate(rule.id, { effective_from: addDays(today(), 1), rate: 12 });
    const [future, inForce] = (added.json() as TaxRuleView).rates;
    expect(inForce?.status).toBe("in_force");
    const refused = await call(app, owner, "DELETE", `/api/admin/tax-rules/${rule.id}/rates/${inForce!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/already in force.*later date/);
    const deleted = await call(app, owner, "DELETE", `/api/admin/tax-rules/${rule.id}/rates/${future!.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await rules()).data.find((r) => r.id === rule.id)?.rates.map((r) => r.id)).toEqual([inForce!.id]);
    const again = await call(app, owner, "DELETE", `/api/admin/tax-rules/${rule.id}/rates/${future!.id}`);
    expect(again.statusCode).toBe(404);
    const audits = await app.database.db.select().from(auditLog).where(eq(auditLog.entity, "tax_rate"));
    expect(audits.some((a) => a.action === "delete" && a.entityId === String(future!.id))).toBe(true);
  });

  it("is the owner's: staff get 403 on every tax-rule route", async () => {
    const rule = (await rules()).data[0]!;
    for (const [method, url, body] of [
      ["GET", "/api/admin/tax-rules", undefined],
      ["POST", "/api/admin/tax-rules", { name: "Staff rule" }],
      ["POST", `/api/admin/tax-rules/${rule.id}/rates`, { effective_from: "2030-01-01", rate: 5 }],
      ["DELETE", `/api/admin/tax-rules/${rule.id}/rates/${rule.rates[0]!.id}`, undefined],
    ] as const) {
      const res = await call(app, staff, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
