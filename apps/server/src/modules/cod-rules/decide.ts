import { and, eq, inArray, or } from "drizzle-orm";
import { customerKey, formatMinor, type CodRuleAction, type CodRuleScope } from "@store/shared";
import type { Db } from "../../db/client";
import { isFlagged, readHistorySettings } from "./history";
import { codRules } from "./tables";

/** Who asks and for how much: the delivery PIN code, the order's e-mail and mobile, the COD total (paise). */
export interface CodAsk {
  pinCode: string;
  email: string | null;
  mobile: string | null;
  /** The signed-in shopper's own e-mail: a rule matched by it may say "your account". */
  accountEmail: string | null;
  totalMinor: number;
}

export type CodDecision =
  | { cod: "allowed"; advanceMinor: 0; sentence: null }
  | { cod: "advance"; advanceMinor: number; sentence: string }
  | { cod: "refused"; advanceMinor: 0; sentence: string };

interface Action {
  action: string;
  capMinor: number | null;
  advancePercent: number | null;
  advanceMinMinor: number | null;
}

/** The rule that covers the shopper, most specific first, with where it matched. */
interface Matched {
  scope: CodRuleScope;
  key: string;
  /** Matched by the signed-in shopper's own account e-mail (the sentence may say so). */
  own: boolean;
  rule: Action;
}

const ALLOWED: CodDecision = { cod: "allowed", advanceMinor: 0, sentence: null };
const rupees = (minor: number) => formatMinor(minor, "INR");

/** Where the rule applies, as the sentence says it; a customer's history is never told to anyone else. */
function where(m: Matched): string {
  switch (m.scope) {
    case "customer":
      return m.own ? " for your account" : " for this order";
    case "pincode":
      return ` at PIN code ${m.key}`;
    case "area":
      return ` at PIN codes starting ${m.key}`;
    case "shop":
      return "";
  }
}

/**
 * The advance: the rule's percent of the total, at least its minimum, in whole rupees (rounded up so the
 * shopper reads a round figure), never more than the total.
 */
export function advanceOf(rule: Action, totalMinor: number): number {
  const share = Math.ceil((totalMinor * (rule.advancePercent ?? 0)) / 100 / 100) * 100;
  return Math.min(totalMinor, Math.max(share, rule.advanceMinMinor ?? 0));
}

function apply(m: Matched, totalMinor: number): CodDecision {
  const action = m.rule.action as CodRuleAction;
  const refused = (sentence: string): CodDecision => ({ cod: "refused", advanceMinor: 0, sentence });
  const payOnline = `Cash on delivery is not available${where(m)}: please pay online.`;
  switch (action) {
    case "allowed":
      return ALLOWED;
    case "prepaid_only":
      return refused(payOnline);
    case "cap": {
      const cap = m.rule.capMinor ?? 0;
      if (totalMinor <= cap) return ALLOWED;
      return refused(`Cash on delivery is not available${where(m)} for orders over ${rupees(cap)}: please pay online.`);
    }
    case "advance": {
      const advance = advanceOf(m.rule, totalMinor);
      if (advance >= totalMinor) return refused(payOnline);
      return {
        cod: "advance",
        advanceMinor: advance,
        sentence: `Cash on delivery here needs ${rupees(advance)} paid online now; the rest, ${rupees(totalMinor - advance)}, is paid at the door.`,
      };
    }
  }
}

/**
 * The rule covering this shopper, most specific first: a customer (their e-mail, then their mobile), a PIN
 * code, an area (three digits, then two), the shop. For a customer or PIN code without the seller's own rule,
 * the history's default applies when it flags them (decision 093). No rule at all: cash on delivery is allowed.
 */
async function matchRule(db: Db, ask: CodAsk, now: Date): Promise<Matched | null> {
  const email = ask.email ? customerKey(ask.email) : null;
  const mobile = ask.mobile ? customerKey(ask.mobile) : null;
  const wanted: { scope: CodRuleScope; key: string }[] = [
    ...(email ? [{ scope: "customer" as const, key: email }] : []),
    ...(mobile ? [{ scope: "customer" as const, key: mobile }] : []),
    { scope: "pincode", key: ask.pinCode },
    { scope: "area", key: ask.pinCode.slice(0, 3) },
    { scope: "area", key: ask.pinCode.slice(0, 2) },
    { scope: "shop", key: "" },
  ];
  const rows = await db
    .select()
    .from(codRules)
    .where(or(...wanted.map((w) => and(eq(codRules.scope, w.scope), eq(codRules.key, w.key)))));
  const own = (key: string) => ask.accountEmail !== null && customerKey(ask.accountEmail) === key;
  const ruleFor = (w: { scope: CodRuleScope; key: string }) => rows.find((r) => r.scope === w.scope && r.key === w.key);

  const settings = await readHistorySettings(db);
  const byHistory = (scope: CodRuleScope, key: string): Matched => ({ scope, key, own: own(key), rule: settings });
  for (const w of wanted.filter((x) => x.scope === "customer")) {
    const rule = ruleFor(w);
    if (rule) return { ...w, own: own(w.key), rule };
  }
  // History by e-mail only: orders always keep one, a mobile may be shared by a household.
  if (email && (await isFlagged(db, settings, "customer", email, now))) return byHistory("customer", email);
  const pin = ruleFor({ scope: "pincode", key: ask.pinCode });
  if (pin) return { scope: "pincode", key: ask.pinCode, own: false, rule: pin };
  if (await isFlagged(db, settings, "pincode", ask.pinCode, now)) return byHistory("pincode", ask.pinCode);
  for (const w of wanted.filter((x) => x.scope === "area" || x.scope === "shop")) {
    const rule = ruleFor(w);
    if (rule) return { ...w, own: false, rule };
  }
  return null;
}

/** Whether cash on delivery is offered to this shopper for this total, and the sentence that says so. */
export async function decideCod(db: Db, ask: CodAsk, now: Date): Promise<CodDecision> {
  const matched = await matchRule(db, ask, now);
  return matched ? apply(matched, ask.totalMinor) : ALLOWED;
}

/** Keys this module's rules cover, for the back office marking which flagged defaults the seller overrode. */
export async function ruleKeys(db: Db, scopes: CodRuleScope[]): Promise<Set<string>> {
  const rows = await db
    .select({ scope: codRules.scope, key: codRules.key })
    .from(codRules)
    .where(inArray(codRules.scope, scopes));
  return new Set(rows.map((r) => `${r.scope}:${r.key}`));
}
