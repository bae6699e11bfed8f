import { describe, expect, it } from "vitest";
import { currencyFromCookie, rememberedCurrency } from "./currency";

describe("the currency cookie", () => {
  it("reads the remembered currency among other cookies", () => {
    expect(rememberedCurrency("currency=INR")).toBe("INR");
    expect(rememberedCurrency("a=1; currency=USD; currency_source=manual")).toBe("USD");
    expect(rememberedCurrency("currency_source=manual; currency=INR")).toBe("INR");
  });

  it("knows nothing without a valid currency, and then prices in USD", () => {
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
      expect(currencyFromCookie(header)).toBe("USD");
    }
  });
});
