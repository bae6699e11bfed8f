import type {
  DutyRateCreateInput,
  DutyRateView,
  ImportRulePatch,
  ImportRuleView,
  ImportRulesResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import { addDutyRate, deleteDutyRate, listImportRules, updateImportRule } from "../duties/service";
import { recordAudit } from "./audit";

/**
 * The seller's import rules by destination and their duty rates by HS heading (decision 081): owner-only (no
 * staff rule names them), each write and its audit row in one transaction.
 */
export function createImportRulesAdmin(db: Db) {
  return {
    async list(): Promise<ImportRulesResponse> {
      return { data: await listImportRules(db) };
    },
    update: (actor: SessionUser, code: string, patch: ImportRulePatch): Promise<ImportRuleView> =>
      db.transaction(async (tx) => {
        const { before, after } = await updateImportRule(tx, code, patch);
        await recordAudit(tx, actor, { action: "update", entity: "import_rule", entityId: code, before, after });
        return after;
      }),
    addRate: (actor: SessionUser, code: string, input: DutyRateCreateInput): Promise<DutyRateView> =>
      db.transaction(async (tx) => {
        const after = await addDutyRate(tx, code, input);
        await recordAudit(tx, actor, {
          action: "create",
          entity: "duty_rate",
          entityId: after.id,
          before: null,
          after: { ...after, rule_code: code },
        });
        return after;
      }),
    removeRate: (actor: SessionUser, id: number): Promise<void> =>
      db.transaction(async (tx) => {
        const before = await deleteDutyRate(tx, id);
        await recordAudit(tx, actor, { action: "delete", entity: "duty_rate", entityId: id, before, after: null });
      }),
  };
}
