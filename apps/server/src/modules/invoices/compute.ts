import { inrMinorAtRate, isShippingMethodCode, shippingMethod } from "@store/shared";

/**
 * The tax arithmetic of invoices and credit notes, pure and in integer paise (decision 033). Prices are
 * tax-inclusive: each line's amount is what the shopper paid for it, and its taxable value and tax are
 * derived from that amount, rounded per line, so the lines add up to the amount paid to the paisa.
 */

/** Where the goods go, as GST sees it: within Rajasthan, to another state, or abroad (with or without a bond). */
export type SupplyKind = "intra" | "inter" | "export_lut" | "export_igst";

/** The rate a product's rule sets on a date: `rateBps` (basis points), or `rateAboveBps` above a per-piece value. */
export interface Rate {
  rateBps: number;
  /** Per-piece sale value (taxable, paise) up to which `rateBps` applies; null: one rate for every price. */
  thresholdMinor: number | null;
  rateAboveBps: number | null;
}

export interface Amounts {
  /** What the shopper paid for the line, tax included (paise). */
  gross: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export type LineKind = "goods" | "shipping" | "rounding";

export interface InvoiceLineInput {
  orderLineId: number;
  description: string;
  hsn: string;
  quantity: number;
  /** Order currency, minor units. */
  unitPrice: number;
  rate: Rate;
}

export interface OrderAmounts {
  currency: "INR" | "USD";
  /** INR per unit of the currency x 1000 the invoice converts at (the customs rate of its date for USD). */
  rateMilli: number;
  discount: number;
  shipping: number;
  /** The wallet's "end in 9" rounding (INR orders only): part of the price of the goods. */
  rounding: number;
  total: number;
  /** Name the delivery line: the shipping method's code, and whether cash on delivery's fee is in `shipping`. */
  shippingMethod: string;
  paymentMethod: string;
}

export interface ComputedLine extends Amounts {
  kind: LineKind;
  orderLineId: number | null;
  description: string;
  hsn: string;
  quantity: number;
  rateBps: number;
  /** The part of `gross` that is the line's share of the wallet's rounding. */
  rounding: number;
}

/** SAC of the delivery charge, billed with the goods as one composite supply (decision 033). */
export const SHIPPING_SAC = "996812";

/** "Delivery (Express delivery, cash on delivery)": the method's name, and cash on delivery when its fee is in it. */
function deliveryDescription(order: Pick<OrderAmounts, "shippingMethod" | "paymentMethod">): string {
  const method = isShippingMethodCode(order.shippingMethod) ? shippingMethod(order.shippingMethod).label : null;
  const parts = [method, order.paymentMethod === "cod" ? "cash on delivery" : null].filter(Boolean);
  return parts.length > 0 ? `Delivery (${parts.join(", ")})` : "Delivery";
}

/**
 * `total` shared out over `weights` in proportion, by largest remainder: the shares add up to `total`
 * exactly. BigInt, because paise times paise can pass 2^53.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum === 0) return weights.map((_, i) => (i === weights.length - 1 ? total : 0));
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const shares = exact.map((e) => Number(e / BigInt(sum)));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, remainder: e % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** The rate of a line whose pieces cost `gross` together: the lower rate while the per-piece taxable value stays within the threshold. */
export function rateForLine(rate: Rate, gross: number, quantity: number): number {
  if (rate.thresholdMinor === null || rate.rateAboveBps === null) return rate.rateBps;
  // gross / quantity / (1 + rate) <= threshold, in integers.
  const within =
    BigInt(gross) * 10000n <= BigInt(rate.thresholdMinor) * BigInt(quantity) * BigInt(10000 + rate.rateBps);
  return within ? rate.rateBps : rate.rateAboveBps;
}

const roundDiv = (numerator: bigint, denominator: bigint) =>
  Number((2n * numerator + denominator) / (2n * denominator));

/**
 * A tax-inclusive amount split into its taxable value and tax: CGST and SGST halves of equal size within
 * the state, IGST otherwise, nothing on an export under bond. The parts always add up to `gross`.
 */
export function split(gross: number, rateBps: number, supply: SupplyKind): Amounts {
  const g = BigInt(gross);
  const r = BigInt(rateBps);
  if (supply === "export_lut" || rateBps === 0) return { gross, taxable: gross, cgst: 0, sgst: 0, igst: 0 };
  if (supply === "intra") {
    const half = roundDiv(g * r, 2n * (10000n + r));
    return { gross, taxable: gross - 2 * half, cgst: half, sgst: half, igst: 0 };
  }
  const igst = roundDiv(g * r, 10000n + r);
  return { gross, taxable: gross - igst, cgst: 0, sgst: 0, igst };
}

/** An amount of the order's currency in paise at the invoice's rate. */
export const toInr = (minor: number, order: Pick<OrderAmounts, "currency" | "rateMilli">) =>
  order.currency === "INR" ? minor : inrMinorAtRate(minor, order.rateMilli);

/**
 * The invoice's lines for an order: each goods line's value less its share of the discount and with its share
 * of the wallet's rounding (the rounding is part of what the shopper pays for the goods, so it is taxed with
 * them, at each line's rate), then the delivery charge, whatever the shipping method: a composite supply taxed
 * as its principal supply, the goods it carries, at the highest of their rates (decision 033); in
 * INR at the invoice's rate, shared out so that the lines add up to the order total converted once. Both shares
 * are by largest remainder, so they add up exactly.
 */
export function invoiceLines(
  order: OrderAmounts,
  goods: readonly InvoiceLineInput[],
  supply: SupplyKind,
): ComputedLine[] {
  if (goods.length === 0) throw new Error("An invoice needs at least one line of goods");
  const values = goods.map((l) => l.unitPrice * l.quantity);
  const discounts = allocate(order.discount, values);
  const nets = values.map((v, i) => v - discounts[i]!);
  if (nets.reduce((a, b) => a + b, 0) + order.shipping + order.rounding !== order.total)
    throw new Error("The order's lines, shipping and rounding do not add up to its total");
  const roundings = allocate(order.rounding, nets);
  const prices = nets.map((n, i) => n + roundings[i]!);

  const orderGross = [...prices, order.shipping];
  const inr = order.currency === "INR" ? orderGross : allocate(toInr(order.total, order), orderGross);
  const lines: ComputedLine[] = goods.map((l, i) => {
    const rateBps = rateForLine(l.rate, inr[i]!, l.quantity);
    return {
      kind: "goods",
      orderLineId: l.orderLineId,
      description: l.description,
      hsn: l.hsn,
      quantity: l.quantity,
      rateBps,
      // The wallet rounds INR orders only, so its share is in rupees already.
      rounding: order.currency === "INR" ? roundings[i]! : 0,
      ...split(inr[i]!, rateBps, supply),
    };
  });
  const shipping = inr[goods.length]!;
  if (shipping > 0) {
    const rateBps = Math.max(...lines.map((l) => l.rateBps));
    lines.push({
      kind: "shipping",
      orderLineId: null,
      description: deliveryDescription(order),
      hsn: SHIPPING_SAC,
      quantity: 1,
      rateBps,
      rounding: 0,
      ...split(shipping, rateBps, supply),
    });
  }
  return lines;
}

/** Adds up amounts (an invoice's or a credit note's totals). */
export function sum(parts: readonly Amounts[]): Amounts {
  const total: Amounts = { gross: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  for (const p of parts) {
    total.gross += p.gross;
    total.taxable += p.taxable;
    total.cgst += p.cgst;
    total.sgst += p.sgst;
    total.igst += p.igst;
  }
  return total;
}

/** An invoice line as a credit note sees it: what it was, and how much of it earlier credit notes took back. */
export interface CreditableLine {
  invoiceLineId: number;
  quantity: number;
  gross: number;
  /** The line's share of the wallet's rounding: stays with the shop when pieces are cancelled, as their refund does. */
  rounding: number;
  rateBps: number;
  creditedGross: number;
  creditedQuantity: number;
}

export interface CreditLine extends Amounts {
  invoiceLineId: number;
  /** Pieces taken back (0 for an amount that is not pieces: delivery, rounding, a part of the value). */
  quantity: number;
}

/**
 * Credits `credits` (paise of gross per invoice line) on top of what was credited before. The taxable value and
 * tax credited are the difference between the split of the new and the old credited totals, so a line
 * credited in several notes ends credited exactly as it was invoiced.
 */
function creditLines(
  lines: readonly CreditableLine[],
  credits: ReadonlyMap<number, { gross: number; quantity: number }>,
  supply: SupplyKind,
): CreditLine[] {
  const out: CreditLine[] = [];
  for (const line of lines) {
    const credit = credits.get(line.invoiceLineId);
    if (!credit || credit.gross <= 0) continue;
    const before = split(line.creditedGross, line.rateBps, supply);
    const after = split(line.creditedGross + credit.gross, line.rateBps, supply);
    out.push({
      invoiceLineId: line.invoiceLineId,
      quantity: credit.quantity,
      gross: credit.gross,
      taxable: after.taxable - before.taxable,
      cgst: after.cgst - before.cgst,
      sgst: after.sgst - before.sgst,
      igst: after.igst - before.igst,
    });
  }
  return out;
}

/**
 * Pieces cancelled from goods lines (`pieces`: how many, by invoice line): each line credits the value of
 * its pieces in proportion to its quantity, after the pieces credited before (the last piece takes what is left
 * of the line but its rounding share, which, like the delivery charge, is taken back only with the whole order).
 */
export function creditPieces(
  lines: readonly CreditableLine[],
  pieces: ReadonlyMap<number, number>,
  supply: SupplyKind,
): CreditLine[] {
  const credits = new Map<number, { gross: number; quantity: number }>();
  for (const line of lines) {
    const count = Math.min(pieces.get(line.invoiceLineId) ?? 0, line.quantity - line.creditedQuantity);
    if (count <= 0) continue;
    const value = line.gross - line.rounding;
    const share = (n: number) => (n >= line.quantity ? value : Math.floor((value * n) / line.quantity));
    const gross = Math.min(
      share(line.creditedQuantity + count) - share(line.creditedQuantity),
      line.gross - line.creditedGross,
    );
    credits.set(line.invoiceLineId, { gross, quantity: count });
  }
  return creditLines(lines, credits, supply);
}

/**
 * The order cancelled or refunded whole: `amount` paise (all that is left, less any fee the shop kept)
 * credited over what is left of every line, in proportion.
 */
export function creditRemainder(lines: readonly CreditableLine[], amount: number, supply: SupplyKind): CreditLine[] {
  const left = lines.map((l) => l.gross - l.creditedGross);
  const shares = allocate(
    Math.min(
      amount,
      left.reduce((a, b) => a + b, 0),
    ),
    left,
  );
  // A line credited in full takes back its remaining pieces; a part of a line's value takes back none.
  const credits = new Map(
    lines.map((l, i) => [
      l.invoiceLineId,
      { gross: shares[i]!, quantity: shares[i] === left[i] ? l.quantity - l.creditedQuantity : 0 },
    ]),
  );
  return creditLines(lines, credits, supply);
}

/**
 * Pieces sent back and accepted for `amount` paise (a return; decision 059): shared over their lines in
 * proportion to the pieces' value, and never more than a line has left to credit, so the credit note matches
 * the refund to the paisa whether the seller accepted all of the pieces' value or a part of it.
 */
export function creditValue(
  lines: readonly CreditableLine[],
  pieces: ReadonlyMap<number, number>,
  amount: number,
  supply: SupplyKind,
): CreditLine[] {
  const full = creditPieces(lines, pieces, supply);
  const room = full.map((f) => {
    const line = lines.find((l) => l.invoiceLineId === f.invoiceLineId)!;
    return line.gross - line.creditedGross;
  });
  const shares = allocate(
    Math.min(
      amount,
      room.reduce((a, b) => a + b, 0),
    ),
    full.map((f) => f.gross),
  );
  // A share a paisa over its line's room (rounding) moves to the next line with room left.
  let over = 0;
  shares.forEach((share, i) => {
    const kept = Math.min(share + over, room[i]!);
    over = share + over - kept;
    shares[i] = kept;
  });
  for (let i = 0; over > 0 && i < shares.length; i++) {
    const more = Math.min(over, room[i]! - shares[i]!);
    shares[i]! += more;
    over -= more;
  }
  const credits = new Map(full.map((f, i) => [f.invoiceLineId, { gross: shares[i]!, quantity: f.quantity }]));
  return creditLines(lines, credits, supply);
}
