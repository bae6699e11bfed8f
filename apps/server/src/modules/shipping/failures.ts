import { Refusal } from "../../errors";
import { ShippingProviderError } from "./provider";

/** The courier's "no" or silence as the seller reads it; nothing was booked or changed. */
export function courierRefusal(err: unknown, what: string): Refusal {
  if (!(err instanceof ShippingProviderError)) throw err;
  if (err.status === null || err.status >= 500)
    return new Refusal(
      "unavailable",
      "COURIER_UNAVAILABLE",
      `The courier could not be reached (${err.status === null ? "no answer in time" : `error ${err.status}`}) while ${what}; nothing was changed. Try again in a few minutes.`,
    );
  return new Refusal(
    "unprocessable",
    "COURIER_REFUSED",
    `The courier refused ${what}: ${err.reason ?? `error ${err.status}`}. Nothing was changed.`,
  );
}

export const shippingNotConfigured = () =>
  new Refusal("unavailable", "SHIPPING_NOT_CONFIGURED", "Shipping through the courier is not configured.");
