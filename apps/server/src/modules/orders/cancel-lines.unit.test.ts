import { describe, expect, it } from "vitest";
import { withoutPieces } from "./cancel-lines";

describe("withoutPieces: an order's totals once some pieces are cancelled (decision 023)", () => {
  it("shares the discount out by value and keeps shipping and rounding in the total", () => {
    // Subtotal 10000, discount 1000, shipping 500 + rounding 9: total 9509.
    expect(withoutPieces({ subtotal: 10_000, discount: 1_000, total: 9_509 }, 3_000)).toEqual({
      subtotal: 7_000,
      discount: 700,
      total: 6_809,
      removedDiscount: 300,
    });
  });

  it("rounds the removed pieces' share of the discount down, so the shopper gets at least their exact share back", () => {
    // 999 x 1/3 = 333; 1000 x 1/3 = 333.33 -> 333 removed, 667 kept: refund 3333 - 333 = 3000, not 2999.67.
    const after = withoutPieces({ subtotal: 9_999, discount: 1_000, total: 8_999 }, 3_333);
    expect(after).toEqual({ subtotal: 6_666, discount: 667, total: 5_999, removedDiscount: 333 });
    expect(8_999 - after.total).toBeGreaterThanOrEqual(3_333 - (1_000 * 3_333) / 9_999);
  });

  it("without a discount, the refund is the pieces' value exactly", () => {
    expect(withoutPieces({ subtotal: 5_000, discount: 0, total: 5_500 }, 2_500)).toMatchObject({
      total: 3_000,
      removedDiscount: 0,
    });
  });
});
