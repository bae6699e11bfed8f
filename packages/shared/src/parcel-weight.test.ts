import { describe, expect, it } from "vitest";
import { parcelWeight, VOLUMETRIC_DIVISOR_CM3_PER_KG } from "./parcel-weight";

const soft = (grams: number, quantity = 1) => ({ grams, packageCm: null, quantity });

describe("parcelWeight (decision 080)", () => {
  it("charges a light soft piece one half-kilo step, in the mailer the courier is told", () => {
    const w = parcelWeight([soft(300)]);
    expect(w).toMatchObject({ actualGrams: 300, chargeableGrams: 500, steps: 1 });
    expect(w.box).toEqual({ length: 30, breadth: 25, height: 3 });
  });

  it("rounds the actual weight up to the next half kilo", () => {
    expect(parcelWeight([soft(500, 2)]).chargeableGrams).toBe(1000);
    expect(parcelWeight([soft(501, 2)]).chargeableGrams).toBe(1500);
  });

  it("charges the volumetric weight (L x W x H / 5000) when it is the larger", () => {
    const pouf = { grams: 2500, packageCm: { length: 45, width: 45, height: 35 }, quantity: 1 };
    const w = parcelWeight([pouf]);
    expect(VOLUMETRIC_DIVISOR_CM3_PER_KG).toBe(5000);
    expect(w.volumetricGrams).toBe(Math.ceil(((45 * 45 * 35) / 5000) * 1000)); // 14.175 kg
    expect(w.chargeableGrams).toBe(14500);
    expect(w.box).toEqual({ length: 45, breadth: 45, height: 35 });
  });

  it("stacks packages and folds soft pieces on top", () => {
    const lamp = { grams: 1000, packageCm: { length: 20, width: 20, height: 40 }, quantity: 2 };
    const w = parcelWeight([lamp, soft(400, 2)]);
    expect(w.box).toEqual({ length: 30, breadth: 25, height: 86 });
    expect(w.actualGrams).toBe(2800);
    expect(w.chargeableGrams).toBe(13000); // 30 x 25 x 86 / 5000 = 12.9 kg
  });
});
