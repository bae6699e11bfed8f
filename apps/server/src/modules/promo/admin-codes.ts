import { desc } from "drizzle-orm";
import { promoCodeCreateSchema, type AdminPromoCode, type PromoCodeCreate, type PromoCodePatch } from "@store/shared";
import { duplicateField, invalidIssues } from "../../lib/failures";
import { tableResource } from "../../lib/table-resource";
import { inactiveReason } from "./rules";
import { promoCodes } from "./tables";

const iso = (date: Date | null) => date?.toISOString() ?? null;

function promoView(row: typeof promoCodes.$inferSelect): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    currency: row.currency === "INR" || row.currency === "USD" ? row.currency : null,
    min_amount: row.minAmount,
    min_amount_currency: row.minAmountCurrency === "INR" ? "INR" : "USD",
    min_items: row.minItems,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    max_uses: row.maxUses,
    used_count: row.usedCount,
    is_active: row.isActive,
    inactive_reason: inactiveReason(row, new Date()),
    created_at: row.createdAt.toISOString(),
  };
}

function promoColumns(input: PromoCodeCreate) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.value,
    currency: input.currency,
    minAmount: input.min_amount,
    minAmountCurrency: input.min_amount_currency ?? input.currency ?? "USD",
    minItems: input.min_items,
    startsAt: input.starts_at === null ? null : new Date(input.starts_at),
    endsAt: input.ends_at === null ? null : new Date(input.ends_at),
    maxUses: input.max_uses,
    isActive: input.is_active,
  };
}

/**
 * An edit is checked together with the code as stored: turning a percent code into a flat one needs a
 * currency, moving the start needs it before the end, whichever of them the edit sends.
 */
function promoUpdate(patch: PromoCodePatch, current: AdminPromoCode) {
  const { id: _id, used_count: _used, created_at: _created, inactive_reason: _reason, ...stored } = current;
  const merged = promoCodeCreateSchema.safeParse({ ...stored, ...patch });
  if (!merged.success) throw invalidIssues(merged.error.issues);
  return promoColumns(merged.data);
}

/** The promo codes as the back office edits them. */
export const promoCodeResource = tableResource({
  entity: "promo_code",
  label: "Promo code",
  table: promoCodes,
  id: promoCodes.id,
  orderBy: [desc(promoCodes.id)],
  toView: promoView,
  toInsert: promoColumns,
  toUpdate: promoUpdate,
  duplicate: () => duplicateField("code", "This promo code already exists."),
  derived: ["inactive_reason"],
});
