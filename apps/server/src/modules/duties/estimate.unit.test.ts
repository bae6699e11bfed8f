import { describe, expect, it } from "vitest";
import { convertMinor, dutyBpsOf, estimateDuties, type ImportRule } from "./estimate";

const rule = (over: Partial<ImportRule>): ImportRule => ({
  code: "XX",
  name: "Somewhere",
  countries: ["XX"],
  currency: "USD",
  thresholdMinor: 0,
  usdMicros: 1_000_000,
  taxFollowsThreshold: true,
  dutyBase: "goods",
  taxBase: "goods",
  taxName: "VAT",
  taxRateBps: 0,
  countryTaxBps: {},
  defaultDutyBps: 500,
  extraDutyBps: 0,
  ddp: false,
  dutyRates: new Map(),
  ...over,
});
const usd = (lines: [string | null, number][], shippingMinor = 0, country = "XX") => ({
  country,
  countryName: country,
  lines: lines.map(([hsCode, valueMinor]) => ({ hsCode, valueMinor })),
  shippingMinor,
  currency: "USD" as const,
});

const US = rule({
  code: "US",
  name: "the United States",
  countries: ["US"],
  extraDutyBps: 5000,
  dutyRates: new Map([
    ["6302", 670],
    ["4420", 320],
  ]),
});
const GB = rule({
  code: "GB",
  currency: "GBP",
  thresholdMinor: 13_500,
  usdMicros: 1_340_000,
  taxFollowsThreshold: false,
  dutyBase: "goods_shipping",
  taxBase: "goods_shipping",
  taxRateBps: 2000,
  defaultDutyBps: 1200,
  dutyRates: new Map([
    ["63", 1200],
    ["4420", 0],
  ]),
});
const EU = rule({
  code: "EU",
  name: "European Union",
  countries: ["DE", "HU"],
  currency: "EUR",
  thresholdMinor: 15_000,
  usdMicros: 1_160_000,
  taxFollowsThreshold: false,
  dutyBase: "goods_shipping",
  taxBase: "goods_shipping",
  taxRateBps: 2000,
  countryTaxBps: { DE: 1900, HU: 2700 },
  defaultDutyBps: 1200,
});

describe("the duties estimate", () => {
  it("the United States has no de minimis: a $20 bed sheet pays its duty and the additional duties", () => {
    const e = estimateDuties(US, usd([["63023190", 2000]], 1500));
    expect(e.belowThreshold).toBe(false);
    // 6.7% + 50% of the goods only (shipping is not in the US base): 11.34 -> 1134 cents.
    expect(e.dutyMinor).toBe(1134);
    expect(e.taxMinor).toBe(0);
    expect(e.totalMinor).toBe(1134);
  });

  it("picks the longest HS prefix, else the default rate", () => {
    expect(dutyBpsOf(US, "63023190")).toBe(670);
    expect(dutyBpsOf(US, "44201900")).toBe(320);
    expect(dutyBpsOf(US, "57023990")).toBe(500);
    expect(dutyBpsOf(US, null)).toBe(500);
    expect(dutyBpsOf(GB, "630493")).toBe(1200);
  });

  it("the United Kingdom below GBP 135: no duty, VAT 20% of goods and shipping", () => {
    // GBP 135 is $180.90; $100 of goods and $10 shipping.
    const e = estimateDuties(GB, usd([["630231", 10_000]], 1000));
    expect(e.thresholdMinor).toBe(18_090);
    expect(e.belowThreshold).toBe(true);
    expect(e.dutyMinor).toBe(0);
    expect(e.taxMinor).toBe(2200);
  });

  it("the United Kingdom above GBP 135: 12% duty on goods and shipping, VAT on that and the duty", () => {
    const e = estimateDuties(
      GB,
      usd(
        [
          ["630231", 20_000],
          ["442090", 10_000],
        ],
        3000,
      ),
    );
    // Duty: 12% of (200 + 20 shipping share) = 26.40; wood 0%. VAT: 20% of (300 + 30 + 26.40) = 71.28.
    expect(e.belowThreshold).toBe(false);
    expect(e.dutyMinor).toBe(2640);
    expect(e.taxMinor).toBe(7128);
    expect(e.totalMinor).toBe(9768);
  });

  it("the EU takes each country's VAT", () => {
    const de = estimateDuties(EU, usd([["630231", 5000]], 1000, "DE"));
    const hu = estimateDuties(EU, usd([["630231", 5000]], 1000, "HU"));
    expect(de.belowThreshold).toBe(true);
    expect(de.taxMinor).toBe(1140); // 19% of 60
    expect(hu.taxMinor).toBe(1620); // 27% of 60
    expect(de.taxRateBps).toBe(1900);
  });

  it("a tax that follows the threshold is waived below it and charged above it", () => {
    const au = rule({
      currency: "AUD",
      thresholdMinor: 100_000,
      usdMicros: 660_000,
      taxRateBps: 1000,
      taxBase: "goods_shipping",
    });
    expect(estimateDuties(au, usd([[null, 50_000]], 2000)).totalMinor).toBe(0);
    const above = estimateDuties(au, usd([[null, 70_000]], 2000));
    // AUD 1000 = $660; $700 of goods: 5% duty 35, GST 10% of (700 + 20 + 35) = 75.50.
    expect(above.dutyMinor).toBe(3500);
    expect(above.taxMinor).toBe(7550);
  });

  it("works in rupees for an INR order", () => {
    expect(convertMinor(13_500, 1_340_000, "INR")).toBe(607_824);
    const e = estimateDuties(GB, { ...usd([["630231", 1_000_000]]), currency: "INR" });
    expect(e.belowThreshold).toBe(false);
    expect(e.currency).toBe("INR");
  });
});
