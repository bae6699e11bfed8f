import { describe, expect, it } from "vitest";
import { internationalPhone } from "./phone";
import { LOOKUP_CONTACT_TEXT, orderLookupRequestSchema } from "./schemas/order-tracking";

describe("internationalPhone", () => {
  it("reads a number written with its country code, ignoring spaces, dashes, dots and brackets", () => {
    for (const typed of [
      "+91 98290 12345",
      "+919829012345",
      "+91-98290-12345",
      "0091 98290 12345",
      "+91 (98290) 12345",
      "+91.98290.12345",
      " +91 98290 12345 ",
    ])
      expect(internationalPhone(typed), typed).toBe("919829012345");
    expect(internationalPhone("+44 20 7946 0958")).toBe("442079460958");
    expect(internationalPhone("+1 (415) 555-0132")).toBe("14155550132");
  });

  it("refuses a number without its country code, a country code of 0, letters, and more than E.164's 15 digits", () => {
    for (const typed of [
      "98290 12345",
      "09829012345",
      "919829012345",
      "+0 98290 12345",
      "+91 98290 1234x",
      "+91 ext 12345",
      "+1234567890123456",
      "+12345",
      "",
      "++919829012345",
    ])
      expect(internationalPhone(typed), typed).toBeNull();
  });
});

describe("the order lookup's contact", () => {
  const contact = (value: string) => orderLookupRequestSchema.safeParse({ order_number: "1024", contact: value });
  it("is an e-mail in lower case, or a phone's international digits", () => {
    expect(contact("Meera@Example.IN").data?.contact).toEqual({ email: "meera@example.in" });
    expect(contact("+91 98290 12345").data?.contact).toEqual({ phone: "919829012345" });
  });
  it("refuses anything else, saying how to write it", () => {
    for (const value of ["98290 12345", "meera@", "meera at example.in"]) {
      const parsed = contact(value);
      expect(parsed.success, value).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(LOOKUP_CONTACT_TEXT);
    }
  });
});
