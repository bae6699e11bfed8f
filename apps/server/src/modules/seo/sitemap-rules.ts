import { expect } from "vitest";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * The sitemaps.org protocol's rules for a sitemap or a sitemap index, checked on our one-element-a-line
 * output (test support): the XML declaration and namespace, one entry a line in the exact element grammar,
 * each loc absolute under `base`, at most 2,048 characters, entity-escaped (no raw `<>"'`, `&` only as an
 * entity), lastmod a W3C Datetime, at most 50,000 entries and 50 MB. Answers the locs, unescaped.
 */
export function checkSitemapXml(xml: string, kind: "urlset" | "sitemapindex", base: string): string[] {
  const entry = kind === "urlset" ? "url" : "sitemap";
  const lines = xml.split("\n");
  expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
  expect(lines[1]).toBe(`<${kind} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`);
  expect(lines.at(-2)).toBe(`</${kind}>`);
  expect(lines.at(-1)).toBe("");
  const body = lines.slice(2, -2);
  const shape = new RegExp(
    `^<${entry}><loc>((?:[^<>"'&]|&(?:amp|lt|gt|quot|apos);)+)</loc>(?:<lastmod>([^<]*)</lastmod>)?</${entry}>$`,
  );
  const w3c = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/;
  // One expect for all entries (a sitemap has up to 50,000): the first few faults are named.
  const faults: string[] = [];
  const locs = body.map((line) => {
    const [, loc = "", lastmod] = shape.exec(line) ?? [];
    if (!loc) faults.push(`not an entry: ${line}`);
    if (lastmod !== undefined && (!w3c.test(lastmod) || Number.isNaN(Date.parse(lastmod))))
      faults.push(`lastmod not a W3C datetime: ${line}`);
    if (loc.length > 2048) faults.push(`loc over 2,048 characters: ${line}`);
    const url = loc.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e] ?? "");
    if (!url.startsWith(`${base}/`) || url.startsWith(`${base}//`) || !URL.canParse(url))
      faults.push(`not an absolute URL under ${base}: ${url}`);
    return url;
  });
  expect(faults.slice(0, 5)).toEqual([]);
  expect(locs.length).toBeGreaterThan(0);
  expect(locs.length).toBeLessThanOrEqual(50_000);
  expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(50 * 1024 * 1024);
  expect(new Set(locs).size).toBe(locs.length);
  return locs;
}
