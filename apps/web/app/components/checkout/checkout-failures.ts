import { MESSAGES } from "@store/shared";
import { ApiError } from "../../lib/api";
import {
  BUSINESS_FIELDS,
  DELIVERY_FIELDS,
  INDIAN_ADDRESS_TEXT,
  invalidText,
  type FieldProblems,
} from "./delivery-form";

/** Which call failed: each has its own sentence in the spec's error catalogue (section 8). */
export type FailedStep = "create-order" | "confirm-cod" | "verify-card" | "capture-wallet";

const FALLBACKS: Record<FailedStep, string> = {
  "create-order": MESSAGES.orderCreationFailed,
  // Confirming with the code is the end of creating a cash-on-delivery order.
  "confirm-cod": MESSAGES.orderCreationFailed,
  "verify-card": MESSAGES.verificationFailed,
  "capture-wallet": MESSAGES.captureFailed,
};

export type CheckoutFailure = {
  /** Shown in the checkout's alert. */
  message: string;
  /** Field errors the server found in the delivery details (400). */
  fields: FieldProblems;
  /** The cart or its prices changed (stock, total): the shown cart is stale and is fetched again. */
  staleCart: boolean;
  /** The stored token was refused: the session is over. */
  signedOut: boolean;
  /**
   * The order being confirmed is gone for good (closed, expired, sold out, not found, signed out): its code
   * step ends and the shopper checks out again. A wrong code, too many requests or a network failure keep it.
   */
  attemptOver: boolean;
};

/**
 * A failed API call during checkout: the server's message where it gave one (spec: "or the server's
 * message"), else the step's own sentence. A network failure has no message and gets the step's sentence.
 */
export function checkoutFailure(step: FailedStep, error: unknown): CheckoutFailure {
  if (!(error instanceof ApiError)) {
    console.error(`Checkout ${step} failed`, error);
    return { message: FALLBACKS[step], fields: {}, staleCart: false, signedOut: false, attemptOver: false };
  }
  const fields: FieldProblems = {};
  for (const issue of error.body?.errors ?? []) {
    const field = DELIVERY_FIELDS.find((name) => name === issue.path.split(".").at(-1));
    // The address rules speak the shopper's words already (decision 033; by country, decision 079: "Enter a
    // UK postcode, like ..."), and so do the checks of a delivery address against India Post and the courier
    // (422); other messages are the API's.
    const own =
      field === "delivery_country" ||
      (field !== undefined && BUSINESS_FIELDS.includes(field)) ||
      error.status === 422 ||
      /^(Enter|Choose) /.test(issue.message) ||
      Object.values<string>(INDIAN_ADDRESS_TEXT).includes(issue.message);
    if (field) fields[field] ??= own ? issue.message : invalidText(field);
  }
  const staleCart = error.status === 409 || (error.status === 422 && error.body?.code === "CART_EMPTY");
  return {
    message: error.body?.message || FALLBACKS[step],
    fields,
    staleCart,
    signedOut: error.status === 401,
    attemptOver: staleCart || error.status === 401 || error.status === 404,
  };
}
