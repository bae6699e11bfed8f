import {
  cityFitsPlace,
  cityQuestionText,
  createOrderRequestSchema,
  INDIAN_PIN_CODE,
  indianStateByName,
  MESSAGES,
  type CreateOrderInput,
  type Currency,
  type DeliveryPromise,
  type PaymentMethod,
  type PincodeResponse,
  type PublicUser,
  type ShippingMethodCode,
} from "@store/shared";

/** The spec's delivery form, plus our optional e-mail for the confirmation, in the order shown on screen. */
export const DELIVERY_FIELDS = [
  "name",
  "email",
  "country_code",
  "mobile_number",
  "delivery_country",
  "delivery_address",
  "city",
  "state",
  "pin_code",
  "comment",
] as const;
export type DeliveryField = (typeof DELIVERY_FIELDS)[number];
export type DeliveryValues = Record<DeliveryField, string>;
export type FieldProblems = Partial<Record<DeliveryField, string>>;

export const FIELD_LABELS: Record<DeliveryField, string> = {
  name: "Full name",
  email: "E-mail for the confirmation",
  country_code: "Country code",
  mobile_number: "Mobile number",
  delivery_country: "Country",
  delivery_address: "Delivery address",
  city: "City",
  state: "State",
  pin_code: "PIN code",
  comment: "Delivery instructions",
};

/**
 * Spec section 5: name, mobile number and address must be present, and city, state and PIN code are
 * marked required. All six are checked before anything is sent, with the spec's one sentence.
 */
export const REQUIRED_FIELDS: readonly DeliveryField[] = [
  "name",
  "mobile_number",
  "delivery_address",
  "city",
  "state",
  "pin_code",
];

/** The same words the server answers with (createOrderRequestSchema), checked before anything is sent. */
export const INDIAN_ADDRESS_TEXT = {
  pin_code: "Enter a valid 6-digit PIN code.",
  state: "Enter your state or union territory, for example Rajasthan.",
} as const;

/** Whether the delivery goes to India (its state and PIN code are then checked, and cash on delivery offered). */
export const deliversInIndia = (values: Pick<DeliveryValues, "delivery_country">) => values.delivery_country === "IN";

/**
 * The form after the shopper picks a country: for India, a typed state becomes its name in the GST list
 * (or is cleared, so the state select asks for it).
 */
export function withCountry(values: DeliveryValues, country: string): DeliveryValues {
  if (country !== "IN") return { ...values, delivery_country: country };
  return { ...values, delivery_country: country, state: indianStateByName(values.state)?.name ?? "" };
}

/**
 * The form once India Post's directory answered for the typed PIN code: the state is the PIN code's (the
 * server refuses another); the city is filled when empty or still the one filled for an earlier PIN code,
 * so a locality the shopper typed ("Sitapura") stays, and is questioned when it is not the PIN code's
 * (`cityQuestion`).
 */
export function withPlace(
  values: DeliveryValues,
  place: Pick<PincodeResponse, "city" | "state">,
  filledCity: string | null,
): DeliveryValues {
  const city = values.city.trim();
  return { ...values, city: !city || city === filledCity ? place.city : values.city, state: place.state };
}

/** The form's question about a typed city its PIN code does not name, with the two answers it offers. */
export type CityQuestion = { text: string; suggested: string; typed: string };

/**
 * The question to ask once India Post's directory answered for the PIN code: none when the city is empty,
 * names the PIN code's town, district or one of its places, or is the one the shopper already kept for this
 * PIN code (`kept`: "<PIN> <city>").
 */
export function cityQuestion(
  values: Pick<DeliveryValues, "city">,
  place: Pick<PincodeResponse, "pin" | "city" | "district" | "state" | "places">,
  kept: string | null,
): CityQuestion | null {
  const typed = values.city.trim();
  if (cityFitsPlace(typed, place) || kept === keptCity(place.pin, typed)) return null;
  return { text: cityQuestionText(typed, place), suggested: place.city, typed };
}

/** How the form remembers that the shopper kept a city for a PIN code. */
export const keptCity = (pin: string, city: string) => `${pin} ${city.trim()}`;

/**
 * Whether the cart's ticked Cash on Delivery box is the payment method: only for delivery in India, and
 * not where the promise for the PIN code says the courier collects no cash (no promise yet: the server
 * decides when the order is placed). `refusedAt` names the PIN code where the courier said no.
 */
export function cashOnDeliveryOffer(
  ticked: boolean,
  abroad: boolean,
  promise: Pick<DeliveryPromise, "pin" | "cod_available"> | null,
): { cod: boolean; refusedAt: string | null } {
  const refused = ticked && !abroad && promise !== null && !promise.cod_available;
  return { cod: ticked && !abroad && !refused, refusedAt: refused ? promise.pin : null };
}

export function emptyDelivery(currency: Currency): DeliveryValues {
  const values = Object.fromEntries(DELIVERY_FIELDS.map((field) => [field, ""])) as DeliveryValues;
  // India's code for INR shoppers; abroad nobody's code is guessed. The country starts as India, where most
  // parcels go; a shopper abroad picks theirs.
  return { ...values, country_code: currency === "INR" ? "+91" : "", delivery_country: "IN" };
}

/**
 * What create-order needs besides the form: the cart, the currency, the promo, the amount, and whether the
 * e-mail is required (a guest paying cash on delivery confirms the order with a code sent there).
 */
