import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { businessDaysAfter, shortDate } from "./business-days";
import { createDeliveryPromises, UNKNOWN_PIN, type Serviceability } from "./delivery-promise";
import { parsePincodes, PINCODES_FILE } from "./pincodes";

const lookup = parsePincodes(readFileSync(PINCODES_FILE, "utf8"));
const open = () => Promise.resolve(lookup);
/** Wednesday 25 November 2026, 10:00 in Jaipur. */
const WEDNESDAY = new Date("2026-11-25T04:30:00Z");

describe("business days in IST", () => {
  it("skips Sundays and does not count today", () => {
    expect(businessDaysAfter(WEDNESDAY, 1)).toBe("2026-11-26");
    // Thu 26, Fri 27, Sat 28, (Sun 29), Mon 30, Tue 1, Wed 2, Thu 3
    expect(businessDaysAfter(WEDNESDAY, 7)).toBe("2026-12-03");
    expect(businessDaysAfter(WEDNESDAY, 10)).toBe("2026-12-07");
  });

  it("takes the IST day: 20:00 UTC on Saturday is already Sunday in Jaipur", () => {
    const saturdayEveningUtc = new Date("2026-11-28T20:00:00Z"); // Sun 29 Nov, 01:30 IST
    expect(businessDaysAfter(saturdayEveningUtc, 1)).toBe("2026-11-30");
    const saturdayAfternoonUtc = new Date("2026-11-28T12:00:00Z"); // Sat 28 Nov, 17:30 IST
    expect(businessDaysAfter(saturdayAfternoonUtc, 1)).toBe("2026-11-30");
    expect(businessDaysAfter(saturdayAfternoonUtc, 2)).toBe("2026-12-01");
  });

  it("crosses month and year ends, and February in a leap year", () => {
    expect(businessDaysAfter(new Date("2026-12-29T06:00:00Z"), 4)).toBe("2027-01-02"); // Tue 29 Dec -> Sat 2 Jan
    expect(businessDaysAfter(new Date("2026-12-29T06:00:00Z"), 5)).toBe("2027-01-04"); // skips Sun 3 Jan
    expect(businessDaysAfter(new Date("2028-02-26T06:00:00Z"), 2)).toBe("2028-02-29"); // Sat 26 -> (Sun 27) Mon 28, Tue 29
    expect(businessDaysAfter(new Date("2026-03-31T18:29:00Z"), 1)).toBe("2026-04-01"); // 23:59 IST on 31 Mar
    expect(businessDaysAfter(new Date("2026-03-31T18:30:00Z"), 1)).toBe("2026-04-02"); // 00:00 IST on 1 Apr
  });

  it("writes the date as the promise says it", () => {
    expect(shortDate("2026-12-03")).toBe("Thu 3 Dec");
    expect(shortDate("2027-01-04")).toBe("Mon 4 Jan");
  });
});

