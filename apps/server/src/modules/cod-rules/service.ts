import { and, asc, eq, ne } from "drizzle-orm";
import type { CodHistoryResponse, CodHistorySettings, CodRule, CodRuleInput } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { refusal } from "../../errors";
import { ruleKeys } from "./decide";
import { flaggedNow, readHistorySettings, type HistorySettings } from "./history";
import { codHistorySettings, codRules } from "./tables";

type RuleRow = typeof codRules.$inferSelect;

const SCOPE_ORDER = ["customer", "pincode", "area", "shop"];

const ruleView = (row: RuleRow): CodRule => ({
  id: row.id,
  scope: row.scope as CodRule["scope"],
  key: row.key,
  action: row.action as CodRule["action"],
  cap_minor: row.capMinor,
  advance_percent: row.advancePercent,
  advance_min_minor: row.advanceMinMinor,
  note: row.note,
  updated_at: row.updatedAt.toISOString(),
});

const ruleValues = (input: CodRuleInput) => ({
  scope: input.scope,
  key: input.key,
  action: input.action,
  capMinor: input.cap_minor,
  advancePercent: input.advance_percent,
  advanceMinMinor: input.advance_min_minor,
  note: input.note,
});

const NOT_FOUND = () => refusal("not_found", "COD_RULE_NOT_FOUND", "There is no such cash-on-delivery rule.");
const TAKEN = () =>
  refusal("conflict", "COD_RULE_EXISTS", "There is already a rule for this scope and key: edit that one instead.");

/** Every rule, most specific scope first (the order they win in). */
export async function listCodRules(db: Db): Promise<CodRule[]> {
  const rows = await db.select().from(codRules).orderBy(asc(codRules.key));
  return rows.sort((a, b) => SCOPE_ORDER.indexOf(a.scope) - SCOPE_ORDER.indexOf(b.scope)).map(ruleView);
}

export async function getCodRule(db: Db, id: number): Promise<CodRule> {
  const [row] = await db.select().from(codRules).where(eq(codRules.id, id));
  if (!row) throw NOT_FOUND();
  return ruleView(row);
}

/** A new rule; one per scope and key (409 when taken). */
export async function createCodRule(tx: Tx, input: CodRuleInput): Promise<CodRule> {
  const [row] = await tx.insert(codRules).values(ruleValues(input)).onConflictDoNothing().returning();
  if (!row) throw TAKEN();
  return ruleView(row);
}

/** The rule replaced by `input` (scope and key may change, to a pair not taken). */
export async function updateCodRule(
  tx: Tx,
  id: number,
  input: CodRuleInput,
): Promise<{ before: CodRule; after: CodRule }> {
  const [found] = await tx.select().from(codRules).where(eq(codRules.id, id)).for("update");
  if (!found) throw NOT_FOUND();
  const [clash] = await tx
    .select({ id: codRules.id })
    .from(codRules)
    .where(and(eq(codRules.scope, input.scope), eq(codRules.key, input.key), ne(codRules.id, id)));
  if (clash) throw TAKEN();
  const [row] = await tx
    .update(codRules)
    .set({ ...ruleValues(input), updatedAt: new Date() })
    .where(eq(codRules.id, id))
    .returning();
  return { before: ruleView(found), after: ruleView(row!) };
}

export async function deleteCodRule(tx: Tx, id: number): Promise<CodRule> {
  const [row] = await tx.delete(codRules).where(eq(codRules.id, id)).returning();
  if (!row) throw NOT_FOUND();
  return ruleView(row);
}

const settingsView = (s: HistorySettings): CodHistoryResponse["settings"] => ({
  enabled: s.enabled,
  return_share_percent: s.returnSharePercent,
  min_parcels: s.minParcels,
  lookback_days: s.lookbackDays,
  action: s.action as CodHistoryResponse["settings"]["action"],
  cap_minor: s.capMinor,
  advance_percent: s.advancePercent,
  advance_min_minor: s.advanceMinMinor,
});

/** The history settings and what they flag now (none when turned off), each marked when a rule overrides it. */
export async function codHistory(db: Db, now: Date): Promise<CodHistoryResponse> {
  const settings = await readHistorySettings(db);
  if (!settings.enabled) return { settings: settingsView(settings), flagged: [] };
  const [flagged, covered] = await Promise.all([flaggedNow(db, settings, now), ruleKeys(db, ["customer", "pincode"])]);
  return {
    settings: settingsView(settings),
    flagged: flagged.map((f) => ({ ...f, overridden: covered.has(`${f.scope}:${f.key}`) })),
  };
}

export async function writeCodHistorySettings(
  tx: Tx,
  input: CodHistorySettings,
): Promise<{ before: CodHistoryResponse["settings"]; after: CodHistoryResponse["settings"] }> {
  const before = settingsView(await readHistorySettings(tx));
  const [row] = await tx
    .update(codHistorySettings)
    .set({
      enabled: input.enabled,
      returnSharePercent: input.return_share_percent,
      minParcels: input.min_parcels,
      lookbackDays: input.lookback_days,
      action: input.action,
      capMinor: input.cap_minor,
      advancePercent: input.advance_percent,
      advanceMinMinor: input.advance_min_minor,
      updatedAt: new Date(),
    })
    .where(eq(codHistorySettings.id, 1))
    .returning();
  return { before, after: settingsView(row!) };
}
