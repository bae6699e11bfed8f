import { describe, expect, it } from "vitest";
import { calendarDay, dateTime, isCleanText, requiredText, searchText, text } from "./input-rules";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("the text rule", () => {
  it.each([
    ["NUL", "Asha\u0000"],
    ["a bell", "a\u0007b"],
    ["DEL", "x\u007f"],
    ["a C1 control", "x\u0085"],
    ["a lone high surrogate", "x\ud800"],
    ["a lone low surrogate", "\udc00x"],
    ["a line break in one line", "12 Road\nJaipur"],
    ["a tab in one line", "a\tb"],
  ])("refuses %s", (_what, value) => {
    expect(isCleanText(value)).toBe(false);
  });

  it("keeps what people type: accents, scripts, emoji, right-to-left marks, and line breaks where text is multi-line", () => {
    for (const value of ["Zoë", "जयपुर", "جے پور", "🧵 kantha", "\u200fשלום", "𝓙"])
      expect(isCleanText(value)).toBe(true);
    expect(isCleanText("12 Hawa Mahal Road\r\nJaipur\tRajasthan", true)).toBe(true);
    expect(isCleanText("a\u0000b", true)).toBe(false);
  });

  it("names the field in each message, and trims before measuring", () => {
    const name = requiredText("name", 5);
    expect(messages(name.safeParse("As\u0000ha"))).toEqual(["name contains characters that are not allowed"]);
    expect(messages(name.safeParse("Ashwini"))).toEqual(["name is too long (5 characters at most)"]);
    expect(messages(name.safeParse("   "))).toEqual(["name is required"]);
    expect(messages(name.safeParse(42))).toEqual(["name is required"]);
    expect(name.parse("  Asha ")).toBe("Asha");
    expect(messages(text("comment", 10, { multiline: true }).safeParse("ok\u0000"))).toEqual([
      "comment contains characters that are not allowed",
    ]);
    expect(text("password", 20, { trim: false }).parse(" spaced ")).toBe(" spaced ");
  });
});

describe("search words", () => {
  it("count control characters and lone surrogates as spaces instead of refusing the search", () => {
    expect(searchText("query", 20).parse("nul\u0000byte\tkantha\ud800")).toBe("nul byte kantha ");
    expect(searchText("query", 3).safeParse("kaftan").success).toBe(false);
  });
});

describe("dates", () => {
  it.each(["0000-01-01", "1999-12-31", "2101-01-01", "99999-01-01"])("refuses the day %s", (day) => {
    expect(calendarDay.safeParse(day).success).toBe(false);
  });

  it("accepts calendar days from 2000 to 2100 and refuses impossible ones", () => {
    expect(calendarDay.parse("2000-01-01")).toBe("2000-01-01");
    expect(calendarDay.parse("2100-12-31")).toBe("2100-12-31");
    expect(messages(calendarDay.safeParse("2026-02-30"))).toContain("This is not a calendar date");
    expect(messages(calendarDay.safeParse("0000-01-01"))).toContain("Use a date from 2000 to 2100");
  });

  it.each(["0000-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "9999-12-31T23:59:59Z", "+099999-01-01T00:00:00Z"])(
    "refuses the instant %s",
    (instant) => {
      expect(dateTime.safeParse(instant).success).toBe(false);
    },
  );

  it("accepts an instant with its offset", () => {
    expect(dateTime.parse("2026-03-31T18:30:00+05:30")).toBe("2026-03-31T18:30:00+05:30");
  });
});
