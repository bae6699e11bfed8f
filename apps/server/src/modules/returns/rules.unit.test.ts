import { describe, expect, it } from "vitest";
import { maskedDestination, refundOfPieces, returnWindowClosesAt } from "./rules";

describe("the return policy's arithmetic", () => {
  it("closes the window 48 hours after delivery, to the millisecond", () => {
    const delivered = new Date("2026-12-03T18:29:59.500Z");
    expect(returnWindowClosesAt(delivered).toISOString()).toBe("2026-12-05T18:29:59.500Z");
  });

  it("refunds the pieces' value less their share of the discount, rounded for the shopper", () => {
    // 3,000.00 of goods with 100.00 off: a 1,000.00 piece carries 33.333... of the discount, rounded down.
    expect(refundOfPieces({ subtotal: 300_000, discount: 10_000, total: 293_900 }, 100_000)).toBe(96_667);
    expect(refundOfPieces({ subtotal: 300_000, discount: 0, total: 303_900 }, 100_000)).toBe(100_000);
    // Every piece back: the whole discount is taken off, delivery is not refunded.
    expect(refundOfPieces({ subtotal: 300_000, discount: 10_000, total: 293_900 }, 300_000)).toBe(290_000);
    // One piece at a time: the last takes the rounding back, and the three add up to the same 2,900.00.
    const order = { subtotal: 300_000, discount: 10_000, total: 290_000 };
    const oneByOne = [0, 100_000, 200_000].map((before) => refundOfPieces(order, 100_000, before));
    expect(oneByOne).toEqual([96_667, 96_667, 96_666]);
    expect(oneByOne.reduce((a, b) => a + b)).toBe(290_000);
  });

  it("shows a refund's destination without the whole account number", () => {
    expect(maskedDestination({ method: "upi", upi_id: "asha@okaxis" })).toBe("UPI asha@okaxis");
    expect(maskedDestination({ method: "bank", account_number: "001234567890", ifsc: "SBIN0001234" })).toBe(
      "Bank account ending 7890 (SBIN0001234)",
    );
    expect(maskedDestination(null)).toBeNull();
  });
});
