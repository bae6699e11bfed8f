import { describe, expect, it } from "vitest";
import { customsHoldAdvice, customsNote } from "./customs-steps";

describe("the customs note of an order abroad (decision 086)", () => {
  it("says duties collected with the order leave nothing to pay at the door", () => {
    expect(
      customsNote({ country: "US", shippingMethod: "international-express", currency: "USD", duties: 12 }),
    ).toEqual({
      country: "the United States",
      carrier: "DHL Express",
      duties_paid: true,
      note: "Import duties and taxes ($12) were paid with your order: nothing more to pay at the door.",
    });
  });

  it("says the carrier charges them at delivery otherwise, without a figure the order does not keep", () => {
    const note = customsNote({ country: "GB", shippingMethod: "international-standard", currency: "USD", duties: 0 });
    expect(note).toMatchObject({ duties_paid: false, country: "the United Kingdom" });
    expect(note!.note).toBe(
      "Import duties and taxes for the United Kingdom, if any are due, are charged by DHL Express at delivery, not by us.",
    );
  });

  it("says nothing within India", () => {
    expect(customsNote({ country: "IN", shippingMethod: "india-standard", currency: "INR", duties: 0 })).toBeNull();
  });

  it("asks for duties at a hold only when they were not paid with the order", () => {
    expect(customsHoldAdvice("DHL Express", true)).not.toMatch(/duties/);
    expect(customsHoldAdvice("DHL Express", false)).toMatch(/payment of the duties and taxes/);
  });
});
