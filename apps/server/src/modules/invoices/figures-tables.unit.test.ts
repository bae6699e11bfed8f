import { describe, expect, it } from "vitest";
import {
  b2bRows,
  cdnrRows,
  limitsDuring,
  noteRow,
  returnTable,
  type Invoice,
  type InvoiceLine,
  type Note,
  type NoteLine,
} from "./figures-tables";

/** Where an invoice goes in GSTR-1, by the B2C large limits in force on its date (newest first). */
const LIMITS = [
  { effectiveFrom: "2024-07-10", valueMinor: 100_000_00 },
  { effectiveFrom: "2017-07-01", valueMinor: 250_000_00 },
];

describe("the return's table of an invoice", () => {
  it("is table 5 for an inter-State invoice above the limit of its date, invoice by invoice", () => {
    const inter = (issueDate: string, gross: number) => returnTable({ supply: "inter", issueDate, gross }, LIMITS);
    expect(inter("2025-10-22", 100_000_01)).toBe("b2cl");
    // Exactly the limit is not above it.
    expect(inter("2025-10-22", 100_000_00)).toBe("b2cs");
    // Before 12/2024-Central Tax the limit was ₹2,50,000.
    expect(inter("2024-07-09", 200_000_00)).toBe("b2cs");
    expect(inter("2024-07-10", 200_000_00)).toBe("b2cl");
  });

  it("is table 7 within the State whatever its value, and 6A for an export", () => {
    expect(returnTable({ supply: "intra", issueDate: "2025-10-22", gross: 900_000_00 }, LIMITS)).toBe("b2cs");
    expect(returnTable({ supply: "export_lut", issueDate: "2025-10-22", gross: 900_000_00 }, LIMITS)).toBe("export");
    expect(returnTable({ supply: "export_igst", issueDate: "2025-10-22", gross: 1_00 }, LIMITS)).toBe("export");
  });
});

const BUYER = {
  gstin: "29AAGCS5678D1ZY",
  legalName: "Sahyadri Interiors Pvt Ltd",
  stateName: "Karnataka",
  stateCode: "29",
};

describe("an invoice to a registered buyer (decision 096)", () => {
  it("is table 4A whatever its value and place, never 5 or 7; an export stays 6A", () => {
    const b2b = (supply: "intra" | "inter" | "export_lut", gross: number) =>
      returnTable({ supply, issueDate: "2025-10-22", gross, parties: { buyer: BUYER } }, LIMITS);
    expect(b2b("inter", 900_000_00)).toBe("b2b");
    expect(b2b("inter", 1_00)).toBe("b2b");
    expect(b2b("intra", 1_00)).toBe("b2b");
    expect(b2b("export_lut", 1_00)).toBe("export");
    // Invoices issued before issue 44 have no buyer: as before.
    expect(returnTable({ supply: "inter", issueDate: "2025-10-22", gross: 900_000_00, parties: {} }, LIMITS)).toBe(
      "b2cl",
    );
    expect(
      returnTable({ supply: "inter", issueDate: "2025-10-22", gross: 1_00, parties: { buyer: null } }, LIMITS),
    ).toBe("b2cs");
  });

  const heads = (taxable: number, igst: number) => ({ taxable, cgst: 0, sgst: 0, igst, gross: taxable + igst });
  const invoice = {
    id: 1,
    number: "JKH/25-26/000007",
    issueDate: "2025-10-22",
    supply: "inter",
    placeStateCode: "29",
    parties: { buyer: BUYER, placeOfSupply: "Karnataka (29)" },
    ...heads(110_000_00, 8_100_00),
  } as unknown as Invoice;
  const line = (rateBps: number, taxable: number, igst: number) =>
    ({ invoiceId: 1, rateBps, kind: "goods", ...heads(taxable, igst) }) as unknown as InvoiceLine;

  it("is one 4A row per rate, with the buyer's GSTIN and name, the GSTIN's state and every tax head", () => {
    const rows = b2bRows(invoice, [
      line(500, 10_000_00, 500_00),
      line(1200, 100_000_00, 12_000_00),
      line(500, 1_00, 0),
    ]);
    expect(rows).toEqual([
      expect.objectContaining({
        gstin: "29AAGCS5678D1ZY",
        receiver_name: "Sahyadri Interiors Pvt Ltd",
        number: "JKH/25-26/000007",
        date: "2025-10-22",
        value_minor: 118_100_00,
        state_code: "29",
        state_name: "Karnataka",
        rate_bps: 500,
        taxable_minor: 10_001_00,
        igst_minor: 500_00,
        cgst_minor: 0,
      }),
      expect.objectContaining({ rate_bps: 1200, taxable_minor: 100_000_00, igst_minor: 12_000_00 }),
    ]);
  });

  it("puts its credit notes in 9B registered (CDNR), not CDNUR or table 7", () => {
    const note = {
      id: 3,
      number: "JKHC/25-26/00002",
      issueDate: "2025-10-30",
      reason: "Order refunded",
      ...heads(10_000_00, 500_00),
    } as unknown as Note;
    const noteLine = {
      creditNoteId: 3,
      rateBps: 500,
      kind: "goods",
      ...heads(10_000_00, 500_00),
    } as unknown as NoteLine;
    expect(cdnrRows(note, invoice, [noteLine])).toEqual([
      expect.objectContaining({
        gstin: "29AAGCS5678D1ZY",
        receiver_name: "Sahyadri Interiors Pvt Ltd",
        number: "JKHC/25-26/00002",
        invoice_number: "JKH/25-26/000007",
        state_code: "29",
        value_minor: 10_500_00,
        rate_bps: 500,
        igst_minor: 500_00,
      }),
    ]);
    expect(noteRow(note, invoice, "b2b").table).toBe("cdnr");
    expect(noteRow(note, invoice, "b2cl").table).toBe("cdnur");
    expect(noteRow(note, invoice, "b2cs").table).toBe("b2cs");
  });
});

describe("the limits of a month", () => {
  it("are the one of its first day, then any taking effect in it", () => {
    expect(limitsDuring(LIMITS, { from: "2025-10-01", until: "2025-11-01" })).toEqual([100_000_00]);
    expect(limitsDuring(LIMITS, { from: "2024-07-01", until: "2024-08-01" })).toEqual([250_000_00, 100_000_00]);
    expect(limitsDuring(LIMITS, { from: "2017-06-01", until: "2017-07-01" })).toEqual([]);
  });
});
