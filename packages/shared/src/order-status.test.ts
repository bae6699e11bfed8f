import { describe, expect, it } from "vitest";
import { canTransition, ORDER_STATUSES, ORDER_TRANSITIONS } from "./order-status";

describe("order state machine", () => {
  it("follows pending_payment -> paid | cod_confirmed -> shipped -> delivered", () => {
    expect(canTransition("pending_payment", "paid")).toBe(true);
    expect(canTransition("pending_payment", "cod_confirmed")).toBe(true);
    expect(canTransition("paid", "shipped")).toBe(true);
    expect(canTransition("cod_confirmed", "shipped")).toBe(true);
    expect(canTransition("shipped", "delivered")).toBe(true);
  });

  it("never goes backwards or skips payment", () => {
    expect(canTransition("pending_payment", "shipped")).toBe(false);
    expect(canTransition("delivered", "shipped")).toBe(false);
    expect(canTransition("paid", "pending_payment")).toBe(false);
    expect(canTransition("refunded", "paid")).toBe(false);
  });

  it("closes unpaid attempts as expired, and honours or cancels a payment that still arrives", () => {
    expect(canTransition("pending_payment", "expired")).toBe(true);
    expect(canTransition("awaiting_confirmation", "expired")).toBe(true);
    expect(canTransition("awaiting_confirmation", "cod_confirmed")).toBe(true);
    expect(canTransition("expired", "paid")).toBe(true);
    expect(canTransition("expired", "cancelled")).toBe(true);
    expect(canTransition("expired", "cod_confirmed")).toBe(false);
    expect(canTransition("paid", "expired")).toBe(false);
  });

  it("brings an undelivered parcel back to the seller (RTO) only from shipped, and may refund it then", () => {
    expect(canTransition("shipped", "returned_to_origin")).toBe(true);
    expect(canTransition("paid", "returned_to_origin")).toBe(false);
    expect(canTransition("delivered", "returned_to_origin")).toBe(false);
    expect(canTransition("returned_to_origin", "refunded")).toBe(true);
    expect(canTransition("returned_to_origin", "shipped")).toBe(false);
  });

  it("only names known statuses", () => {
    for (const targets of Object.values(ORDER_TRANSITIONS)) {
      for (const target of targets) expect(ORDER_STATUSES).toContain(target);
    }
  });
});