describe("deliveryPromise", () => {
  const input = { pin: "302022", country: "IN", cod: true, now: WEDNESDAY };

  it("without a courier promises the policy's 7-10 business days with cash on delivery (INR)", async () => {
    const promise = await createDeliveryPromises(open).promise(input);
    expect(promise).toEqual({
      pin: "302022",
      country: "IN",
      city: "Jaipur",
      state: "Rajasthan",
      serviceable: true,
      earliest_date: "2026-12-03",
      latest_date: "2026-12-07",
      cod_available: true,
      source: "policy",
      text: "Deliver to 302022: by Mon 7 Dec, cash on delivery available",
    });
    const usd = await createDeliveryPromises(open).promise({ ...input, cod: false });
    expect(usd).toMatchObject({ cod_available: false, text: "Deliver to 302022: by Mon 7 Dec" });
  });

  it("abroad promises 10-30 business days and never cash on delivery; no PIN code is looked up", async () => {
    const promise = await createDeliveryPromises(open).promise({
      pin: "SW1A 1AA",
      country: "GB",
      cod: true,
      now: WEDNESDAY,
    });
    expect(promise).toMatchObject({
      pin: null,
      city: null,
      earliest_date: businessDaysAfter(WEDNESDAY, 10),
      latest_date: businessDaysAfter(WEDNESDAY, 30),
      cod_available: false,
      source: "policy",
      text: `Deliver to United Kingdom: by ${shortDate(businessDaysAfter(WEDNESDAY, 30))}`,
    });
  });

  it("answers UNKNOWN_PIN for a PIN code India Post does not know", async () => {
    expect(await createDeliveryPromises(open).promise({ ...input, pin: "999999" })).toBe(UNKNOWN_PIN);
  });

  it("uses the courier's days and cash flag, and says so where it cannot deliver", async () => {
    const courier: Serviceability = async (pin) =>
      pin === "302022" ? { days: 7, cod: true } : pin === "400001" ? { days: 3, cod: false } : null;
    const promises = createDeliveryPromises(open, { serviceability: courier });
    expect(await promises.promise(input)).toMatchObject({
      source: "courier",
      latest_date: "2026-12-03",
      text: "Deliver to 302022: by Thu 3 Dec, cash on delivery available",
    });
    expect(await promises.promise({ ...input, pin: "400001" })).toMatchObject({
      cod_available: false,
      text: "Deliver to 400001: by Sat 28 Nov, cash on delivery not available here",
    });
    expect(await promises.promise({ ...input, pin: "110001" })).toMatchObject({
      serviceable: false,
      cod_available: false,
      latest_date: null,
      text: "We cannot deliver to 110001 yet.",
    });
  });

  it("asks the courier once per PIN code while the answer is fresh, racing callers included", async () => {
    const asked: string[] = [];
    const courier: Serviceability = async (pin) => {
      asked.push(pin);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { days: 5, cod: true };
    };
    const promises = createDeliveryPromises(open, { serviceability: courier });
    await Promise.all([promises.promise(input), promises.promise(input), promises.promise(input)]);
    await promises.promise(input);
    await promises.promise({ ...input, pin: "400001" });
    expect(asked).toEqual(["302022", "400001"]);
  });

  it("forgets answers after their time and keeps at most cacheSize PIN codes", async () => {
    const asked: string[] = [];
    const courier: Serviceability = async (pin) => (asked.push(pin), { days: 5, cod: true });
    const short = createDeliveryPromises(open, { serviceability: courier, cacheTtlMs: 30 });
    await short.promise(input);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await short.promise(input);
    expect(asked).toEqual(["302022", "302022"]);

    asked.length = 0;
    const small = createDeliveryPromises(open, { serviceability: courier, cacheSize: 2 });
    for (const pin of ["302022", "400001", "110001", "302022"]) await small.promise({ ...input, pin });
    expect(asked).toEqual(["302022", "400001", "110001", "302022"]);
  });

  it("falls back to the policy when the courier is slow or fails, and does not wait for it again at once", async () => {
    let calls = 0;
    const slow: Serviceability = () => {
      calls++;
      return new Promise((resolve) => setTimeout(() => resolve({ days: 2, cod: false }), 500));
    };
    const promises = createDeliveryPromises(open, { serviceability: slow, timeoutMs: 50, failureTtlMs: 10_000 });
    const started = Date.now();
    expect(await promises.promise(input)).toMatchObject({ source: "policy", cod_available: true });
    expect(Date.now() - started).toBeLessThan(400);
    expect(await promises.promise(input)).toMatchObject({ source: "policy" });
    expect(calls).toBe(1);

    const failing = createDeliveryPromises(open, {
      serviceability: () => Promise.reject(new Error("502 Bad Gateway")),
    });
    expect(await failing.promise(input)).toMatchObject({ source: "policy", serviceable: true });
  });

  it("takes a courier connected later, forgetting the policy's answers", async () => {
    const promises = createDeliveryPromises(open);
    expect(await promises.promise(input)).toMatchObject({ source: "policy" });
    promises.connectCourier(async () => null);
    expect(await promises.promise(input)).toMatchObject({ source: "courier", serviceable: false });
  });
});
