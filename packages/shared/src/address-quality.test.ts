import { describe, expect, it } from "vitest";
import { addressProblems, hasHouseNumber, phoneFitsCourier } from "./address-quality";

const address = {
  delivery_country: "IN",
  delivery_address: "Flat 4B, Shanti Niketan, Malviya Nagar",
  country_code: "+91",
  mobile_number: "9829012345",
  payment_method: "cod",
  cod_served: true,
};

describe("address quality rules", () => {
  it("finds a house, flat or plot number, not a PIN code or a phone", () => {
    for (const street of ["Flat 4B, Shanti Niketan", "B-12 Vaishali Nagar", "12/3 MI Road", "H.No. 7, Sodala"])
      expect(hasHouseNumber(street), street).toBe(true);
    for (const street of [
      "Near the water tank, Malviya Nagar",
      "Shanti Niketan, Jaipur 302017",
      "Behind temple, call 98290 12345",
      "Opp. bus stand +91 9829012345",
    ])
      expect(hasHouseNumber(street), street).toBe(false);
  });

  it("takes an Indian mobile, not a landline or a short number; a foreign number passes on its own plan", () => {
    expect(phoneFitsCourier("+91", "9829012345")).toBe(true);
    expect(phoneFitsCourier("+91", "+91 98290 12345")).toBe(true);
    expect(phoneFitsCourier("+91", "0141 2701234")).toBe(false);
    expect(phoneFitsCourier("+91", "12345")).toBe(false);
    expect(phoneFitsCourier("+44", "7400 123456")).toBe(true);
  });

  it("lists each problem; COD unserved only for a COD order the courier answered for; none abroad", () => {
    expect(addressProblems(address)).toEqual([]);
    expect(
      addressProblems({
        ...address,
        delivery_address: "Near the temple",
        mobile_number: "0141 2701234",
        cod_served: false,
      }),
    ).toEqual(["no_house_number", "cod_not_served", "phone_format"]);
    expect(addressProblems({ ...address, payment_method: "card", cod_served: false })).toEqual([]);
    expect(addressProblems({ ...address, cod_served: null })).toEqual([]);
    expect(addressProblems({ ...address, delivery_country: "GB", delivery_address: "Rose Cottage" })).toEqual([]);
  });
});
