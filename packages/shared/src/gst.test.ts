import { describe, expect, it } from "vitest";
import {
  financialYearEnd,
  financialYearOf,
  gstinCheckCharacter,
  gstinProblem,
  indianStateByName,
  isFinancialYear,
  LUT_REMINDER_DAYS,
  lutCovers,
  lutNotice,
} from "./gst";
import { hsnDescription } from "./hsn";

describe("GSTIN", () => {
  it("accepts published GSTINs, their check characters computed from the first 14", () => {
    for (const gstin of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "24AAACC1206D1ZM"]) {
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
      expect(gstinProblem(gstin)).toBeNull();
    }
  });

  it("says what is wrong: the shape, the state code, a typing mistake", () => {
    expect(gstinProblem("27AAPFU0939F1Z")).toMatch(/15 characters/);
    expect(gstinProblem("99AAPFU0939F1ZV")).toBe("99 is not a GST state code.");
    expect(gstinProblem("27AAPFU0939F1ZW")).toMatch(/does not match/);
    expect(gstinProblem("27AAPFV0939F1ZV")).toMatch(/does not match/);
  });
});

describe("Indian states", () => {
  it("are found by any case and the older names", () => {
    expect(indianStateByName("RAJASTHAN")?.code).toBe("08");
    expect(indianStateByName("Orissa")?.name).toBe("Odisha");
    expect(indianStateByName("Greater London")).toBeNull();
  });
});

describe("the LUT and the financial year", () => {
  const lut = (lut_financial_year: string, lut_reference = "AD0803250123456") => ({
    lut_reference,
    lut_financial_year,
  });

  it("names the April-to-March year of an IST day", () => {
    expect(financialYearOf("2026-03-31")).toBe("2025-26");
    expect(financialYearOf("2026-04-01")).toBe("2026-27");
    expect(financialYearOf("2099-12-31")).toBe("2099-00");
    expect(financialYearEnd("2026-27")).toBe("2027-03-31");
    expect(isFinancialYear("2026-27")).toBe(true);
    expect(isFinancialYear("2099-00")).toBe(true);
    expect(isFinancialYear("2026-28")).toBe(false);
    expect(isFinancialYear("26-27")).toBe(false);
  });

  it("covers the exports of its own year only, and none without a reference or a year", () => {
    expect(lutCovers(lut("2026-27"), "2027-03-31")).toBe(true);
    expect(lutCovers(lut("2026-27"), "2027-04-01")).toBe(false);
    expect(lutCovers(lut("2026-27"), "2026-03-31")).toBe(false);
    expect(lutCovers(lut(""), "2026-11-25")).toBe(false);
    expect(lutCovers(lut("2026-27", ""), "2026-11-25")).toBe(false);
  });

  it("warns from LUT_REMINDER_DAYS before 31 March, and once the year has ended", () => {
    const first = addDaysTo("2027-03-31", -LUT_REMINDER_DAYS);
    expect(lutNotice(lut("2026-27"), addDaysTo(first, -1))).toBeNull();
    expect(lutNotice(lut("2026-27"), first)).toBe(
      `Your LUT for 2026-27 ends on 31 March 2027 (in ${LUT_REMINDER_DAYS} days): furnish the LUT for 2027-28 (form GST RFD-11) and enter it in Settings on 1 April, or exports from then on are invoiced with IGST.`,
    );
    expect(lutNotice(lut("2026-27"), "2027-03-31")).toMatch(/\(today\)/);
    expect(lutNotice(lut("2026-27"), "2027-04-01")).toBe(
      "Your LUT for 2026-27 ended on 31 March 2027: exports are invoiced with IGST until you furnish the LUT for 2027-28 (form GST RFD-11) and enter it in Settings.",
    );
    expect(lutNotice(lut(""), "2026-11-25")).toMatch(/has no financial year saved/);
    expect(lutNotice(lut("", ""), "2026-11-25")).toBeNull();
    expect(lutNotice(null, "2026-11-25")).toBeNull();
  });
});

describe("HSN descriptions", () => {
  it("describe a code by its own entry, else its heading, else not at all", () => {
    expect(hsnDescription("996812")).toBe("Courier services");
    expect(hsnDescription("62044290")).toBe(hsnDescription("6204"));
    expect(hsnDescription("6204")).toMatch(/^Women's or girls'/);
    expect(hsnDescription("8517")).toBe("");
  });
});

function addDaysTo(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
