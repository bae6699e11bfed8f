import type {
  SellerGst,
  SellerGstResponse,
  TaxRateCreateInput,
  TaxRateView,
  TaxRuleCreateInput,
  TaxRuleView,
  TaxRulesResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import type { SessionUser } from "../accounts/service";
import { addTaxRate, createTaxRule, deleteTaxRate, listTaxRules, loadTaxRule } from "../catalog/tax-rule-writes";
import { readSellerGst, writeSellerGst } from "../settings/service";
import { recordAudit } from "./audit";

/**
 * The seller's tax data (issue 15): the GST registration the invoices print, and the GST rate rules the
 * catalogue classes products under. Each write and its audit row commit together. `now` is the clock the
 * rules' "in force today" (IST) is read from; tests pass their own.
 */
export function createTaxDataAdmin(db: Db, now: () => Date = () => new Date()) {
  const today = () => istDayOf(now());
  return {
    gst: {
      async get(): Promise<SellerGstResponse> {
        return { gst: await readSellerGst(db) };
      },
      save: (actor: SessionUser, gst: SellerGst): Promise<SellerGstResponse> =>
        db.transaction(async (tx) => {
          const before = await readSellerGst(tx);
          await writeSellerGst(tx, gst);
          await recordAudit(tx, actor, { action: "update", entity: "seller_gst", entityId: 1, before, after: gst });
          return { gst };
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
