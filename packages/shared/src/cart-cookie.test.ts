import { describe, expect, it } from "vitest";
import { cartIdInCookie } from "./cart-cookie";

describe("the cart cookie", () => {
  const id = "8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01";

  it("is read from a Cookie header among other cookies", () => {
    expect(cartIdInCookie(`cart_id=${id}`)).toBe(id);
    expect(cartIdInCookie(`currency=INR; cart_id=${id}; signed_in=1`)).toBe(id);
  });

  it("is absent without the cookie, when empty, or under a longer name", () => {
    for (const header of [null, undefined, "", "currency=INR", "cart_id=", `old_cart_id=${id}`])
      expect(cartIdInCookie(header), String(header)).toBeNull();
  });
});
