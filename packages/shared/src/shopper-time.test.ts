import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shopperDateText, shopperTimeText } from "./shopper-time";

describe("shopperTimeText: a moment in the order's zone, the zone named", () => {
  const winter = "2026-12-08T15:05:00Z";
  it("names the zone as the delivery country says it, summer time included", () => {
    expect(shopperTimeText(winter, "Europe/London", "GB")).toBe("Tue 8 Dec, 3:05 pm GMT");
    expect(shopperTimeText("2027-07-06T15:05:00Z", "Europe/London", "GB")).toBe("Tue 6 Jul, 4:05 pm BST");
    expect(shopperTimeText(winter, "America/New_York", "US")).toBe("Tue 8 Dec, 10:05 am EST");
    expect(shopperTimeText(winter, "Asia/Kolkata", "IN")).toBe("Tue 8 Dec, 8:35 pm IST");
    expect(shopperTimeText(winter, "Australia/Sydney", "AU")).toBe("Wed 9 Dec, 2:05 am AEDT");
  });

  it("says midnight's hour as 12, and the offset where no short name is known", () => {
    expect(shopperTimeText(winter, "Asia/Tokyo", "JP")).toMatch(/^Wed 9 Dec, 12:05 am (GMT\+9|JST)$/);
  });

  it("falls back to India's clock for a zone this runtime does not know, and shows text that is no date as is", () => {
    expect(shopperTimeText(new Date(winter), "Mars/Olympus_Mons", "IN")).toBe("Tue 8 Dec, 8:35 pm IST");
    expect(shopperTimeText("soon", "Europe/London", "GB")).toBe("soon");
  });

  it("shopperDateText: the day in the order's zone (late evening in New York is the next day in India)", () => {
    expect(shopperDateText("2026-12-09T02:00:00Z", "America/New_York")).toBe("8 December 2026");
    expect(shopperDateText("2026-12-09T02:00:00Z", "Asia/Kolkata")).toBe("9 December 2026");
  });

  it("shopperDateText: India's day, counted without Intl, is the day Intl says, at its edges too", () => {
    expect(shopperDateText("2026-12-08T18:29:59.999Z", "Asia/Kolkata")).toBe("8 December 2026");
    expect(shopperDateText("2026-12-08T18:30:00Z", "Asia/Kolkata")).toBe("9 December 2026");
    const intl = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Asia/Kolkata",
    });
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }),
        (date) => {
          expect(shopperDateText(date, "Asia/Kolkata")).toBe(intl.format(date));
        },
      ),
    );
  });
});
