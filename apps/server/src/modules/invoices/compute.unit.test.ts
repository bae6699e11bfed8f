import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  creditPieces,
  creditRemainder,
  invoiceLines,
  rateForLine,
  split,
  sum,
  toInr,
  type CreditableLine,
  type InvoiceLineInput,
  type OrderAmounts,
  type SupplyKind,
} from "./compute";
import { financialYear, formatNumber } from "./numbers";

const APPAREL = { rateBps: 500, thresholdMinor: 250_000, rateAboveBps: 1800 };
const FLAT_5 = { rateBps: 500, thresholdMinor: null, rateAboveBps: null };
const FLAT_18 = { rateBps: 1800, thresholdMinor: null, rateAboveBps: null };

const supplyArb = fc.constantFrom<SupplyKind>("intra", "inter", "export_lut", "export_igst");
const rateArb = fc.oneof(
  fc.record({
    rateBps: fc.constantFrom(0, 250, 500, 1200, 1800, 2800),
    thresholdMinor: fc.constant(null),
    rateAboveBps: fc.constant(null),
  }),
  fc.record({
    rateBps: fc.constantFrom(500, 1200),
    thresholdMinor: fc.integer({ min: 0, max: 1_000_000 }),
    rateAboveBps: fc.constantFrom(1200, 1800),
  }),
);

/** Any order the checkout can make: INR (cash on delivery's fee, the wallet's rounding) or USD at its rate. */
const orderArb = fc
  .record({
    currency: fc.constantFrom<"INR" | "USD">("INR", "USD"),
    rateMilli: fc.integer({ min: 20_000, max: 120_000 }),
    lines: fc.array(
      fc.record({
        unitPrice: fc.integer({ min: 0, max: 2_000_000 }),
        quantity: fc.integer({ min: 1, max: 9 }),
        rate: rateArb,
      }),
      { minLength: 1, maxLength: 8 },
    ),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    shipping: fc.constantFrom(0, 3900),
    rounding: fc.integer({ min: 0, max: 900 }),
    supply: supplyArb,
  })
  .map(({ currency, rateMilli, lines, discountShare, shipping, rounding, supply }) => {
    const goods: InvoiceLineInput[] = lines.map((l, i) => ({
      orderLineId: i + 1,
      description: `line ${i + 1}`,
      hsn: "6204",
      ...l,
    }));
    const subtotal = goods.reduce((t, l) => t + l.unitPrice * l.quantity, 0);
    const discount = Math.floor(subtotal * discountShare);
    const extra = currency === "INR" ? { shipping, rounding } : { shipping: 0, rounding: 0 };
    const order: OrderAmounts = {
      currency,
      rateMilli,
      discount,
      ...extra,
      total: subtotal - discount + extra.shipping + extra.rounding,
      ...STANDARD_COD,
    };
    return { order, goods, supply };
  });

/** The spec's standard shipping, paid in cash: the delivery line holds cash on delivery's fee. */
const STANDARD_COD = { shippingMethod: "india-standard", paymentMethod: "cod" };

