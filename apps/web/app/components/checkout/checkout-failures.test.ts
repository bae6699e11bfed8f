import { MESSAGES } from "@store/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { checkoutFailure } from "./checkout-failures";

afterEach(() => vi.restoreAllMocks());

describe("checkoutFailure", () => {
  it("shows the server's message and refetches the cart after a changed total", () => {
    const error = new ApiError(409, "The order total changed to ₹2,269. Please review your cart.", {
      message: "The order total changed to ₹2,269. Please review your cart.",
      code: "AMOUNT_MISMATCH",
      errors: [],
    });
    expect(checkoutFailure("create-order", error)).toEqual({
      message: error.message,
      fields: {},
      staleCart: true,
      signedOut: false,
      attemptOver: true,
    });
  });

  it("falls back to each step's own sentence", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(checkoutFailure("create-order", new TypeError("Failed to fetch")).message).toBe(
      MESSAGES.orderCreationFailed,
    );
    expect(checkoutFailure("verify-card", new ApiError(502, "Bad gateway")).message).toBe(MESSAGES.verificationFailed);
    expect(
      checkoutFailure("capture-wallet", new ApiError(503, "", { message: "", code: "CAPTURE_FAILED", errors: [] }))
        .message,
    ).toBe(MESSAGES.captureFailed);
  });

  it("shows the server's own sentence under the field for a PIN code India Post does not know (422)", () => {
    const message = "We do not know the PIN code 999999. Please check it: it is on your post or bank letters.";
    const error = new ApiError(422, message, {
      message,
      code: "PINCODE_UNKNOWN",
      errors: [{ path: "pin_code", message }],
    });
    expect(checkoutFailure("create-order", error)).toMatchObject({
      message,
      fields: { pin_code: message },
      staleCart: false,
    });
  });

  it("puts the server's field errors under their fields", () => {
    const error = new ApiError(400, "Invalid request", {
      message: "Invalid request",
      code: "VALIDATION",
      errors: [{ path: "body.pin_code", message: "pin_code is not a valid postal code" }],
    });
    expect(checkoutFailure("create-order", error).fields).toEqual({ pin_code: "Enter a valid PIN code." });
  });

  it("shows the server's message for a sold-out piece (cart refetched) and for too many open orders (cart kept)", () => {
    const soldOut = new ApiError(409, "Sorry, Indigo Runner (size S) has just sold out. Please review your cart.", {
      message: "Sorry, Indigo Runner (size S) has just sold out. Please review your cart.",
      code: "OUT_OF_STOCK",
      errors: [],
    });
    expect(checkoutFailure("create-order", soldOut)).toMatchObject({ message: soldOut.message, staleCart: true });
    const capped = new ApiError(429, "You already have 5 unpaid orders waiting.", {
      message: "You already have 5 unpaid orders waiting.",
      code: "TOO_MANY_OPEN_ORDERS",
      errors: [],
    });
    expect(checkoutFailure("create-order", capped)).toMatchObject({ message: capped.message, staleCart: false });
  });

  it("ends a cash-on-delivery code step only when its order is gone", () => {
    const failure = (status: number, code: string) =>
      checkoutFailure("confirm-cod", new ApiError(status, code, { message: `${code} message`, code, errors: [] }));
    expect(failure(422, "CODE_INCORRECT")).toMatchObject({ message: "CODE_INCORRECT message", attemptOver: false });
    expect(failure(429, "TOO_MANY_CODES").attemptOver).toBe(false);
    for (const [status, code] of [
      [409, "CODE_EXPIRED"],
      [409, "ORDER_CLOSED"],
      [409, "TOO_MANY_TRIES"],
      [409, "OUT_OF_STOCK"],
      [404, "ORDER_NOT_FOUND"],
      [422, "CART_EMPTY"],
    ] as const) {
      expect(failure(status, code).attemptOver).toBe(true);
    }
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(checkoutFailure("confirm-cod", new TypeError("Failed to fetch"))).toMatchObject({
      message: MESSAGES.orderCreationFailed,
      attemptOver: false,
    });
  });

  it("reports a refused token", () => {
    expect(
      checkoutFailure(
        "create-order",
        new ApiError(401, "Please log in again.", {
          message: "Please log in again.",
          code: "UNAUTHORIZED",
          errors: [],
        }),
      ).signedOut,
    ).toBe(true);
  });
});
