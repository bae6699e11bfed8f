import { formatMoney, type GiftCardProduct } from "@store/shared";

/** "₹500, ₹1,000 or ₹2,000, or any amount from ₹500 to ₹25,000": what a card is sold in. */
export function amountsText(product: GiftCardProduct): string {
  const fixed = product.fixed_amounts.map((a) => formatMoney(a, product.currency));
  const list = fixed.length > 1 ? `${fixed.slice(0, -1).join(", ")} or ${fixed.at(-1)}` : (fixed[0] ?? "");
  if (product.min_amount === null || product.max_amount === null) return list;
  const range = `any amount from ${formatMoney(product.min_amount, product.currency)} to ${formatMoney(product.max_amount, product.currency)}`;
  return list ? `${list}, or ${range}` : range.replace(/^any/, "Any");
}

/** Today in India (the seller's day), as the server checks the send date: "2026-12-06". */
export function indiaToday(now = Date.now()): string {
  return new Date(now + 330 * 60_000).toISOString().slice(0, 10);
}

export function daysAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
