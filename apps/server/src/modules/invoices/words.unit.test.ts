import { describe, expect, it } from "vitest";
import { amountInWords, numberInWords } from "./words";

describe("amountInWords (Indian numbering)", () => {
  it("writes rupees and paise as invoices print them", () => {
    expect(amountInWords(456_750)).toBe("Indian Rupees Four Thousand Five Hundred Sixty-Seven and Fifty Paise Only");
    expect(amountInWords(100)).toBe("Indian Rupees One Only");
    expect(amountInWords(1)).toBe("Indian Rupees Zero and One Paise Only");
    expect(amountInWords(0)).toBe("Indian Rupees Zero Only");
    expect(amountInWords(99_99)).toBe("Indian Rupees Ninety-Nine and Ninety-Nine Paise Only");
  });

  it("groups in thousands, lakhs and crores, not millions", () => {
    expect(numberInWords(1000)).toBe("One Thousand");
    expect(numberInWords(100_000)).toBe("One Lakh");
    expect(numberInWords(250_000)).toBe("Two Lakh Fifty Thousand");
    expect(numberInWords(1_234_567)).toBe("Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven");
    expect(numberInWords(10_000_000)).toBe("One Crore");
    expect(numberInWords(99_99_99_999)).toBe(
      "Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine",
    );
    // Beyond 99 crore the crores are counted in words themselves.
    expect(numberInWords(1_20_00_00_000)).toBe("One Hundred Twenty Crore");
    expect(numberInWords(1_00_01_00_005)).toBe("One Hundred Crore One Lakh Five");
  });

  it("skips empty groups and writes teens and round tens", () => {
    expect(numberInWords(1_00_005)).toBe("One Lakh Five");
    expect(numberInWords(10_010)).toBe("Ten Thousand Ten");
    expect(numberInWords(119)).toBe("One Hundred Nineteen");
    expect(numberInWords(90)).toBe("Ninety");
    expect(numberInWords(800)).toBe("Eight Hundred");
  });

  it("refuses what is not an amount", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
