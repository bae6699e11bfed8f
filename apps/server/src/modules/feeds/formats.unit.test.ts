import { parse } from "csv-parse/sync";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { LIMITS, plainText, type FeedItem } from "./catalogue";
import { googleFeedXml, metaFeedCsv } from "./formats";

const awkward: FeedItem = {
  id: "1042-M",
  groupId: "1042",
  productId: 7,
  title: plainText(`Rose & "Gold" <Kurta> ${"block print ".repeat(20)}`, LIMITS.title),
  description: plainText("<p>Line one,\nline two\u0007 with a bell & an <em>emphasis</em>.</p>", LIMITS.description, {
    markup: true,
  }),
  link: "https://shop.example.in/product/7?size=M",
  imageLink: "https://shop.example.in/media/a.webp",
  additionalImageLinks: ["https://shop.example.in/media/b.webp", "https://shop.example.in/media/c.webp"],
  inStock: false,
  priceMinor: 265900,
  saleMinor: null,
  brand: "Jaipur Kala House",
  googleCategory: "Apparel & Accessories > Clothing",
  productType: "Women > Dresses",
  size: "M",
  colour: "",
  shippingGrams: 450,
};
const input = {
  origin: "https://shop.example.in",
  currency: "INR" as const,
  country: "IN",
  items: [awkward],
  shipping: new Map(),
};

describe("plainText", () => {
  it("drops markup and control characters and cuts at a word within the limit", () => {
    expect(awkward.title.length).toBeLessThanOrEqual(150);
    expect(awkward.title.endsWith("…")).toBe(true);
    expect(awkward.title.startsWith('Rose & "Gold" <Kurta> block print')).toBe(true);
    expect(awkward.description).toBe("Line one, line two with a bell & an emphasis .");
  });
});

describe("the formats' escaping", () => {
  it("writes XML that parses back to the same text, and leaves out an empty colour and sale price", () => {
    const xml = googleFeedXml(input);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain("&amp;");
    expect(xml).toContain("&lt;Kurta&gt;");
    const item = new XMLParser({ parseTagValue: false }).parse(xml).rss.channel.item;
    expect(item["g:title"]).toBe(awkward.title);
    expect(item["g:availability"]).toBe("out_of_stock");
    expect(item["g:price"]).toBe("2659.00 INR");
    expect(item["g:color"]).toBeUndefined();
    expect(item["g:sale_price"]).toBeUndefined();
    expect(item["g:shipping_weight"]).toBe("450 g");
  });

  it("writes CSV that a CSV reader reads back field for field", () => {
    const [row] = parse(metaFeedCsv(input), { columns: true }) as Record<string, string>[];
    expect(row?.title).toBe(awkward.title);
    expect(row?.availability).toBe("out of stock");
    expect(row?.additional_image_link).toBe(
      "https://shop.example.in/media/b.webp,https://shop.example.in/media/c.webp",
    );
    expect(row?.sale_price).toBe("");
  });
});
