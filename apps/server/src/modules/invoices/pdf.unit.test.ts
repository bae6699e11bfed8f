import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderCreditNotePdf, renderInvoicePdf, TEST_STAMP } from "./pdf";
import type { InvoiceDocument, InvoiceLineRow } from "./read";
import { amountInWords } from "./words";

async function read(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(doc, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, " ") };
}

/** A line of 2 pieces worth ₹4,000 with IGST at 5% (an inter-state sale). */
function line(position: number, over: Partial<InvoiceLineRow> = {}): InvoiceLineRow {
  return {
    id: position + 1,
    invoiceId: 1,
    position,
    kind: "goods",
    orderLineId: position + 1,
    description: `Indigo dabu kurta ${position + 1} (size M)`,
    hsn: "6204",
    quantity: 2,
    rateBps: 500,
    taxable: 380952,
    cgst: 0,
    sgst: 0,
    igst: 19048,
    gross: 400000,
    rounding: 0,
    ...over,
  };
}

function invoice(over: Partial<InvoiceDocument> = {}, count = 2): InvoiceDocument {
  const lines = Array.from({ length: count }, (_, i) => line(i));
  return {
    id: 1,
    orderId: 42,
    replacesInvoiceId: null,
    number: "JKH/26-27/000123",
    series: "invoice",
    financialYear: "26-27",
    seq: 123,
    issuedAt: new Date("2026-11-25T10:00:00Z"),
    issueDate: "2026-11-25",
    supply: "inter",
    placeStateCode: "27",
    parties: {
      supplier: {
        legalName: "Jaipur Kala House Private Limited",
        address: "14 Johari Bazaar, Jaipur 302003",
        gstin: "08AAJCJ4523K1Z5",
        stateName: "Rajasthan",
        stateCode: "08",
      },
      recipient: {
        name: "Priya Nair",
        address: "7 Marine Drive",
        city: "Mumbai",
        state: "Maharashtra",
        pinCode: "400020",
        country: "India",
      },
      placeOfSupply: "Maharashtra (27)",
      lutReference: null,
    },
    currency: "INR",
    rateMilli: 1000,
    rateNotification: null,
    orderTotal: 400000 * count,
    isTest: false,
    downloadToken: "token",
    taxable: 380952 * count,
    cgst: 0,
    sgst: 0,
    igst: 19048 * count,
    gross: 400000 * count,
    creditNotes: [],
    lines,
    ...over,
  };
}

describe("the invoice PDF", () => {
  it("another state: IGST at the line's rate, place of supply with its code, the same bytes every time", async () => {
    const doc = invoice();
    const pdf = await renderInvoicePdf(doc);
    const { text, pages } = await read(pdf);
    expect(pages).toBe(1);
    expect(text).toContain("Place of supply Maharashtra (27)");
    expect(text).toContain("6204 2 pcs 3,809.52 5% 190.48 4,000.00");
    expect(text).toContain("IGST ₹ 380.96");
    expect(text).toContain("Invoice total ₹ 8,000.00");
    expect(text).toContain(amountInWords(800000));
    expect(text).not.toContain("CGST");
    expect(await renderInvoicePdf(doc)).toEqual(pdf);
  });

  it("an export under LUT in dollars: no IGST, the LUT wording and reference, the USD amount and rate, page breaks", async () => {
    const lines = Array.from({ length: 45 }, (_, i) => line(i, { igst: 0, taxable: 400000 }));
    const doc = invoice(
      {
        supply: "export_lut",
        placeStateCode: null,
        currency: "USD",
        rateMilli: 83250,
        orderTotal: 216216,
        isTest: true,
        number: "TST/26-27/000009",
        parties: {
          ...invoice().parties,
          recipient: { ...invoice().parties.recipient, city: "London", state: "", country: "United Kingdom" },
          placeOfSupply: "United Kingdom",
          lutReference: "AD0803250123456",
        },
        lines,
        taxable: 400000 * 45,
        igst: 0,
        gross: 400000 * 45,
      },
      45,
    );
    const { text, pages } = await read(await renderInvoicePdf(doc));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`page 1 of ${pages}`);
    expect(text).toContain("Invoice continued");
    expect(text).toContain("Supply meant for export under LUT without payment of IGST");
    expect(text).toContain("LUT reference: AD0803250123456");
    expect(text).toContain("Country of destination: United Kingdom");
    expect(text).toContain("Order paid in US dollars: $2,162.16, at 83.250 INR per USD");
    expect(text).toContain("6204 2 pcs 4,000.00 0% 0.00 4,000.00");
    expect(text).toContain(TEST_STAMP);
    expect(text).toContain("Indian Rupees One Lakh Eighty Thousand Only");
  });

  it("documents drawn at once share the parsed fonts and come out as each does alone", async () => {
    const docs = [invoice(), invoice({ supply: "export_igst" }, 12), invoice({ isTest: true }, 3)];
    const alone: Buffer[] = [];
    for (const doc of docs) alone.push(await renderInvoicePdf(doc));
    const together = await Promise.all([...docs, ...docs].map((doc) => renderInvoicePdf(doc)));
    expect(together).toEqual([...alone, ...alone]);
    expect(new Set(alone.map((pdf) => pdf.length)).size).toBe(3);
  });

  it("an export with IGST says so", async () => {
    const { text } = await read(await renderInvoicePdf(invoice({ supply: "export_igst" })));
    expect(text).toContain("Supply meant for export with payment of IGST");
  });
});

describe("the credit note PDF", () => {
  it("names the invoice it is against, the reason and the credited line as invoiced", async () => {
    const doc = invoice();
    const note = {
      id: 5,
      invoiceId: 1,
      number: "JKHC/26-27/00004",
      series: "credit",
      financialYear: "26-27",
      seq: 4,
      issuedAt: new Date("2026-11-27T10:00:00Z"),
      issueDate: "2026-11-27",
      reason: "Pieces cancelled",
      taxable: 190476,
      cgst: 0,
      sgst: 0,
      igst: 9524,
      gross: 200000,
      lines: [
        {
          id: 1,
          creditNoteId: 5,
          invoiceLineId: 2,
          quantity: 1,
          taxable: 190476,
          cgst: 0,
          sgst: 0,
          igst: 9524,
          gross: 200000,
        },
      ],
    };
    const { text } = await read(await renderCreditNotePdf(doc, note));
    expect(text).toContain("Credit Note");
    expect(text).toContain("JKHC/26-27/00004");
    expect(text).toContain("Against invoice JKH/26-27/000123 dated 25 Nov 2026");
    expect(text).toContain("Reason: Pieces cancelled");
    expect(text).toContain("Indigo dabu kurta 2 (size M) 6204 1 pcs 1,904.76 5% 95.24 2,000.00");
    expect(text).toContain("Credit note total ₹ 2,000.00");
    expect(text).toContain("Indian Rupees Two Thousand Only");
  });
});
