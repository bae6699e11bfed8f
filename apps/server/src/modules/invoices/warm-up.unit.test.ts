import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { TEST_STAMP } from "./pdf";
import { warmInvoicePdf } from "./warm-up";

describe("the invoice renderer's warm-up", () => {
  it("draws a one-page specimen marked as a test, never a real invoice number", async () => {
    const doc = await getDocumentProxy(new Uint8Array(await warmInvoicePdf()));
    const { text, totalPages } = await extractText(doc, { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(totalPages).toBe(1);
    expect(flat).toContain("SPECIMEN/00-00/000000");
    expect(flat).toContain(TEST_STAMP);
    expect(flat).toContain("CGST");
  });
});
