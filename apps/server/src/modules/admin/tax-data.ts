import {
  lutNotice,
  type NotifiedValueCreateInput,
  type NotifiedValuesResponse,
  type NotifiedValueView,
  type SellerGst,
  type SellerGstResponse,
  type TaxDefaultInput,
  type TaxDefaultsResponse,
  type TaxDefaultView,
  type TaxRateCreateInput,
  type TaxRateView,
  type TaxRuleCreateInput,
  type TaxRuleView,
  type TaxRulesResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import type { SessionUser } from "../accounts/service";
import { listTaxDefaults, setTaxDefault } from "../catalog/tax-defaults";
import { addTaxRate, createTaxRule, deleteTaxRate, listTaxRules, loadTaxRule } from "../catalog/tax-rule-writes";
import { addNotifiedValue, deleteNotifiedValue, listNotifiedValues } from "../invoices/notified-values";
import { readSellerGst, writeSellerGst } from "../settings/service";
import { recordAudit } from "./audit";

/**
 * The seller's tax data (issues 15 and 38): the GST registration (with its LUT) the invoices print, the GST
 * rate rules the catalogue classes products under with each subcategory's default, and the notified values
 * (the customs exchange rate, the B2C large limit). Each write and its audit row commit together. `now` is the
 * clock "in force today" (IST) is read from; tests pass their own.
 */
export function createTaxDataAdmin(db: Db, now: () => Date = () => new Date()) {
  const today = () => istDayOf(now());
  return {
    gst: {
      async get(): Promise<SellerGstResponse> {
        const gst = await readSellerGst(db);
        return { gst, lut_notice: lutNotice(gst, today()) };
      },
      save: (actor: SessionUser, gst: SellerGst): Promise<SellerGstResponse> =>
        db.transaction(async (tx) => {
          const before = await readSellerGst(tx);
          await writeSellerGst(tx, gst);
          await recordAudit(tx, actor, { action: "update", entity: "seller_gst", entityId: 1, before, after: gst });
          return { gst, lut_notice: lutNotice(gst, today()) };
        }),
    },
    taxDefaults: {
      async list(): Promise<TaxDefaultsResponse> {
        return { data: await listTaxDefaults(db) };
      },
      set: (actor: SessionUser, id: number, input: TaxDefaultInput): Promise<TaxDefaultView> =>
        db.transaction(async (tx) => {
          const { before, after } = await setTaxDefault(tx, id, input, today());
          await recordAudit(tx, actor, { action: "update", entity: "tax_default", entityId: id, before, after });
          return after;
        }),
    },
    notifiedValues: {
      async list(): Promise<NotifiedValuesResponse> {
        const day = today();
        return { today: day, data: await listNotifiedValues(db, day) };
      },
      add: (actor: SessionUser, input: NotifiedValueCreateInput): Promise<NotifiedValueView> =>
        db.transaction(async (tx) => {
          const after = await addNotifiedValue(tx, input, today());
          await recordAudit(tx, actor, {
            action: "create",
            entity: "notified_value",
            entityId: after.id,
            before: null,
            after,
          });
          return after;
        }),
      remove: (actor: SessionUser, id: number): Promise<void> =>
        db.transaction(async (tx) => {
          const before = await deleteNotifiedValue(tx, id, today());
          await recordAudit(tx, actor, {
            action: "delete",
            entity: "notified_value",
            entityId: id,
            before,
            after: null,
          });
        }),
    },
    taxRules: {
      async list(): Promise<TaxRulesResponse> {
        const day = today();
        return { today: day, data: await listTaxRules(db, day) };
      },
      create: (actor: SessionUser, input: TaxRuleCreateInput): Promise<TaxRuleView> =>
        db.transaction(async (tx) => {
          const id = await createTaxRule(tx, input);
          const after = await loadTaxRule(tx, id, today());
          await recordAudit(tx, actor, { action: "create", entity: "tax_rule", entityId: id, before: null, after });
          return after;
        }),
      addRate: (actor: SessionUser, ruleId: number, input: TaxRateCreateInput): Promise<TaxRuleView> =>
        db.transaction(async (tx) => {
          const rateId = await addTaxRate(tx, ruleId, input);
          const after = await loadTaxRule(tx, ruleId, today());
          const rate = after.rates.find((r) => r.id === rateId) ?? null;
          await recordAudit(tx, actor, {
            action: "create",
            entity: "tax_rate",
            entityId: rateId,
            before: null,
            after: rate,
          });
          return after;
        }),
      removeRate: (actor: SessionUser, ruleId: number, rateId: number): Promise<void> =>
        db.transaction(async (tx) => {
          const before: TaxRateView = await deleteTaxRate(tx, ruleId, rateId, today());
          await recordAudit(tx, actor, { action: "delete", entity: "tax_rate", entityId: rateId, before, after: null });
        }),
    },
  };
}
