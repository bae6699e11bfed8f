import {
  cityFitsPlace,
  cityQuestionText,
  indianStateByName,
  unknownPinText,
  type Currency,
  type PaymentMethod,
} from "@store/shared";
import { Refusal } from "../../errors";
import { UNKNOWN_PIN, type DeliveryPromises } from "../geo/delivery-promise";

/** One field's refusal, shaped like a failed schema so the checkout shows it under the field. */
const fieldRefusal = (code: string, path: string, message: string) =>
  new Refusal("unprocessable", code, message, [{ path, message }]);

/** What the checks read of an address: checkout's create-order, or the back office's correction of an order's. */
export interface DeliveryAddressInput {
  delivery_country: string;
  pin_code: string;
  city: string;
  state: string;
  city_confirmed: boolean;
  payment_method: PaymentMethod;
  currency: Currency;
}

/**
 * An Indian delivery address against India Post's directory and the courier, before anything is stored:
 * the PIN code must exist; an empty city or state is filled from it; a state that contradicts it is refused
 * (it is the GST place of supply, and a typo in either could send the parcel and the tax to the wrong
 * state, so the shopper says which is right); a city that names none of the PIN code's town, district or
 * places is asked about, unless the shopper confirmed it; a PIN code the courier does not serve is refused,
 * and so is cash on delivery where its rider does not collect cash. A slow or failing courier only means the
 * policy's promise. Addresses abroad are left as they are. Answers the address as it will be stored; a
 * refusal is thrown, naming its field.
 */
export async function checkDeliveryAddress<T extends DeliveryAddressInput>(
  delivery: DeliveryPromises,
  input: T,
  now: Date,
): Promise<T> {
  if (input.delivery_country !== "IN") return input;
  const pin = input.pin_code;
  const place = await delivery.place(pin);
  if (!place) throw fieldRefusal("PINCODE_UNKNOWN", "pin_code", unknownPinText(pin));

  const typed = input.state ? indianStateByName(input.state) : null;
  if (input.state && !place.states.some((state) => state.code === typed?.code)) {
    const message = `PIN code ${pin} is in ${place.state}, not ${typed?.name ?? input.state}. Choose ${place.state} as the state, or check the PIN code.`;
    throw fieldRefusal("STATE_MISMATCH", "state", message);
  }
  if (!input.city_confirmed && !cityFitsPlace(input.city, place))
    throw fieldRefusal("CITY_UNCONFIRMED", "city", cityQuestionText(input.city, place));

  const promise = await delivery.promise({ pin, country: "IN", cod: input.currency === "INR", now });
  if (promise === UNKNOWN_PIN) throw fieldRefusal("PINCODE_UNKNOWN", "pin_code", unknownPinText(pin));
  if (!promise.serviceable) throw fieldRefusal("NOT_SERVICEABLE", "pin_code", promise.text);
  if (input.payment_method === "cod" && !promise.cod_available) {
    const message = `Cash on delivery is not available at PIN code ${pin}: the courier does not collect cash there. Please pay by card or wallet.`;
    throw fieldRefusal("COD_NOT_AVAILABLE", "payment_method", message);
  }
  return { ...input, city: input.city || place.city, state: typed?.name ?? place.state };
}
