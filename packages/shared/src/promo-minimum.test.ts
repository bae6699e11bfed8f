import { describe, expect, it } from "vitest";
import { formatMinor, promoMinimumMinor } from "./promo-minimum";
import { toShopPath } from "./schemas/shop-link";
import { blogCreateSchema } from "./schemas/admin-content";

describe("promoMinimumMinor", () => {
  it("keeps a minimum in the cart's own currency and converts the other at 33.6, in minor units", () => {
    expect(promoMinimumMinor(1999, "INR", "INR")).toBe(199_900);
    expect(promoMinimumMinor(100, "USD", "USD")).toBe(10_000);
    // Rs 1999 = 5949.40... cents, rounded up: a USD cart never passes with less than the minimum's worth.
    expect(promoMinimumMinor(1999, "INR", "USD")).toBe(5950);
    expect(promoMinimumMinor(336, "INR", "USD")).toBe(1000);
    // $100 costs Rs 3360 by the catalogue's rule, raised to end in 9.
    expect(promoMinimumMinor(100, "USD", "INR")).toBe(336_900);
    expect(promoMinimumMinor(0, "INR", "USD")).toBe(0);
  });

  it("shows cents only when there are some", () => {
    expect(formatMinor(5950, "USD")).toBe("$59.50");
    expect(formatMinor(6000, "USD")).toBe("$60");
    expect(formatMinor(199_900, "INR")).toBe("₹1,999");
  });
});

describe("the blog's product link", () => {
  it.each([
    ["http://localhost:3000/product/12", "/product/12"],
    ["http://127.0.0.1:3240/product/12?size=M#top", "/product/12?size=M#top"],
    ["https://www.jaipurkalahouse.in/women", "/women"],
    ["/product/12", "/product/12"],
    ["https://evil.example/product/12", "https://evil.example/product/12"],
  ])("reads %s as %s", (input, path) => {
    expect(toShopPath(input)).toBe(path);
  });

  it("refuses other hosts and non-addresses", () => {
    const post = { title: "t", image: "/media/a.webp", description: "<p>x</p>" };
    for (const link of ["https://evil.example/x", "//evil.example/x", "javascript:alert(1)", "product/12"]) {
      expect(blogCreateSchema.safeParse({ ...post, product_link: link }).success).toBe(false);
    }
    expect(blogCreateSchema.parse({ ...post, product_link: "http://localhost:3000/p/1" }).product_link).toBe("/p/1");
  });
});
