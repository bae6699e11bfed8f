import type { CodHistoryResponse, CodHistorySettings, CodRule, CodRuleInput } from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import {
  codHistory,
  createCodRule,
  deleteCodRule,
  getCodRule,
  listCodRules,
  updateCodRule,
  writeCodHistorySettings,
} from "../cod-rules/service";
import { recordAudit } from "./audit";

/**
 * The seller's cash-on-delivery rules and the history's defaults (decision 093): owner-only (no staff rule
 * names them), each write and its audit row in one transaction.
 */
export function createCodRulesAdmin(db: Db) {
  return {
    list: async (): Promise<{ data: CodRule[] }> => ({ data: await listCodRules(db) }),
    get: (id: number) => getCodRule(db, id),
    create: (actor: SessionUser, input: CodRuleInput): Promise<CodRule> =>
      db.transaction(async (tx) => {
        const after = await createCodRule(tx, input);
        await recordAudit(tx, actor, { action: "create", entity: "cod_rule", entityId: after.id, before: null, after });
        return after;
      }),
    update: (actor: SessionUser, id: number, input: CodRuleInput): Promise<CodRule> =>
      db.transaction(async (tx) => {
        const { before, after } = await updateCodRule(tx, id, input);
        await recordAudit(tx, actor, { action: "update", entity: "cod_rule", entityId: id, before, after });
        return after;
      }),
    remove: (actor: SessionUser, id: number): Promise<void> =>
      db.transaction(async (tx) => {
        const before = await deleteCodRule(tx, id);
        await recordAudit(tx, actor, { action: "delete", entity: "cod_rule", entityId: id, before, after: null });
      }),
    history: (): Promise<CodHistoryResponse> => codHistory(db, new Date()),
    writeSettings: async (actor: SessionUser, input: CodHistorySettings): Promise<CodHistoryResponse> => {
      await db.transaction(async (tx) => {
        const { before, after } = await writeCodHistorySettings(tx, input);
        await recordAudit(tx, actor, { action: "update", entity: "cod_history_settings", entityId: 1, before, after });
      });
      return codHistory(db, new Date());
    },
  };
}
