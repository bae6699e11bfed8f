import { describe, expect, it } from "vitest";
import { istDayEnd, istDayStart, istPeriodStarts } from "./seller-time";

describe("seller time (IST, UTC+05:30)", () => {
  it("starts a day at 18:30 UTC the day before", () => {
    expect(istDayStart("2026-03-31").toISOString()).toBe("2026-03-30T18:30:00.000Z");
    expect(istDayEnd("2026-03-31").toISOString()).toBe("2026-03-31T18:30:00.000Z");
  });

  it("puts 20:00 UTC on the 31st into IST's 1st of the next month", () => {
    const starts = istPeriodStarts(new Date("2026-03-31T20:00:00Z"));
    expect(starts.today.toISOString()).toBe("2026-03-31T18:30:00.000Z");
    expect(starts.month.toISOString()).toBe("2026-03-31T18:30:00.000Z");
    const before = istPeriodStarts(new Date("2026-03-31T18:00:00Z"));
    expect(before.today.toISOString()).toBe("2026-03-30T18:30:00.000Z");
    expect(before.month.toISOString()).toBe("2026-02-28T18:30:00.000Z");
  });
});
