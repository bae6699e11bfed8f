import { describe, expect, it } from "vitest";
import { addressShape, listedState, normalPostcode, placeProblems, postcodeText } from "./address-format";
import { callingCode, phoneProblem } from "./phone-check";
import { createOrderRequestSchema } from "./schemas/create-order";

const fields = (country: string) => {
  const shape = addressShape(country);
  return { fields: shape.fields, required: shape.required, postcode: shape.labels.pin_code };
};

describe("address shapes by country (issue 41, decision 079)", () => {
  it("names the postcode as each country does, and leaves it out where there is none", () => {
    expect(fields("IN")).toEqual({ fields: ["city", "state", "pin_code"], required: [], postcode: "PIN code" });
    expect(fields("US")).toEqual({
      fields: ["city", "state", "pin_code"],
      required: ["city", "state", "pin_code"],
      postcode: "ZIP code",
    });
    expect(fields("GB")).toEqual({
      fields: ["city", "pin_code"],
      required: ["city", "pin_code"],
      postcode: "Postcode",
    });
    expect(fields("DE")).toEqual({
      fields: ["pin_code", "city"],
      required: ["pin_code", "city"],
      postcode: "Postal code",
    });
    expect(fields("AE").fields).toEqual(["state"]);
    expect(addressShape("AE").labels.state).toBe("Emirate");
    expect(addressShape("IE").labels.pin_code).toBe("Eircode");
  });

  it("lists states only where the country has them", () => {
    expect(addressShape("US").states).toContainEqual({ value: "NY", label: "New York" });
    expect(addressShape("CA").states).toContainEqual({ value: "ON", label: "Ontario" });
    expect(addressShape("AU").states).toContainEqual({ value: "NSW", label: "New South Wales" });
    expect(addressShape("IN").states).toContainEqual({ value: "Rajasthan", label: "Rajasthan" });
    expect(addressShape("GB").states).toBeNull();
    expect(listedState("US", "new york")).toBe("NY");
    expect(listedState("US", "ny")).toBe("NY");
    expect(listedState("US", "Narnia")).toBeNull();
    expect(listedState("IN", "new delhi")).toBe("Delhi");
  });

  it("checks postcodes against each country's pattern, with an example in the message", () => {
    const problem = (country: string, pin_code: string, more: Partial<Record<"city" | "state", string>> = {}) =>
      placeProblems(country, { city: "Town", state: "", pin_code, ...more }).map((p) => `${p.path[0]}: ${p.message}`);
    expect(problem("GB", "SW1A 1AA")).toEqual([]);
    expect(problem("GB", "12345")).toEqual(["pin_code: Enter a UK postcode, like EC1Y 8SY."]);
    expect(problem("US", "10001", { state: "NY" })).toEqual([]);
    expect(problem("US", "1000", { state: "NY" })).toEqual(["pin_code: Enter a US ZIP code, like 95014."]);
    expect(problem("US", "10001")).toEqual(["state: Enter the state: addresses in the US need one."]);
    expect(problem("CA", "K1A 0B1", { state: "ON" })).toEqual([]);
    expect(problem("CA", "12345", { state: "Ontario" })).toEqual([
      "pin_code: Enter a postal code of Canada, like H3Z 2Y7.",
    ]);
    expect(problem("AU", "2000", { state: "Texas" })).toEqual([
      "state: Choose the state from the list in Australia, for example Australian Capital Territory.",
    ]);
    expect(problem("DE", "1011")).toEqual(["pin_code: Enter a postal code of Germany, like 26133."]);
    expect(problem("DE", "")).toEqual(["pin_code: Enter the postal code: addresses in Germany need one."]);
    expect(problem("AE", "", { city: "" })).toEqual(["state: Enter the emirate: addresses in the UAE need one."]);
    expect(problem("IN", "30200")).toEqual(["pin_code: Enter a valid 6-digit PIN code."]);
    expect(postcodeText("IE")).toBe("Enter an eircode of Ireland, like A65 F4E2.");
  });

  it("writes postcodes in capitals with their space", () => {
    expect(normalPostcode("GB", " sw1a1aa ")).toBe("SW1A 1AA");
    expect(normalPostcode("CA", "k1a0b1")).toBe("K1A 0B1");
    expect(normalPostcode("US", "10001-1234")).toBe("10001-1234");
  });
});

describe("phone numbers by their country code", () => {
  it("knows each country's calling code", () => {
    expect(callingCode("GB")).toBe("+44");
    expect(callingCode("us")).toBe("+1");
    expect(callingCode("ZZ")).toBe("");
  });

  it("takes a valid number of the code's country, typed with or without its code", () => {
    expect(phoneProblem("+44", "020 7946 0958", "GB")).toBeNull();
    expect(phoneProblem("", "+44 20 7946 0958", "GB")).toBeNull();
    expect(phoneProblem("+91", "98290 41234", "GB")).toBeNull();
    expect(phoneProblem("+1", "(212) 736-5000", "US")).toBeNull();
  });

  it("refuses a number that does not fit, naming the country and showing one of its numbers", () => {
    expect(phoneProblem("+44", "12345", "GB")).toBe("Enter a valid UK phone number (+44), like 07400 123456.");
    expect(phoneProblem("+1", "555 0100", "CA")).toMatch(/^Enter a valid phone number for Canada \(\+1\), like /);
    expect(phoneProblem("+999", "12345678", "GB")).toMatch(/with its country code/);
  });
});

describe("create-order by country", () => {
  const base = {
    amount: 100,
    currency: "USD",
    cart_id: "8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01",
    name: "Sam",
    delivery_address: "1 Main St",
    razorpay: false,
  };
  it("fills the calling code from the country and writes the postcode and state as the country does", () => {
    const parsed = createOrderRequestSchema.parse({
      ...base,
      delivery_country: "GB",
      mobile_number: "020 7946 0958",
      city: "London",
      pin_code: "sw1a1aa",
    });
    expect(parsed).toMatchObject({ country_code: "+44", pin_code: "SW1A 1AA" });
    const us = createOrderRequestSchema.parse({
      ...base,
      delivery_country: "US",
      mobile_number: "212 736 5000",
      city: "New York",
      state: "new york",
      pin_code: "10118",
    });
    expect(us).toMatchObject({ country_code: "+1", state: "NY" });
  });

  it("takes an address without a postcode where the country has none", () => {
    const hongKong = { ...base, delivery_country: "HK", mobile_number: "+852 5123 4567", state: "Kowloon" };
    expect(createOrderRequestSchema.safeParse(hongKong).success).toBe(true);
    expect(createOrderRequestSchema.safeParse({ ...hongKong, mobile_number: "+852 12" }).error?.issues).toMatchObject([
      { path: ["mobile_number"] },
    ]);
  });
});
