import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { HSN_MESSAGE, type NotifiedValueView, type TaxDefaultView } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, istDayOf } from "../../lib/seller-time";
import { createTestApp } from "../../testing/test-app";
import { notifiedValues } from "../invoices/tables";
import { auditLog } from "./tables";
import { APPAREL_RULE, call, newAdmin, newStaff } from "./test-support";

/** The seller's tax data added by issue 38: each subcategory's default, and the notified values by date. */
let app: FastifyInstance;
let owner: Record<string, string>;
let staff: Record<string, string>;
let rules: { id: number; name: string }[];

beforeAll(async () => {
  app = await createTestApp();
  owner = (await newAdmin(app)).headers;
  staff = (await newStaff(app, owner)).headers;
  rules = (await call(app, owner, "GET", "/api/admin/tax-rules")).json().data;
});
afterAll(() => app.close());

const today = () => istDayOf(new Date());
const fieldErrors = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path.replace(/^body\./, ""), e.message]));
const ruleNamed = (name: string) => rules.find((r) => r.name === name)!.id;
const defaults = async (): Promise<TaxDefaultView[]> =>
  (await call(app, owner, "GET", "/api/admin/tax-defaults")).json().data;

describe("/api/admin/tax-defaults", () => {
  it("lists every subcategory with the default the seed gives it, as the notifications class its goods", async () => {
    const list = await defaults();
    expect(list).toHaveLength(25);
    const of = (name: string) => list.find((d) => d.subcategory_name === name);
    expect(of("dresses")).toMatchObject({ category_name: "Women", hsn_code: "6204", tax_rule_name: APPAREL_RULE });
    expect(of("bags")).toMatchObject({
      hsn_code: "420222",
      tax_rule_name: "Handbags of cotton or jute, and handcrafted handbags (4202)",
    });
    expect(of("wall decor")).toMatchObject({ hsn_code: "6304", tax_rule_name: APPAREL_RULE });
    expect(of("umbrellas")).toMatchObject({ hsn_code: "6601", tax_rule_name: "Handicrafts and jute articles" });
    expect(of("dresses")!.following).toBeGreaterThan(0);
  });

  it("sets a subcategory's default, audited; its products without their own follow it", async () => {
    const before = (await defaults()).find((d) => d.subcategory_name === "napkins")!;
    const res = await call(app, owner, "PUT", `/api/admin/tax-defaults/${before.subcategory_id}`, {
      hsn_code: " 630291 ",
      tax_rule_id: ruleNamed(APPAREL_RULE),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hsn_code: "630291", following: before.following });
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "tax_default"), eq(auditLog.entityId, String(before.subcategory_id))));
    expect(audit?.changes).toMatchObject({ hsn_code: { before: "6302", after: "630291" } });
  });

  it.each([
    ["an HSN code of 5 digits", { hsn_code: "63029" }, "hsn_code", HSN_MESSAGE],
    ["no rule", { tax_rule_id: "" }, "tax_rule_id", /Choose the product's tax rule/],
    ["a rule that does not exist", { tax_rule_id: 999_999 }, "tax_rule_id", /does not exist/],
  ])("refuses %s with a message on the field, changing nothing", async (_what, overrides, field, message) => {
    const before = await defaults();
    const target = before.find((d) => d.subcategory_name === "curtains")!;
    const res = await call(app, owner, "PUT", `/api/admin/tax-defaults/${target.subcategory_id}`, {
      hsn_code: "6303",
      tax_rule_id: ruleNamed(APPAREL_RULE),
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json())[field]).toMatch(message);
    expect(await defaults()).toEqual(before);
  });

  it("answers 404 for a subcategory that does not exist, and is the owner's", async () => {
    const body = { hsn_code: "6303", tax_rule_id: ruleNamed(APPAREL_RULE) };
    expect((await call(app, owner, "PUT", "/api/admin/tax-defaults/999", body)).statusCode).toBe(404);
    expect((await call(app, staff, "GET", "/api/admin/tax-defaults")).statusCode).toBe(403);
    expect((await call(app, staff, "PUT", "/api/admin/tax-defaults/1", body)).statusCode).toBe(403);
  });
});

const add = (body: Record<string, unknown>, headers = owner) =>
  call(app, headers, "POST", "/api/admin/notified-values", {
    kind: "usd_export_rate",
    effective_from: today(),
    value: 88.15,
    notification: "64/2026-Customs (N.T.)",
    ...body,
  });

describe("/api/admin/notified-values", () => {
  it("lists the B2C large limits every install gets, the one of 12/2024-Central Tax in force", async () => {
    const res = await call(app, owner, "GET", "/api/admin/notified-values");
    expect(res.statusCode).toBe(200);
    const limits = (res.json().data as NotifiedValueView[]).filter((v) => v.kind === "b2c_large_limit");
    expect(limits.map((v) => [v.effective_from, v.value_minor, v.status])).toEqual([
      ["2024-07-10", 100_000_00, "in_force"],
      ["2017-07-01", 250_000_00, "past"],
    ]);
    expect(limits[0]!.notification).toBe("12/2024-Central Tax");
  });

  it("adds a rate from a date, in paise, audited; a second on the same date is a 409 on the date", async () => {
    const res = await add({ value: "88.15" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: "usd_export_rate", value_minor: 8815, status: "in_force" });
    const again = await add({ value: 88.2 });
    expect(again.statusCode).toBe(409);
    expect(fieldErrors(again.json()).effective_from).toMatch(/already saved/);
    const audits = await app.database.db.select().from(auditLog).where(eq(auditLog.entity, "notified_value"));
    expect(audits.some((a) => a.action === "create" && a.entityId === String(res.json().id))).toBe(true);
  });

  it.each([
    ["an unknown kind", { kind: "eur_export_rate" }, "kind", /Choose which value/],
    ["a zero value", { value: 0 }, "value", /more than 0/],
    ["three decimals", { value: 88.155 }, "value", /two decimals/],
    ["a rate over ₹1,000", { value: 1000.01 }, "value", /too large/],
    ["a value in words", { value: "eighty" }, "value", /number/],
    ["no notification", { notification: " " }, "notification", /notification it comes from/],
    ["a date that is none", { effective_from: "2026-02-30" }, "effective_from", /calendar date/],
  ])("refuses %s with a message on the field, writing nothing", async (_what, body, field, message) => {
    const before = await app.database.db.select().from(notifiedValues);
    const res = await add({ effective_from: addDays(today(), 40), ...body });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json())[field]).toMatch(message);
    expect(await app.database.db.select().from(notifiedValues)).toEqual(before);
  });

  it("deletes a value whose date is ahead, never one in force", async () => {
    const later = (await add({ effective_from: addDays(today(), 10), value: 89 })).json() as NotifiedValueView;
    expect(later.status).toBe("scheduled");
    const [limit] = await app.database.db
      .select()
      .from(notifiedValues)
      .where(eq(notifiedValues.effectiveFrom, "2024-07-10"));
    const refused = await call(app, owner, "DELETE", `/api/admin/notified-values/${limit!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/already in force/);
    expect((await call(app, owner, "DELETE", `/api/admin/notified-values/${later.id}`)).statusCode).toBe(204);
    expect((await call(app, owner, "DELETE", `/api/admin/notified-values/${later.id}`)).statusCode).toBe(404);
  });

  it("is the owner's: staff get 403", async () => {
    expect((await call(app, staff, "GET", "/api/admin/notified-values")).statusCode).toBe(403);
    expect((await add({ effective_from: addDays(today(), 50) }, staff)).statusCode).toBe(403);
  });
});
