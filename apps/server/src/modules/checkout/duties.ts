import { toMinorUnits, type CartResponse, type Currency, type DutiesNotice } from "@store/shared";
import type { Db } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import { hsnOfProducts } from "../catalog/tax-rules";
import type { DutyEstimate } from "../duties/estimate";
import { dutiesNotice, estimateImportCharges } from "../duties/service";

/**
 * The duties estimate of a priced cart delivered to `country` (decision 081): each line's HSN code and what the
 * buyer pays for it (the promo's discount shared out by value), the shipping fee, in the order's currency.
 */
export async function estimateCartDuties(
  db: Db,
  view: Pick<CartResponse, "data" | "subtotal">,
  input: { country: string; currency: Currency; discount: number; shipping: number },
  now: Date,
): Promise<DutyEstimate | null> {
  if (input.country === "IN" || view.data.length === 0) return null;
  const hsn = await hsnOfProducts(
    db,
    view.data.map((l) => l.product_pk),
  );
  const subtotalMinor = toMinorUnits(view.subtotal);
  const discountMinor = Math.min(toMinorUnits(input.discount), subtotalMinor);
  const lines = view.data.map((l) => {
    const value = toMinorUnits(l.offer_price) * l.quantity;
    const share = subtotalMinor > 0 ? Math.round((discountMinor * value) / subtotalMinor) : 0;
    return { hsCode: hsn.get(l.product_pk) ?? null, valueMinor: Math.max(0, value - share) };
  });
  return estimateImportCharges(db, {
    country: input.country,
    lines,
    shippingMinor: toMinorUnits(input.shipping),
    currency: input.currency,
    day: istDayOf(now),
  });
}

/** The notice of the cart and checkout for that estimate (null for India). */
export async function cartDutiesNotice(
  db: Db,
  view: Pick<CartResponse, "data" | "subtotal">,
  input: { country: string; currency: Currency; discount: number; shipping: number },
  now: Date,
): Promise<DutiesNotice | null> {
  return dutiesNotice(input.country, await estimateCartDuties(db, view, input, now));
}
