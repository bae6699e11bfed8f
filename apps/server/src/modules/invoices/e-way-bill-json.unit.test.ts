import { describe, expect, it } from "vitest";
import { addressLines, eWayBillJson } from "./e-way-bill-json";
import type { InvoiceDocument } from "./read";

const amounts = (taxable: number, half: number) => ({
  taxable,
  cgst: half,
  sgst: half,
  igst: 0,
  gross: taxable + 2 * half,
});

/** An intra-state invoice: 10 quilts at 5% and the delivery charge, 2 quilts credited since (cancelled pieces). */
function invoice(): InvoiceDocument {
  const quilts = {
    id: 11,
    kind: "goods" as const,
    hsn: "6304",
    quantity: 10,
    rateBps: 500,
    ...amounts(5_714_290, 142_855),
  };
  const delivery = {
    id: 12,
    kind: "shipping" as const,
    hsn: "996812",
    quantity: 1,
    rateBps: 500,
    ...amounts(3_714, 93),
  };
  const line = (l: typeof quilts | typeof delivery, position: number) => ({
    ...l,
    invoiceId: 1,
    position,
    orderLineId: l.kind === "goods" ? 7 : null,
    description: l.kind === "goods" ? "Kantha Quilt (size M)" : "Delivery",
    rounding: 0,
  });
  return {
    id: 1,
    orderId: 7,
    replacesInvoiceId: null,
    number: "JKH/26-27/000042",
    series: "invoice",
    financialYear: "26-27",
    seq: 42,
    issuedAt: new Date("2026-12-03T05:00:00Z"),
    issueDate: "2026-12-03",
    supply: "intra",
    placeStateCode: "08",
    parties: {
      supplier: {
        legalName: "Jaipur Kala House Handicrafts",
        address: "Plot 14, Sanganer Industrial Area, Sitapura, Jaipur 302022",
        gstin: "08ABCDE1234F1Z5",
        stateName: "Rajasthan",
        stateCode: "08",
      },
      recipient: {
        name: "Asha",
        address: "1 MI Road",
        city: "Jaipur",
        state: "Rajasthan",
        pinCode: "302001",
        country: "India",
      },
      placeOfSupply: "Rajasthan (08)",
      lutReference: null,
    },
    currency: "INR",
    rateMilli: 84_000,
    rateNotification: null,
    orderTotal: 6_003_804,
    isTest: false,
    downloadToken: "token",
    ...amounts(5_718_004, 142_948),
    lines: [line(quilts, 0), line(delivery, 1)],
    creditNotes: [
      {
        id: 3,
        invoiceId: 1,
        number: "JKHC/26-27/00003",
        series: "credit",
        financialYear: "26-27",
        seq: 3,
        issuedAt: new Date("2026-12-03T06:00:00Z"),
        issueDate: "2026-12-03",
        reason: "Pieces cancelled",
        ...amounts(1_142_858, 28_571),
        lines: [{ id: 5, creditNoteId: 3, invoiceLineId: 11, quantity: 2, ...amounts(1_142_858, 28_571) }],
      },
    ],
  };
}

const to = { name: "Asha Meena", address: "1 MI Road", city: "Jaipur", pinCode: "302001", stateCode: "08" };
const from = { pincode: "302022", place: "Jaipur", stateCode: "08" };

describe("eWayBillJson", () => {
  it("declares what leaves: the goods less the pieces credited, their tax by head, the delivery as other value", () => {
    const { version, billLists } = eWayBillJson(invoice(), to, from, null);
    expect(version).toBe("1.0.0621");
    const [bill] = billLists;
    expect(bill).toMatchObject({
      docNo: "JKH/26-27/000042",
      docDate: "03/12/2026",
      fromStateCode: 8,
      toStateCode: 8,
      actualToStateCode: 8,
      toPincode: 302001,
      fromPincode: 302022,
      totalValue: 45_714.32,
      cgstValue: 1_142.84,
      sgstValue: 1_142.84,
      igstValue: 0,
      OthValue: 39,
      totInvValue: 48_039,
      mainHsnCode: 6304,
      transporterName: "",
      itemList: [
        {
          itemNo: 1,
          hsnCode: 6304,
          quantity: 8,
          qtyUnit: "PCS",
          taxableAmount: 45_714.32,
          cgstRate: 2.5,
          sgstRate: 2.5,
          igstRate: 0,
        },
      ],
    });
    // The figures add up as the portal checks them.
    expect(bill!.totalValue + bill!.cgstValue + bill!.sgstValue + bill!.igstValue + bill!.OthValue).toBeCloseTo(
      bill!.totInvValue,
      2,
    );
  });

  it("names the courier as transporter once known, and an inter-state invoice's tax as IGST", () => {
    const inter = { ...invoice(), supply: "inter" as const, placeStateCode: "27" };
    const [bill] = eWayBillJson(inter, { ...to, stateCode: "27" }, from, "Delhivery Surface").billLists;
    expect(bill).toMatchObject({ transporterName: "Delhivery Surface", toStateCode: 27 });
    expect(bill!.itemList[0]).toMatchObject({ igstRate: 5, cgstRate: 0, sgstRate: 0 });
  });
  it("names a registered buyer by its GSTIN, and bill to, ship to when the goods go to another state", () => {
    const b2b = { ...invoice(), supply: "inter" as const, placeStateCode: "29" };
    b2b.parties = {
      ...b2b.parties,
      placeOfSupply: "Karnataka (29)",
      buyer: {
        gstin: "29AAGCS5678D1ZY",
        legalName: "Sahyadri Interiors Pvt Ltd",
        stateName: "Karnataka",
        stateCode: "29",
      },
    };
    const [bill] = eWayBillJson(b2b, { ...to, stateCode: "27" }, from, null).billLists;
    expect(bill).toMatchObject({
      toGstin: "29AAGCS5678D1ZY",
      toTrdName: "Sahyadri Interiors Pvt Ltd",
      transType: 2,
      toStateCode: 29,
      actualToStateCode: 27,
    });
    const [same] = eWayBillJson(b2b, { ...to, stateCode: "29" }, from, null).billLists;
    expect(same).toMatchObject({ toGstin: "29AAGCS5678D1ZY", transType: 1 });
    const [retail] = eWayBillJson(invoice(), to, from, null).billLists;
    expect(retail).toMatchObject({ toGstin: "URP", toTrdName: "Asha Meena", transType: 1 });
  });
});

describe("addressLines", () => {
  it("breaks an address between words into the portal's two lines of 120 characters", () => {
    const long = `${"Flat 12, Building ".repeat(8)}Jaipur`;
    const [first, second] = addressLines(long);
    expect(first.length).toBeLessThanOrEqual(120);
    expect(`${first} ${second}`).toBe(long.replace(/\s+/g, " "));
    expect(first.endsWith(" ")).toBe(false);
    expect(addressLines("  4 Marine\nDrive  ")).toEqual(["4 Marine Drive", ""]);
  });
});
