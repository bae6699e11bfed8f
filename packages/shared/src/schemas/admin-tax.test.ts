import { afterEach, describe, expect, it, vi } from "vitest";
import { adminTaxQuerySchema, currentIstMonth, monthLabel } from "./admin-tax";

const problem = (month: unknown) => {
  const parsed = adminTaxQuerySchema.safeParse({ month });
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("the tax figures' month", () => {
  afterEach(() => vi.useRealTimers());

  it("is the India-time month: 23:59 UTC on 31 October is already November in Jaipur", () => {
    expect(currentIstMonth(new Date("2026-10-31T18:29:59Z"))).toBe("2026-10");
    expect(currentIstMonth(new Date("2026-10-31T18:30:00Z"))).toBe("2026-11");
    expect(currentIstMonth(new Date("2026-12-31T18:30:00Z"))).toBe("2027-01");
  });

  it("is said in words", () => {
    expect(monthLabel("2026-11")).toBe("November 2026");
    expect(monthLabel("2027-01")).toBe("January 2027");
  });

  it("accepts July 2017 to the current month, and says what is wrong with any other", () => {
    vi.useFakeTimers({ now: new Date("2026-11-30T18:30:00Z"), toFake: ["Date"] });
    expect(problem("2017-07")).toBeNull();
    expect(problem(" 2026-12 ")).toBeNull();
    expect(problem("2027-01")).toMatch(/not begun yet/);
    expect(problem("2017-06")).toMatch(/GST began in July 2017/);
    for (const bad of ["2026-13", "2026-00", "2026-1", "Nov 2026", "2026-11-01", ""])
      expect(problem(bad)).toMatch(/YYYY-MM/);
    expect(problem(undefined)).toMatch(/month is required/);
  });
});
