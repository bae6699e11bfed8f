import {
  cityFitsPlace,
  cityQuestionText,
  createOrderRequestSchema,
  timeZoneNameSchema,
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
import { addressShape, listedState, placeProblems } from "@store/shared/address-format";
import { callingCode, phoneProblem } from "@store/shared/phone-check";

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
  "buyer_gstin",
  "buyer_legal_name",
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
  buyer_gstin: "GSTIN",
  buyer_legal_name: "Legal name of the business",
};

/** A business purchase's fields (decision 096): shown once the shopper asks for a GST invoice, India only. */
export const BUSINESS_FIELDS: readonly DeliveryField[] = ["buyer_gstin", "buyer_legal_name"];

/** City, state and postcode: which are asked, what they are called and which are required follow the country. */
const PLACE_FIELDS = new Set<DeliveryField>(["city", "state", "pin_code"]);

/**
 * Spec section 5: name, mobile number and address must be present, and, in India, city, state and PIN code
 * are marked required. Abroad the country's address format says which of city, state and postcode it
 * requires (issue 41, decision 079). All are checked before anything is sent, with the spec's one sentence.
 */
export function requiredFields(country: string): DeliveryField[] {
  const place: DeliveryField[] = country === "IN" ? ["city", "state", "pin_code"] : addressShape(country).required;
  return ["name", "mobile_number", "delivery_address", ...place];
}

/** The form's fields for a country, in the order shown: city, state and postcode as the country writes them. */
export function shownFields(country: string): DeliveryField[] {
  const place = addressShape(country).fields;
  return DELIVERY_FIELDS.flatMap((field) => {
    if (BUSINESS_FIELDS.includes(field)) return [];
    if (!PLACE_FIELDS.has(field)) return [field];
    return field === "city" ? place : [];
  });
}

/** A field's label: city, state and postcode by the country's names ("ZIP code", "Postcode", "Emirate"). */
export function fieldLabel(field: DeliveryField, country: string): string {
  return field === "city" || field === "state" || field === "pin_code"
    ? addressShape(country).labels[field]
    : FIELD_LABELS[field];
}

/** The same words the server answers with (createOrderRequestSchema), checked before anything is sent. */
export const INDIAN_ADDRESS_TEXT = {
  pin_code: "Enter a valid 6-digit PIN code.",
  state: "Enter your state or union territory, for example Rajasthan.",
} as const;

/** Whether the delivery goes to India (its state and PIN code are then checked, and cash on delivery offered). */
export const deliversInIndia = (values: Pick<DeliveryValues, "delivery_country">) => values.delivery_country === "IN";

/**
 * The form after the shopper picks a country (or the detected one is set): the phone's country code follows
 * when it was empty or the previous country's; a state becomes its name in the country's list (India: the
 * GST list), or is cleared so the select asks for it; a part the country does not write, or a postcode
 * that does not fit it, is cleared.
 */
export function withCountry(values: DeliveryValues, country: string): DeliveryValues {
  const shape = addressShape(country);
  const code = values.country_code.trim();
  const followsCountry = !code || code === callingCode(values.delivery_country);
  const keeps = (field: "city" | "state" | "pin_code") => shape.fields.includes(field);
  const postcodeFits =
    !values.pin_code.trim() ||
    !placeProblems(country, { city: "-", state: "", pin_code: values.pin_code }).some((p) => p.path[0] === "pin_code");
  return {
    ...values,
    delivery_country: country,
    country_code: followsCountry ? callingCode(country) || values.country_code : values.country_code,
    city: keeps("city") ? values.city : "",
    state: !keeps("state") ? "" : shape.states ? (listedState(country, values.state) ?? "") : values.state,
    pin_code: keeps("pin_code") && postcodeFits ? values.pin_code : "",
  };
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
  /** The browser's IANA time zone (`browserTimeZone`): the shopper's messages use their clock (decision 084). */
  timeZone?: string;
  /** The store credit the page shows as paying (major units; decision 088); 0 or absent: none used. */
  storeCredit?: number;
};

