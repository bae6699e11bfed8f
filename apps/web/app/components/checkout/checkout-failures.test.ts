import { MESSAGES } from "@store/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { checkoutFailure } from "./checkout-failures";

afterEach(() => vi.restoreAllMocks());

describe("checkoutFailure", () => {
  it("shows the server's message and refetches the cart after a changed total", () => {
    const error = new ApiError(409, "The order total changed to ₹2,269. Please review your cart.", { message: "The order total changed to ₹2,269. Please review your cart.", code: "AMOUNT_MISMATCH", errors: [] });
    expect(checkoutFailure("create-order", error)).toEqual({ message: error.message, fields: {}, staleCart: true, signedOut: false });
  });

  it("falls back to each step's own sentence", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(checkoutFailure("create-order", new TypeError("Failed to fetch")).message).toBe(MESSAGES.orderCreationFailed);
    expect(checkoutFailure("verify-card", new ApiError(502, "Bad gateway")).message).toBe(MESSAGES.verificationFailed);
    expect(checkoutFailure("capture-wallet", new ApiError(503, "", { message: "", code: "CAPTURE_FAILED", errors: [] })).message).toBe(MESSAGES.captureFailed);
  });

  it("puts the server's field errors under their fields", () => {
    const error = new ApiError(400, "Invalid request", { message: "Invalid request", code: "VALIDATION", errors: [{ path: "body.pin_code", message: "pin_code is not a valid postal code" }] });
    expect(checkoutFailure("create-order", error).fields).toEqual({ pin_code: "Enter a valid PIN code." });
  });

  it("reports a refused token", () => {
    expect(checkoutFailure("create-order", new ApiError(401, "Please log in again.", { message: "Please log in again.", code: "UNAUTHORIZED", errors: [] })).signedOut).toBe(true);
  });
});
