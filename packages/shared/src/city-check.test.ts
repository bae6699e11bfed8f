import { describe, expect, it } from "vitest";
import { cityFitsPlace, cityQuestionText } from "./city-check";

const gurugram = {
  pin: "122001",
  city: "Gurugram",
  district: "Gurugram",
  state: "Haryana",
  places: ["Gurgaon", "Arjun Nagar", "New Colony Gurgaon"],
};
const sitapura = {
  pin: "302022",
  city: "Jaipur",
  district: "Jaipur",
  state: "Rajasthan",
  places: ["Bilwa", "Goner", "Sitapura Industrial Area"],
};
const newDelhi = {
  pin: "110001",
  city: "New Delhi",
  district: "New Delhi",
  state: "Delhi",
  places: ["Connaught Place", "Janpath"],
};
const southDelhi = { pin: "110016", city: "Delhi", district: "South", state: "Delhi", places: ["Hauz Khas"] };

describe("cityFitsPlace", () => {
  it("accepts the town, the district and the places of the PIN code, in any case and spacing", () => {
    expect(cityFitsPlace("Gurugram", gurugram)).toBe(true);
    expect(cityFitsPlace("  jaipur ", sitapura)).toBe(true);
    expect(cityFitsPlace("Sitapura", sitapura)).toBe(true);
    expect(cityFitsPlace("Goner", sitapura)).toBe(true);
    expect(cityFitsPlace("Connaught Place", newDelhi)).toBe(true);
    expect(cityFitsPlace("Arjun-Nagar", gurugram)).toBe(true);
  });

  it("accepts a city that names the town with more words, and either name of a renamed city", () => {
    expect(cityFitsPlace("Jaipur City", sitapura)).toBe(true);
    expect(cityFitsPlace("New Delhi", southDelhi)).toBe(true);
    expect(cityFitsPlace("Delhi", newDelhi)).toBe(true);
    expect(cityFitsPlace("Gurgaon", { ...gurugram, places: [] })).toBe(true);
    expect(cityFitsPlace("Bangalore", { city: "Bengaluru", district: "Bengaluru Urban", places: [] })).toBe(true);
  });

  it("questions a city of another place (the issue's 122001 with Mumbai), and never matches on a scrap of a word", () => {
    expect(cityFitsPlace("Mumbai", gurugram)).toBe(false);
    expect(cityFitsPlace("Jai", sitapura)).toBe(false);
    expect(cityFitsPlace("Ar", gurugram)).toBe(false);
    expect(cityFitsPlace("Pur", sitapura)).toBe(false);
  });

  it("lets an empty city through: the server fills it from the PIN code", () => {
    expect(cityFitsPlace("", gurugram)).toBe(true);
  });
});

it("asks the question with the PIN code's town and state, keeping the typed city's words", () => {
  expect(cityQuestionText(" Mumbai ", gurugram)).toBe(
    'PIN code 122001 is in Gurugram, Haryana: use Gurugram as the city, or confirm "Mumbai".',
  );
});