export type OrderBasics = {
  amount: number;
  currency: Currency;
  promoCode: string | null;
  cartId: string | null;
  emailRequired?: boolean;
  /** "Send me order updates on WhatsApp" ticked (to the mobile number of the form). */
  whatsappOptIn?: boolean;
  /** The shopper answered the city question by keeping a city the PIN code's directory does not name. */
  cityConfirmed?: boolean;
  /** The shipping method chosen, where the address has a choice. */
  shippingMethod?: ShippingMethodCode;
};

/** A guest's cash-on-delivery order is confirmed with an e-mailed code; a signed-in shopper's goes to the account's address. */
export const emailRequiredFor = (method: PaymentMethod | null, signedIn: boolean) => method === "cod" && !signedIn;

/** Why the e-mail is asked for, where it is required. */
export const EMAIL_REQUIRED_TEXT = "Enter your e-mail address: the code is sent there.";

export type DeliveryCheck =
  | { ok: true; body: CreateOrderInput; method: PaymentMethod }
  /** `message` is one of the spec's form sentences (they vanish after 5 s), or null when the fields say it all. */
  | { ok: false; message: string | null; fields: FieldProblems; focusMethod: boolean };

/**
 * The spec's delivery-submit rules, then the shared create-order schema, so the server's 400 is never the
 * first the shopper hears of a bad PIN code or e-mail. The body is the spec's payload as sent.
 */
export function checkDelivery(
  values: DeliveryValues,
  method: PaymentMethod | null,
  basics: OrderBasics,
): DeliveryCheck {
  const required = basics.emailRequired
    ? DELIVERY_FIELDS.filter((field) => field === "email" || REQUIRED_FIELDS.includes(field))
    : REQUIRED_FIELDS;
  const missing = required.filter((field) => !values[field].trim());
  const india = deliversInIndia(values);
  if (missing.length > 0) {
    const fields = Object.fromEntries(
      missing.map((field) => [field, field === "email" ? EMAIL_REQUIRED_TEXT : `${FIELD_LABELS[field]} is required.`]),
    );
    return { ok: false, message: MESSAGES.fillRequiredFields, fields, focusMethod: false };
  }
  if (!method) return { ok: false, message: MESSAGES.selectPaymentMethod, fields: {}, focusMethod: true };

  const email = values.email.trim();
  const body: CreateOrderInput = {
    amount: basics.amount,
    currency: basics.currency,
    promo_code: basics.promoCode ?? "Nil",
    cart_id: basics.cartId,
    delivery_address: values.delivery_address.trim(),
    name: values.name.trim(),
    country_code: values.country_code.trim(),
    mobile_number: values.mobile_number.trim(),
    pin_code: values.pin_code.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    delivery_country: values.delivery_country,
    comment: values.comment.trim(),
    razorpay: method === "razorpay",
    // Cash on delivery can only be asked for by name; the card and wallet keep the spec's flag too.
    payment_method: method,
    ...(email && { email }),
    ...(basics.whatsappOptIn && { whatsapp_opt_in: true }),
    ...(basics.cityConfirmed && { city_confirmed: true }),
    ...(basics.shippingMethod && { shipping_method: basics.shippingMethod }),
  };
  const parsed = createOrderRequestSchema.safeParse(body);
  // The schema checks an Indian address only once every field has its shape; these say it at once.
  const fields: FieldProblems = india
    ? {
        ...(INDIAN_PIN_CODE.test(body.pin_code) ? {} : { pin_code: INDIAN_ADDRESS_TEXT.pin_code }),
        ...(indianStateByName(values.state) ? {} : { state: INDIAN_ADDRESS_TEXT.state }),
      }
    : {};
  if (parsed.success && Object.keys(fields).length === 0) return { ok: true, body, method };
  const issues = parsed.success ? [] : parsed.error.issues;
  for (const issue of issues) {
    const field = DELIVERY_FIELDS.find((name) => name === issue.path[0]);
    // The address rules between fields (a foreign address with an Indian PIN code) speak for themselves.
    if (field) fields[field] ??= issue.code === "custom" ? issue.message : invalidText(field);
  }
  // A problem outside the form (amount, cart) is ours, not the shopper's.
  return {
    ok: false,
    message: Object.keys(fields).length > 0 ? null : MESSAGES.unexpectedError,
    fields,
    focusMethod: false,
  };
}

export function invalidText(field: DeliveryField): string {
  if (field === "email") return "Enter a valid e-mail address.";
  return `Enter a valid ${field === "pin_code" ? "PIN code" : FIELD_LABELS[field].toLowerCase()}.`;
}

/** A signed-in shopper's details fill the fields still empty (the country code also when still the default). */
export function withShopper(
  values: DeliveryValues,
  user: Pick<PublicUser, "first_name" | "last_name" | "email" | "country_code" | "mobile_number">,
  currency: Currency,
): DeliveryValues {
  const fill = (field: DeliveryField, value: string) => (values[field].trim() ? values[field] : value);
  return {
    ...values,
    name: fill("name", `${user.first_name} ${user.last_name}`.trim()),
    email: fill("email", user.email),
    mobile_number: fill("mobile_number", user.mobile_number),
    country_code:
      values.country_code === emptyDelivery(currency).country_code
        ? user.country_code || values.country_code
        : values.country_code,
  };
}