describe("invoice lines", () => {
  it("add up to the amount paid to the paisa, every line adding up, CGST equal to SGST, the heads the supply calls for", () => {
    fc.assert(
      fc.property(orderArb, ({ order, goods, supply }) => {
        const lines = invoiceLines(order, goods, supply);
        expect(sum(lines).gross).toBe(toInr(order.total, order));
        // The wallet's rounding is in the goods' value, taxed with them: no line of its own.
        expect(lines.map((l) => l.kind)).not.toContain("rounding");
        if (order.currency === "INR") expect(lines.reduce((t, l) => t + l.rounding, 0)).toBe(order.rounding);
        for (const l of lines) {
          expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.gross);
          expect(l.cgst).toBe(l.sgst);
          expect(l.taxable).toBeGreaterThanOrEqual(0);
          if (supply !== "intra") expect(l.cgst).toBe(0);
          if (supply !== "inter" && supply !== "export_igst") expect(l.igst).toBe(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("share out the discount and derive tax from tax-inclusive prices, per line", () => {
    const order: OrderAmounts = {
      currency: "INR",
      rateMilli: 33_600,
      discount: 100_00,
      shipping: 39_00,
      rounding: 0,
      total: 0,
      ...STANDARD_COD,
    };
    const goods: InvoiceLineInput[] = [
      { orderLineId: 1, description: "Kurta (size M)", hsn: "6204", quantity: 2, unitPrice: 1_049_00, rate: APPAREL },
      {
        orderLineId: 2,
        description: "Jute rug (size 4x6)",
        hsn: "5702",
        quantity: 1,
        unitPrice: 3_199_00,
        rate: FLAT_5,
      },
    ];
    order.total = 2 * 1_049_00 + 3_199_00 - 100_00 + 39_00;
    const [kurta, rug, delivery] = invoiceLines(order, goods, "intra");
    // The discount splits 2098 : 3199 -> 39.61 and 60.39 rupees.
    expect(kurta!.gross + rug!.gross).toBe(5_197_00);
    expect(kurta).toMatchObject({ gross: 2_058_39, rateBps: 500, cgst: 49_01, sgst: 49_01, taxable: 1_960_37 });
    expect(rug).toMatchObject({ gross: 3_138_61, rateBps: 500, cgst: 74_73, sgst: 74_73 });
    // Delivery carries the highest rate of the goods it carries.
    expect(delivery).toMatchObject({ kind: "shipping", hsn: "996812", gross: 39_00, rateBps: 500 });
    expect(delivery!.description).toBe("Delivery (Standard delivery, cash on delivery)");
  });

  it("tax an express delivery charge as part of the goods it carries, named by its method", () => {
    // An 18% leather bag and a 5% tote, sent express and paid by card.
    const goods: InvoiceLineInput[] = [
      { orderLineId: 1, description: "Leather bag", hsn: "4202", quantity: 1, unitPrice: 2_499_00, rate: FLAT_18 },
      { orderLineId: 2, description: "Tote", hsn: "4202", quantity: 1, unitPrice: 499_00, rate: FLAT_5 },
    ];
    const order: OrderAmounts = {
      currency: "INR",
      rateMilli: 33_600,
      discount: 0,
      shipping: 99_00,
      rounding: 0,
      total: 2_499_00 + 499_00 + 99_00,
      shippingMethod: "india-express",
      paymentMethod: "razorpay",
    };
    const lines = invoiceLines(order, goods, "inter");
    const delivery = lines.find((l) => l.kind === "shipping");
    expect(delivery).toMatchObject({
      description: "Delivery (Express delivery)",
      hsn: "996812",
      gross: 99_00,
      rateBps: Math.max(...lines.filter((l) => l.kind === "goods").map((l) => l.rateBps)),
    });
    expect(delivery!.rateBps).toBe(1800);
    expect(delivery!.igst).toBeGreaterThan(0);
    expect(sum(lines).gross).toBe(order.total);
  });

  it("carry the wallet's end-in-9 rounding in the goods' value, shared by largest remainder and taxed at each line's rate", () => {
    // ₹1,000 + ₹500 of goods paid by the wallet as ₹1,509: the ₹9 is shared 2 : 1.
    const order: OrderAmounts = {
      currency: "INR",
      rateMilli: 33_600,
      discount: 0,
      shipping: 0,
      rounding: 9_00,
      total: 1_509_00,
      shippingMethod: "india-standard",
      paymentMethod: "paypal",
    };
    const goods: InvoiceLineInput[] = [
      { orderLineId: 1, description: "Kurta", hsn: "6204", quantity: 1, unitPrice: 1_000_00, rate: APPAREL },
      { orderLineId: 2, description: "Tote", hsn: "420222", quantity: 1, unitPrice: 500_00, rate: FLAT_18 },
    ];
    const [kurta, tote, ...rest] = invoiceLines(order, goods, "inter");
    expect(rest).toEqual([]);
    // 1,006.00 at 5%: IGST 1006 x 5 / 105 = 47.90; 503.00 at 18%: 503 x 18 / 118 = 76.73.
    expect(kurta).toMatchObject({ gross: 1_006_00, rounding: 6_00, rateBps: 500, igst: 47_90, taxable: 958_10 });
    expect(tote).toMatchObject({ gross: 503_00, rounding: 3_00, rateBps: 1800, igst: 76_73, taxable: 426_27 });
  });

  it("apply the apparel rate by the per-piece value: 5% up to a taxable Rs 2,500 a piece, 18% above", () => {
    expect(rateForLine(APPAREL, 2_625_00, 1)).toBe(500);
    expect(rateForLine(APPAREL, 2_625_01, 1)).toBe(1800);
    expect(rateForLine(APPAREL, 5_250_00, 2)).toBe(500);
    expect(split(2_625_00, 500, "inter")).toEqual({
      gross: 2_625_00,
      taxable: 2_500_00,
      cgst: 0,
      sgst: 0,
      igst: 125_00,
    });
  });

  it("convert a USD order once at its rate and share the rupees over its lines", () => {
    const order: OrderAmounts = {
      currency: "USD",
      rateMilli: 33_600,
      discount: 0,
      shipping: 0,
      rounding: 0,
      total: 120_00,
      shippingMethod: "india-standard",
      paymentMethod: "razorpay",
    };
    const goods: InvoiceLineInput[] = [
      { orderLineId: 1, description: "Dress", hsn: "6204", quantity: 1, unitPrice: 45_00, rate: APPAREL },
      { orderLineId: 2, description: "Runner", hsn: "6302", quantity: 1, unitPrice: 75_00, rate: APPAREL },
    ];
    const lines = invoiceLines(order, goods, "export_lut");
    expect(lines.map((l) => l.gross)).toEqual([1_512_00, 2_520_00]);
    expect(lines.every((l) => l.taxable === l.gross && l.igst === 0)).toBe(true);
  });

  it("refuses an order whose lines do not add up to its total", () => {
    const order: OrderAmounts = {
      currency: "INR",
      rateMilli: 33_600,
      discount: 0,
      shipping: 0,
      rounding: 0,
      total: 1,
      ...STANDARD_COD,
    };
    expect(() =>
      invoiceLines(
        order,
        [{ orderLineId: 1, description: "x", hsn: "6204", quantity: 1, unitPrice: 2, rate: FLAT_5 }],
        "intra",
      ),
    ).toThrow();
  });

  it("a free order (price 0, or a 100% promo) is invoiced at zero, still adding up", () => {
    const order: OrderAmounts = {
      currency: "INR",
      rateMilli: 33_600,
      discount: 500_00,
      shipping: 0,
      rounding: 0,
      total: 0,
      ...STANDARD_COD,
    };
    const lines = invoiceLines(
      order,
      [{ orderLineId: 1, description: "x", hsn: "6204", quantity: 1, unitPrice: 500_00, rate: FLAT_5 }],
      "intra",
    );
    expect(lines).toHaveLength(1);
    expect(sum(lines)).toEqual({ gross: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 });
  });
});

describe("credit notes", () => {
  it("credited piece by piece and then in full, take back exactly what each line was invoiced", () => {
    fc.assert(
      fc.property(
        orderArb,
        fc.array(fc.tuple(fc.nat(7), fc.integer({ min: 1, max: 4 })), { maxLength: 6 }),
        ({ order, goods, supply }, cancellations) => {
          const lines = invoiceLines(order, goods, supply).map((l, i) => ({ ...l, id: i + 1 }));
          const credited = new Map(
            lines.map((l) => [l.id, { gross: 0, quantity: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 }]),
          );
          const creditable = (): CreditableLine[] =>
            lines.map((l) => ({
              invoiceLineId: l.id,
              quantity: l.quantity,
              gross: l.gross,
              rounding: l.rounding,
              rateBps: l.rateBps,
              creditedGross: credited.get(l.id)!.gross,
              creditedQuantity: credited.get(l.id)!.quantity,
            }));
          const record = (notes: ReturnType<typeof creditRemainder>) => {
            for (const n of notes) {
              expect(n.taxable + n.cgst + n.sgst + n.igst).toBe(n.gross);
              expect(n.cgst).toBe(n.sgst);
              const c = credited.get(n.invoiceLineId)!;
              for (const k of ["gross", "quantity", "taxable", "cgst", "sgst", "igst"] as const) c[k] += n[k];
            }
          };
          for (const [index, count] of cancellations) {
            const goodsLine = lines.filter((l) => l.kind === "goods")[index % goods.length]!;
            record(creditPieces(creditable(), new Map([[goodsLine.id, count]]), supply));
            // Pieces take back their value, never the line's share of the rounding (it is not refunded with them).
            expect(credited.get(goodsLine.id)!.gross).toBeLessThanOrEqual(goodsLine.gross - goodsLine.rounding);
          }
          const left = creditable().reduce((t, l) => t + l.gross - l.creditedGross, 0);
          record(creditRemainder(creditable(), left, supply));
          for (const l of lines) {
            const c = credited.get(l.id)!;
            expect({ gross: c.gross, taxable: c.taxable, cgst: c.cgst, sgst: c.sgst, igst: c.igst }).toEqual({
              gross: l.gross,
              taxable: l.taxable,
              cgst: l.cgst,
              sgst: l.sgst,
              igst: l.igst,
            });
            // A line of no value has nothing to credit, so no credit note names its pieces.
            if (l.kind === "goods" && l.gross > 0) expect(c.quantity).toBe(l.quantity);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a fee kept back leaves that much of the order uncredited", () => {
    const lines: CreditableLine[] = [
      {
        invoiceLineId: 1,
        quantity: 1,
        gross: 1_000_00,
        rounding: 0,
        rateBps: 500,
        creditedGross: 0,
        creditedQuantity: 0,
      },
      { invoiceLineId: 2, quantity: 1, gross: 39_00, rounding: 0, rateBps: 500, creditedGross: 0, creditedQuantity: 0 },
    ];
    const notes = creditRemainder(lines, 1_039_00 - 100_00, "inter");
    expect(sum(notes).gross).toBe(939_00);
    expect(notes.map((n) => n.quantity)).toEqual([0, 0]);
  });
});

describe("allocate", () => {
  it("shares out exactly, each share within a unit of its exact proportion", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 10 }),
        (total, weights) => {
          const shares = allocate(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          const all = weights.reduce((a, b) => a + b, 0);
          if (all > 0)
            shares.forEach((s, i) => expect(Math.abs(s - (total * weights[i]!) / all)).toBeLessThan(1.000001));
        },
      ),
    );
  });
});

describe("numbers", () => {
  it("belong to the financial year April to March, as the seller's day", () => {
    expect(financialYear("2026-03-31")).toBe("25-26");
    expect(financialYear("2026-04-01")).toBe("26-27");
    expect(financialYear("2099-12-31")).toBe("99-00");
  });

  it("are 16 characters: invoices, credit notes and test orders' own series", () => {
    expect(formatNumber("JKH", "invoice", false, "26-27", 123)).toBe("JKH/26-27/000123");
    expect(formatNumber("JKH", "credit", false, "26-27", 12)).toBe("JKHC/26-27/00012");
    expect(formatNumber("J", "invoice", false, "26-27", 1)).toBe("J/26-27/00000001");
    expect(formatNumber("JKH", "invoice", true, "26-27", 7)).toBe("TST/26-27/000007");
  });
});
