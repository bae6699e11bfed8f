import type { Currency, DeliveryPromise, PincodeResponse } from "@store/shared";
import { api, isApiError } from "./api";

/** Where the shopper's delivery PIN code is remembered for the next visit (product page and checkout). */
const PIN_KEY = "deliveryPin";
export const SIX_DIGITS = /^[1-9]\d{5}$/;

export function rememberedPin(): string {
  try {
    const pin = window.localStorage.getItem(PIN_KEY) ?? "";
    return SIX_DIGITS.test(pin) ? pin : "";
  } catch {
    return "";
  }
}

export function rememberPin(pin: string): void {
  try {
    window.localStorage.setItem(PIN_KEY, pin);
  } catch {
    // Storage disabled: the PIN code is asked for again next time.
  }
}

export type PinLookup =
  | { ok: true; place: PincodeResponse }
  /** `message`: the server's sentence for an unknown or malformed PIN code; null when the call failed. */
  | { ok: false; message: string | null };

/** India Post's city and state for a PIN code (`GET /api/pincodes/:pin`). */
export async function lookUpPin(pin: string, signal?: AbortSignal): Promise<PinLookup> {
  try {
    return { ok: true, place: await api.get<PincodeResponse>(`/api/pincodes/${pin}`, undefined, { signal }) };
  } catch (error) {
    if (isApiError(error, 404) || isApiError(error, 400)) return { ok: false, message: error.message };
    return { ok: false, message: null };
  }
}

export type PromiseLookup = { ok: true; promise: DeliveryPromise } | { ok: false; message: string | null };

/** The delivery date and cash-on-delivery answer for a PIN code (`GET /api/delivery-promise`). */
export async function fetchPromise(pin: string, currency: Currency, signal?: AbortSignal): Promise<PromiseLookup> {
  try {
    const promise = await api.get<DeliveryPromise>("/api/delivery-promise/", { pin, currency }, { signal });
    return { ok: true, promise };
  } catch (error) {
    if (isApiError(error, 404) || isApiError(error, 400)) return { ok: false, message: error.message };
    return { ok: false, message: null };
  }
}
