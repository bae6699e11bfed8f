import { INR_PER_USD_RATIO, type Currency, type DutyBase } from "@store/shared";

/** A destination's rule as the estimate reads it (minor units of its currency, basis points). */
export interface ImportRule {
  code: string;
  name: string;
  countries: readonly string[];
  currency: string;
  thresholdMinor: number;
  usdMicros: number;
  taxFollowsThreshold: boolean;
  dutyBase: DutyBase;
  taxBase: DutyBase;
  taxName: string;
  taxRateBps: number;
  countryTaxBps: Record<string, number>;
  defaultDutyBps: number;
  extraDutyBps: number;
  ddp: boolean;
  /** The duty rates in force on the day, by HS prefix (2 to 6 digits). */
  dutyRates: ReadonlyMap<string, number>;
}

export interface EstimateLine {
  /** The product's HSN or HS code (its first six digits are the HS code); null when unknown. */
  hsCode: string | null;
  /** What the buyer pays for the line, in minor units of the order's currency. */
  valueMinor: number;
}

export interface DutyEstimate {
  rule: string;
  /** The country's name as the rule states it ("Germany (European Union)"). */
  destination: string;
  currency: Currency;
  /** The threshold in minor units of the order's currency. */
  thresholdMinor: number;
  belowThreshold: boolean;
  dutyMinor: number;
  taxMinor: number;
  totalMinor: number;
  taxName: string;
  taxRateBps: number;
  dutyBase: DutyBase;
  taxBase: DutyBase;
  ddp: boolean;
}

/** An amount in minor units of a rule's currency, in minor units of the order's (both have two decimals). */
export function convertMinor(amountMinor: number, usdMicros: number, to: Currency): number {
  const usd = (amountMinor * usdMicros) / 1_000_000;
  return Math.round(to === "USD" ? usd : (usd * INR_PER_USD_RATIO.numerator) / INR_PER_USD_RATIO.denominator);
}

/** The duty of an HS code: the longest prefix the rule lists, else the rule's default. */
export function dutyBpsOf(rule: Pick<ImportRule, "dutyRates" | "defaultDutyBps">, hsCode: string | null): number {
  const hs = (hsCode ?? "").replace(/\D/g, "").slice(0, 6);
  for (let n = hs.length; n >= 2; n--) {
    const rate = rule.dutyRates.get(hs.slice(0, n));
    if (rate !== undefined) return rate;
  }
  return rule.defaultDutyBps;
}

const bps = (amount: number, rate: number) => Math.round((amount * rate) / 10_000);

/**
 * The duty and import tax a buyer in `country` is likely to pay at delivery for these lines and this
 * shipping fee, in minor units of the order's currency. The threshold is compared with the goods' value
 * (every destination here compares the intrinsic value of the consignment). At or below it there is no duty,
 * nor tax where the rule says the tax follows it. Above it, each line's duty is its HS code's rate (plus the
 * rule's additional duty) of its value, with its share of the shipping where the duty's base includes it; the
 * tax is its rate (the country's own, else the rule's) of the tax's base plus the duty.
 */
export function estimateDuties(
  rule: ImportRule,
  input: {
    country: string;
    countryName: string;
    lines: readonly EstimateLine[];
    shippingMinor: number;
    currency: Currency;
  },
): DutyEstimate {
  const goods = input.lines.reduce((sum, l) => sum + l.valueMinor, 0);
  const shipping = Math.max(0, input.shippingMinor);
  const thresholdMinor = convertMinor(rule.thresholdMinor, rule.usdMicros, input.currency);
  const belowThreshold = goods <= thresholdMinor;
  const taxRateBps = rule.countryTaxBps[input.country] ?? rule.taxRateBps;

  let duty = 0;
  if (!belowThreshold && goods > 0) {
    for (const line of input.lines) {
      const share = rule.dutyBase === "goods_shipping" ? (shipping * line.valueMinor) / goods : 0;
      duty += bps(line.valueMinor + share, dutyBpsOf(rule, line.hsCode) + rule.extraDutyBps);
    }
  }
  const taxDue = taxRateBps > 0 && goods > 0 && !(belowThreshold && rule.taxFollowsThreshold);
  const taxBase = goods + (rule.taxBase === "goods_shipping" ? shipping : 0) + duty;
  const tax = taxDue ? bps(taxBase, taxRateBps) : 0;
  // The rule's own country by the rule's name; another country it covers by its own name, then the rule's.
  const destination = input.country === rule.code ? rule.name : `${input.countryName} (${rule.name})`;
  return {
    rule: rule.code,
    destination,
    currency: input.currency,
    thresholdMinor,
    belowThreshold,
    dutyMinor: duty,
    taxMinor: tax,
    totalMinor: duty + tax,
    taxName: rule.taxName,
    taxRateBps,
    dutyBase: rule.dutyBase,
    taxBase: rule.taxBase,
    ddp: rule.ddp,
  };
}