/**
 * The browser's own time zone, sent with the order so its times are written in the shopper's clock; none when
 * the browser has none or an odd one (the server then takes the delivery address's zone).
 */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return timeZoneNameSchema.safeParse(zone).success ? zone : undefined;
  } catch {
    return undefined;
  }
}

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
  const country = values.delivery_country;
  const required = [...requiredFields(country), ...(basics.emailRequired ? (["email"] as const) : [])];
  const missing = DELIVERY_FIELDS.filter((field) => required.includes(field) && !values[field].trim());
  const india = deliversInIndia(values);
  if (missing.length > 0) {
    const fields = Object.fromEntries(
      missing.map((field) => [
        field,
        field === "email" ? EMAIL_REQUIRED_TEXT : `${fieldLabel(field, country)} is required.`,
      ]),
    );
    return { ok: false, message: MESSAGES.fillRequiredFields, fields, focusMethod: false };
  }
  if (!method) return { ok: false, message: MESSAGES.selectPaymentMethod, fields: {}, focusMethod: true };

  const email = values.email.trim();
  const gstin = india ? values.buyer_gstin.trim() : "";
  const legalName = india ? values.buyer_legal_name.trim() : "";
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
    ...(basics.timeZone && { time_zone: basics.timeZone }),
    ...(basics.storeCredit && { use_store_credit: true, store_credit_amount: basics.storeCredit }),
    ...((gstin || legalName) && { buyer_gstin: gstin, buyer_legal_name: legalName }),
  };
  const parsed = createOrderRequestSchema.safeParse(body);
  // The schema checks the address's country rules only once every field has its shape; these say it at once.
  const fields: FieldProblems = Object.fromEntries(
    placeProblems(country, { city: body.city ?? "", state: body.state ?? "", pin_code: body.pin_code ?? "" }).map(
      (problem) => [problem.path[0], problem.message],
    ),
  );
  if (india && !indianStateByName(values.state)) fields.state ??= INDIAN_ADDRESS_TEXT.state;
  if (parsed.success && Object.keys(fields).length === 0) return { ok: true, body, method };
  const issues = parsed.success ? [] : parsed.error.issues;
  for (const issue of issues) {
    const field = DELIVERY_FIELDS.find((name) => name === issue.path[0]);
    // The address rules between fields (a foreign address with an Indian PIN code) speak for themselves.
    if (field === "mobile_number" && issue.code !== "custom") {
      // A number too short to be one still gets its country's example.
      const code = body.country_code || callingCode(country);
      fields.mobile_number ??= phoneProblem(code, values.mobile_number, country) ?? invalidText(field, country);
    } else if (field && BUSINESS_FIELDS.includes(field)) fields[field] ??= issue.message;
    else if (field) fields[field] ??= issue.code === "custom" ? issue.message : invalidText(field, country);
  }
  // A problem outside the form (amount, cart) is ours, not the shopper's.
  return {
    ok: false,
    message: Object.keys(fields).length > 0 ? null : MESSAGES.unexpectedError,
    fields,
    focusMethod: false,
  };
}

export function invalidText(field: DeliveryField, country = "IN"): string {
  if (field === "email") return "Enter a valid e-mail address.";
  const label = fieldLabel(field, country);
  return `Enter a valid ${/^[A-Z]{2,}/.test(label) ? label : label.toLowerCase()}.`;
}

/** A signed-in shopper's details fill the fields still empty (the country code also when still the default). */
/** An approved trade buyer's GSTIN and business name, unless the buyer already typed one. */
export function withTradeBuyer(
  values: DeliveryValues,
  buyer: { gstin: string; business_name: string },
): DeliveryValues {
  if (values.buyer_gstin.trim() || values.buyer_legal_name.trim()) return values;
  return { ...values, buyer_gstin: buyer.gstin, buyer_legal_name: buyer.business_name };
}

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
