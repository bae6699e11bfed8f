import { describe, expect, it } from "vitest";
import { hasSessionHint } from "./session-hint";

describe("session hint", () => {
  it("is read from a Cookie header among other cookies", () => {
    expect(hasSessionHint("currency=INR; signed_in=1; currency_source=detected")).toBe(true);
    expect(hasSessionHint("signed_in=1")).toBe(true);
  });

  it("is absent without the cookie, with another value or under a longer name", () => {
    for (const header of [null, undefined, "", "currency=INR", "signed_in=", "signed_in=0", "not_signed_in=1"])
      expect(hasSessionHint(header), String(header)).toBe(false);
  });
});
