import { eq, sql } from "drizzle-orm";
import { PAY_NOW_DEFAULTS, type PayNowDiscountKind, type PayNowSettings } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { payNowSettings } from "./tables";

/** The seller's settings as the back office edits them (rupees), the defaults until saved. */
export async function readPayNowSettings(db: Db | Tx): Promise<PayNowSettings> {
  const [row] = await db.select().from(payNowSettings).where(eq(payNowSettings.id, 1));
  if (!row) return PAY_NOW_DEFAULTS;
  return {
    enabled: row.enabled,
    discount_kind: row.discountKind as PayNowDiscountKind,
    discount_percent: row.discountPercent,
    discount_cap_rupees: row.discountCapMinor / 100,
    discount_fixed_rupees: row.discountFixedMinor / 100,
    delay_minutes: row.delayMinutes,
  };
}

/** Saves the settings (one row), in the caller's transaction beside its audit row; answers them before and after. */
export async function savePayNowSettings(tx: Tx, input: PayNowSettings) {
  const before = await readPayNowSettings(tx);
  const values = {
    enabled: input.enabled,
    discountKind: input.discount_kind,
    discountPercent: input.discount_percent,
    discountCapMinor: input.discount_cap_rupees * 100,
    discountFixedMinor: input.discount_fixed_rupees * 100,
    delayMinutes: input.delay_minutes,
    updatedAt: sql`now()`,
  };
  await tx
    .insert(payNowSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: payNowSettings.id, set: values });
  return { before, after: await readPayNowSettings(tx) };
}

/**
 * The discount for paying `dueMinor` (paise: what is left after store credit) online, by the settings: a
 * percentage rounded down to the rupee and held to its cap (0: no cap), or the fixed amount; never so much that
 * less than a rupee would be left to pay (the provider's smallest order).
 */
export function discountFor(settings: PayNowSettings, dueMinor: number): number {
  let discount = 0;
  if (settings.discount_kind === "percent") {
    discount = Math.floor((dueMinor * settings.discount_percent) / 100 / 100) * 100;
    if (settings.discount_cap_rupees > 0) discount = Math.min(discount, settings.discount_cap_rupees * 100);
  } else if (settings.discount_kind === "fixed") {
    discount = settings.discount_fixed_rupees * 100;
  }
  return Math.max(0, Math.min(discount, dueMinor - 100));
}
