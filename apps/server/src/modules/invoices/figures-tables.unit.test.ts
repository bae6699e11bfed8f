import { describe, expect, it } from "vitest";
import { limitsDuring, returnTable } from "./figures-tables";

/** Where an invoice goes in GSTR-1, by the B2C large limits in force on its date (newest first). */
const LIMITS = [
  { effectiveFrom: "2024-07-10", valueMinor: 100_000_00 },
  { effectiveFrom: "2017-07-01", valueMinor: 250_000_00 },
];

describe("the return's table of an invoice", () => {
  it("is table 5 for an inter-State invoice above the limit of its date, invoice by invoice", () => {
    const inter = (issueDate: string, gross: number) => returnTable({ supply: "inter", issueDate, gross }, LIMITS);
    expect(inter("2025-10-22", 100_000_01)).toBe("b2cl");
    // Exactly the limit is not above it.
    expect(inter("2025-10-22", 100_000_00)).toBe("b2cs");
    // Before 12/2024-Central Tax the limit was ₹2,50,000.
    expect(inter("2024-07-09", 200_000_00)).toBe("b2cs");
    expect(inter("2024-07-10", 200_000_00)).toBe("b2cl");
  });

  it("is table 7 within the State whatever its value, and 6A for an export", () => {
    expect(returnTable({ supply: "intra", issueDate: "2025-10-22", gross: 900_000_00 }, LIMITS)).toBe("b2cs");
    expect(returnTable({ supply: "export_lut", issueDate: "2025-10-22", gross: 900_000_00 }, LIMITS)).toBe("export");
    expect(returnTable({ supply: "export_igst", issueDate: "2025-10-22", gross: 1_00 }, LIMITS)).toBe("export");
  });
});

describe("the limits of a month", () => {
  it("are the one of its first day, then any taking effect in it", () => {
    expect(limitsDuring(LIMITS, { from: "2025-10-01", until: "2025-11-01" })).toEqual([100_000_00]);
    expect(limitsDuring(LIMITS, { from: "2024-07-01", until: "2024-08-01" })).toEqual([250_000_00, 100_000_00]);
    expect(limitsDuring(LIMITS, { from: "2017-06-01", until: "2017-07-01" })).toEqual([]);
  });
});
