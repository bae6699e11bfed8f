import { describe, expect, it } from "vitest";
import { rememberedCurrency } from "./currency-choice";

describe("the currency cookie", () => {
  it("reads the remembered currency among other cookies", () => {
    expect(rememberedCurrency("currency=INR")).toBe("INR");
    expect(rememberedCurrency("a=1; currency=USD; currency_source=manual")).toBe("USD");
    expect(rememberedCurrency("currency_source=manual; currency=INR")).toBe("INR");
  });

  it("knows nothing without a valid currency", () => {
    for (const header of [
      null,
      undefined,
      "",
      "a=1",
      "currency=EUR",
      "currency=INRX",
      "mycurrency=INR",
      "currency_source=manual",
    ]) {
      expect(rememberedCurrency(header)).toBeNull();
    }
  });
});
