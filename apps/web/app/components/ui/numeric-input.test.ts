import { describe, expect, it } from "vitest";
import { clamp, parseNumeric, stepValue } from "./numeric-input";

describe("clamp", () => {
  it("keeps values inside min and max", () => {
    expect(clamp(5, { min: 1, max: 10 })).toBe(5);
    expect(clamp(-3, { min: 1, max: 10 })).toBe(1);
    expect(clamp(42, { min: 1, max: 10 })).toBe(10);
  });

  it("does not limit on a missing bound", () => {
    expect(clamp(-1000, { max: 10 })).toBe(-1000);
    expect(clamp(1000, { min: 0 })).toBe(1000);
    expect(clamp(7)).toBe(7);
  });
});

describe("stepValue (arrow keys and wheel)", () => {
  it("steps up and down by the step, 1 by default", () => {
    expect(stepValue(3, 1)).toBe(4);
    expect(stepValue(3, -1)).toBe(2);
    expect(stepValue(10, 1, { step: 5 })).toBe(15);
  });

  it("clamps at min and max", () => {
    expect(stepValue(10, 1, { min: 0, max: 10 })).toBe(10);
    expect(stepValue(0, -1, { min: 0, max: 10 })).toBe(0);
    expect(stepValue(9, 1, { min: 0, max: 10, step: 5 })).toBe(10);
  });

  it("avoids floating-point drift on decimal steps", () => {
    expect(stepValue(0.1, 1, { step: 0.2 })).toBe(0.3);
    expect(stepValue(1.05, -1, { step: 0.05 })).toBe(1);
  });

  it("treats a missing or non-positive step as 1", () => {
    expect(stepValue(1, 1, { step: 0 })).toBe(2);
    expect(stepValue(1, -1, { step: -4 })).toBe(0);
  });
});

describe("parseNumeric (Enter commits typed text)", () => {
  it("parses and clamps typed numbers", () => {
    expect(parseNumeric(" 12 ")).toBe(12);
    expect(parseNumeric("2.5", { min: 0, max: 10 })).toBe(2.5);
    expect(parseNumeric("99", { min: 0, max: 10 })).toBe(10);
    expect(parseNumeric("-4", { min: 0 })).toBe(0);
  });

  it("rejects text that is not a number", () => {
    expect(parseNumeric("")).toBeNull();
    expect(parseNumeric("abc")).toBeNull();
    expect(parseNumeric("Infinity")).toBeNull();
  });
});
