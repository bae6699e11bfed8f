import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "./sfnt";

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve("@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff"));

/** The width pdfkit measures for `text` in a font given as bytes: it reads every glyph's metrics. */
function widthIn(font: Buffer, text: string): number {
  const doc = new PDFDocument({ autoFirstPage: false });
  doc.registerFont("face", font);
  return doc.font("face").fontSize(12).widthOfString(text);
}

describe("a WOFF font unpacked for the PDFs", () => {
  it("keeps the font's flavour and every table, inflated, at 4-byte aligned offsets", () => {
    const sfnt = woffToSfnt(woff);
    const numTables = woff.readUInt16BE(12);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(numTables);
    for (let i = 0; i < numTables; i++) {
      const entry = 44 + i * 20;
      const offset = woff.readUInt32BE(entry + 4);
      const compLength = woff.readUInt32BE(entry + 8);
      const origLength = woff.readUInt32BE(entry + 12);
      const stored = woff.subarray(offset, offset + compLength);
      const record = 12 + i * 16;
      expect(sfnt.readUInt32BE(record)).toBe(woff.readUInt32BE(entry));
      const at = sfnt.readUInt32BE(record + 8);
      expect(at % 4).toBe(0);
      expect(sfnt.subarray(at, at + sfnt.readUInt32BE(record + 12))).toEqual(
        compLength < origLength ? inflateSync(stored) : stored,
      );
    }
  });

  it("measures text exactly as the WOFF does, rupee sign included", () => {
    const text = "₹ 12,345.67 Ōkāra ĀĪŪ";
    expect(widthIn(woffToSfnt(woff), text)).toBe(widthIn(woff, text));
    expect(widthIn(woff, text)).toBeGreaterThan(0);
  });

  it("refuses a file that is not WOFF 1.0", () => {
    expect(() => woffToSfnt(Buffer.from("not a font at all, not even close to one........"))).toThrow(/WOFF/);
  });
});
