import { describe, expect, it } from "vitest";
import { imageSrcSet, originalOfRendition, renditionUrl, renditionWidths } from "./media";

describe("picture renditions", () => {
  it("names a copy after its original and width", () => {
    expect(renditionUrl("/media/products/1001-1.webp", 360)).toBe("/media/products/1001-1-360w.webp");
  });

  it("offers the copies and the original in a srcset", () => {
    expect(imageSrcSet("/media/products/1001-1.webp")).toBe(
      "/media/products/1001-1-360w.webp 360w, /media/products/1001-1.webp 600w",
    );
    expect(imageSrcSet("/media/hero/2.webp")).toBe("/media/hero/2-800w.webp 800w, /media/hero/2.webp 1600w");
    expect(imageSrcSet("/media/banners/women.webp")).toBe(
      "/media/banners/women-800w.webp 800w, /media/banners/women.webp 1600w",
    );
    expect(imageSrcSet("/media/blog/7.webp")).toBe("/media/blog/7-800w.webp 800w, /media/blog/7.webp 1200w");
  });

  it("has no copies for uploads, outside addresses, copies themselves or other folders", () => {
    for (const url of [
      "/media/uploads/ab12.webp",
      "https://images.example.in/a.webp",
      "/media/products/1001-1-360w.webp",
      "/media/blog/1-800w.webp",
      "/media/social/1.webp",
      "/media/products/1001-1.jpg",
    ]) {
      expect(imageSrcSet(url)).toBeUndefined();
      expect(renditionWidths(url)).toEqual([]);
    }
  });

  it("lists the widths the seed renders", () => {
    expect(renditionWidths("/media/products/1001-1.webp")).toEqual([360]);
    expect(renditionWidths("/media/hero/1.webp")).toEqual([800]);
    expect(renditionWidths("/media/blog/1.webp")).toEqual([800]);
  });

  it("finds the original of a copy, and nothing for other addresses", () => {
    expect(originalOfRendition("/media/products/1001-1-360w.webp")).toBe("/media/products/1001-1.webp");
    expect(originalOfRendition("/media/hero/2-800w.webp")).toBe("/media/hero/2.webp");
    expect(originalOfRendition("/media/blog/1-800w.webp")).toBe("/media/blog/1.webp");
    for (const url of [
      "/media/products/1001-1.webp",
      "/media/products/1001-1-999w.webp",
      "/media/uploads/ab-360w.webp",
      "/media/blog/1-360w.webp",
    ]) {
      expect(originalOfRendition(url)).toBeUndefined();
    }
  });
});
