import type { Currency, DeliveryPromise, PincodeResponse } from "@store/shared";
import { useEffect, useState } from "react";
import { fetchPromise, lookUpPin, rememberPin, SIX_DIGITS } from "../../lib/delivery-pin";

export type PinDetails =
  | { status: "none" }
  | { status: "loading"; pin: string }
  /** `promise` is null when it could not be had (the checkout then goes on without it). */
  | { status: "found"; pin: string; place: PincodeResponse; promise: DeliveryPromise | null }
  | { status: "unknown"; pin: string; message: string };

/**
 * India Post's city and state and the delivery promise for a typed PIN code, fetched as soon as it has six
 * digits (`pin` is "" when the parcel goes abroad). A failed call is no answer, never a refusal: the server
 * checks the PIN code again when the order is placed.
 */
export function usePinDetails(pin: string, currency: Currency): PinDetails {
  const [details, setDetails] = useState<PinDetails>({ status: "none" });
  useEffect(() => {
    if (!SIX_DIGITS.test(pin)) {
      setDetails({ status: "none" });
      return;
    }
    const controller = new AbortController();
    setDetails({ status: "loading", pin });
    Promise.all([lookUpPin(pin, controller.signal), fetchPromise(pin, currency, controller.signal)]).then(
      ([place, promise]) => {
        if (controller.signal.aborted) return;
        if (place.ok) {
          rememberPin(pin);
          setDetails({ status: "found", pin, place: place.place, promise: promise.ok ? promise.promise : null });
        } else if (place.message) setDetails({ status: "unknown", pin, message: place.message });
        else setDetails({ status: "none" });
      },
    );
    return () => controller.abort();
  }, [pin, currency]);
  return details;
}
