import { describe, expect, it } from "vitest";
import { gstinCheckCharacter, gstinProblem, indianStateByName } from "./gst";

describe("GSTIN", () => {
  it("accepts published GSTINs, their check characters computed from the first 14", () => {
    for (const gstin of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "24AAACC1206D1ZM"]) {
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
      expect(gstinProblem(gstin)).toBeNull();
    }
  });

  it("says what is wrong: the shape, the state code, a typing mistake", () => {
    expect(gstinProblem("27AAPFU0939F1Z")).toMatch(/15 characters/);
    expect(gstinProblem("99AAPFU0939F1ZV")).toBe("99 is not a GST state code.");
    expect(gstinProblem("27AAPFU0939F1ZW")).toMatch(/does not match/);
    expect(gstinProblem("27AAPFV0939F1ZV")).toMatch(/does not match/);
  });
});

describe("Indian states", () => {
  it("are found by any case and the older names", () => {
    expect(indianStateByName("RAJASTHAN")?.code).toBe("08");
    expect(indianStateByName("Orissa")?.name).toBe("Odisha");
    expect(indianStateByName("Greater London")).toBeNull();
  });
});
