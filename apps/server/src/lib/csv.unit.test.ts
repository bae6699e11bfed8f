import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell('Sharma, "Kavita"')).toBe('"Sharma, ""Kavita"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+91 98290")).toBe("'+91 98290");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell('=HYPERLINK("x",1)')).toBe(`"'=HYPERLINK(""x"",1)"`);
  });

  it("writes CRLF rows after a byte-order mark", () => {
    expect(toCsv(["a", "b"], [[1, "x,y"]])).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });
});
