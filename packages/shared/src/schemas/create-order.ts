import { z } from "zod";
import { listedState, normalPostcode, placeProblems } from "../address-format";
import { countryName, gstinProblem, INDIAN_PIN_CODE, indianStateByName } from "../gst";
import { MESSAGES } from "../messages";
import { callingCode, phoneProblem } from "../phone-check";
import { SHIPPING_METHOD_CODES, shippingMethodProblem, shippingMethodsFor } from "../shipping-methods";
import { cartIdSchema } from "./cart";
import { COD_CODE_CHANNELS, paymentMethodSchema, STORE_CREDIT_METHOD, type PaymentMethod } from "./checkout";
import { currencySchema } from "./common";
import { requiredText, text } from "./input-rules";

/**
 * The create-order payload and the delivery address's rules, apart from the rest of the checkout's schemas:
 * the address formats by country and the phone metadata they read (decision 079) then ship only with the
 * checkout and the back office's address correction, not with every page that shows an order.
 */

const TIME_ZONE_TEXT = "time_zone must be an IANA time zone name such as Europe/London";

/** The shape of an IANA zone name ("Europe/London", "America/Indiana/Indianapolis"); whether it exists is the server's. */
export const timeZoneNameSchema = z
  .string({ error: TIME_ZONE_TEXT })
  .max(64, TIME_ZONE_TEXT)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/, TIME_ZONE_TEXT);

/** Values the spec's client sends for "no promo code". */
const NO_PROMO = new Set(["", "nil", "null", "undefined"]);

/**
 * The delivery address of an order, as create-order takes it and the back office's correction of a paid
 * order's address (decision 061) takes it again. Which of city, state and postcode (`pin_code`, the spec's
 * name, whatever the country calls it) are required, and their shapes, depend on the country
 * (`address-format.ts`, issue 41): the object's refinement checks them.
 */
export const deliveryAddressFields = {
  name: requiredText("name", 120),
  delivery_address: requiredText("delivery_address", 500, { multiline: true }),
  /** Empty: the delivery country's calling code (create-order), India's (the correction). */
  country_code: text("country_code", 60)
    .nullish()
    .transform((v) => v ?? ""),
  mobile_number: requiredText("mobile_number", 20).pipe(
    z.string().regex(/^[+\d(][\d\s()-]{5,19}$/, "mobile_number is not a valid phone number"),
  ),
  pin_code: text("pin_code", 12)
    .nullish()
    .transform((v) => v ?? "")
    .pipe(z.string().regex(/^(?:[A-Za-z0-9][A-Za-z0-9 -]{1,11})?$/, "pin_code is not a valid postal code")),
  /** For India they may be left empty: the server fills them from the PIN code (India Post's directory). */
  city: text("city", 100)
    .nullish()
    .transform((v) => v ?? ""),
  state: text("state", 100)
    .nullish()
    .transform((v) => v ?? ""),
  /**
   * Ours: the shopper answered the form's question and keeps a city that names none of the PIN code's
   * town, district or places (India); without it such a city is refused with the question (decision 061).
   */
  city_confirmed: z
    .boolean({ error: "city_confirmed must be true or false" })
    .optional()
    .transform((v) => v ?? false),
};

/**
 * The business buyer's GSTIN and legal name at checkout (issue 44, decision 096): both or neither, for delivery
 * in India only. The messages are the checkout form's too.
 */
export const BUYER_GSTIN_MESSAGES = {
  nameWithout: "Enter the GSTIN too, or leave the legal name empty",
  gstinWithout: "Enter the legal name registered with this GSTIN",
  nameLength: "The legal name has 2 to 100 characters",
  abroad: "A GSTIN can be given only for delivery in India",
  sellersOwn: "This is the shop's own GSTIN: enter your business's GSTIN",
} as const;

const emptyIsNull = (v: string | null | undefined) => (v ? v : null);

export const buyerGstinFields = {
  /** Upper-cased; its format, state code and check character are checked (`gstinProblem`). */
  buyer_gstin: text("buyer_gstin", 20)
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .nullish()
    .transform(emptyIsNull)
    .refine((v) => v === null || gstinProblem(v) === null, {
      error: (issue) => gstinProblem(String(issue.input)) ?? "buyer_gstin is not a GSTIN",
    }),
  buyer_legal_name: text("buyer_legal_name", 100)
    .nullish()
    .transform(emptyIsNull)
    .refine((v) => v === null || v.length >= 2, BUYER_GSTIN_MESSAGES.nameLength),
};

/** Both or neither, and only for India. */
export function buyerGstinProblems(body: {
  buyer_gstin: string | null;
  buyer_legal_name: string | null;
  delivery_country: string;
}): { path: string[]; message: string }[] {
  if (body.buyer_gstin === null)
    return body.buyer_legal_name === null ? [] : [{ path: ["buyer_gstin"], message: BUYER_GSTIN_MESSAGES.nameWithout }];
  if (body.delivery_country !== "IN") return [{ path: ["buyer_gstin"], message: BUYER_GSTIN_MESSAGES.abroad }];
  if (body.buyer_legal_name === null)
    return [{ path: ["buyer_legal_name"], message: BUYER_GSTIN_MESSAGES.gstinWithout }];
  return [];
}

/**
 * `POST /api/create-order/`: the spec's payload plus our `payment_method` (and an optional `email` for
 * a guest's confirmation). `amount` is what the client believes it will pay: minor units (x100) for the
 * card provider, major units for the wallet (INR raised to end in 9) and for cash on delivery. The server
 * recomputes it and refuses a different one (409 AMOUNT_MISMATCH).
 */

export const createOrderRequestSchema = z
  .object({
    amount: z
      .number({ error: "amount must be a number" })
      .nonnegative("amount must not be negative")
      .max(1e12, "amount is too large"),
    currency: currencySchema,
    /** 'Nil', empty or absent: no promo code. */
    promo_code: text("promo_code", 40)
      .nullish()
      .transform((code) => (code && !NO_PROMO.has(code.toLowerCase()) ? code : null)),
    /** Absent with a token: the signed-in shopper's cart. */
    cart_id: cartIdSchema,
    ...deliveryAddressFields,
    /**
     * Ours: the delivery country (ISO 3166 code), India when absent. It decides the invoice's place of supply:
     * an Indian state, or an export (decision 033).
     */
    delivery_country: z
      .string({ error: "delivery_country must be a country code such as IN or GB" })
      .trim()
      .toUpperCase()
      .refine((code) => countryName(code) !== null, "delivery_country must be a country code such as IN or GB")
      .optional()
      .transform((v) => v ?? "IN"),
    comment: text("comment", 1000, { multiline: true })
      .nullish()
      .transform((v) => v ?? ""),
    /** The spec's flag: true card provider (Razorpay), false wallet (PayPal). */
    razorpay: z.boolean({ error: "razorpay must be true or false" }).optional(),
    /** Ours; wins over `razorpay`. Cash on delivery can only be chosen here. */
    payment_method: paymentMethodSchema.optional(),
    /**
     * Ours: how the parcel travels (shipping-methods.ts); absent: the delivery country's first method (the spec's
     * standard shipping within India, international standard abroad).
     */
    shipping_method: z
      .enum(SHIPPING_METHOD_CODES, { error: `shipping_method must be one of ${SHIPPING_METHOD_CODES.join(", ")}` })
      .optional(),
    /** Ours: where a guest's confirmation goes (a signed-in shopper's account e-mail otherwise). */
    email: text("email", 254).pipe(z.email("email is not a valid e-mail address")).optional(),
    /**
     * Ours: where a cash-on-delivery code goes (decision 076): WhatsApp at the mobile number above when the
     * store can send there and the number has not opted out, else e-mail; absent: WhatsApp first.
     */
    cod_code_channel: z
      .enum(COD_CODE_CHANNELS, { error: `cod_code_channel must be one of ${COD_CODE_CHANNELS.join(", ")}` })
      .optional(),
    /**
     * Ours: the browser's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`), so the
     * shopper's e-mails and order page show their own clock (decision 084). Malformed text is refused; a
     * well-formed zone that is not the delivery country's is set aside by the server (the address decides).
     */
    time_zone: timeZoneNameSchema.optional(),
    /**
     * Ours (issue 42, decision 088): pay with the signed-in shopper's store credit in the order's currency, as
     * much as the total takes; the rest by `payment_method` ("store_credit" when the credit pays it all). A
     * guest asking is refused (401). `amount` stays the order's total.
     */
    use_store_credit: z
      .boolean({ error: "use_store_credit must be true or false" })
      .optional()
      .transform((v) => v ?? false),
    /**
     * Ours: the credit the shopper was shown as applied, in major units. A balance that no longer covers it (another
     * tab spent it) is a 409 STORE_CREDIT_TOO_LOW with the new figure; absent, as much as the balance covers.
     */
    store_credit_amount: z
      .number({ error: "store_credit_amount must be a number" })
      .positive("store_credit_amount must be more than 0")
      .max(1e12, "store_credit_amount is too large")
      .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
        message: "store_credit_amount has at most 2 decimals",
      })
      .optional(),
    /**
     * Ours (issue 44, decision 096): a business buyer's GSTIN and its legal name, for a B2B tax invoice; both or
     * neither, India only. Absent or empty: a sale to an unregistered buyer.
     */
    ...buyerGstinFields,
    /** Ours: "Send me order updates on WhatsApp" at the mobile number above; off when absent. */
    whatsapp_opt_in: z
      .boolean({ error: "whatsapp_opt_in must be true or false" })
      .optional()
      .transform((v) => v ?? false),
  })
  .superRefine((body, ctx) => {
    if (body.payment_method === undefined && body.razorpay === undefined) {
      ctx.addIssue({ code: "custom", path: ["payment_method"], message: MESSAGES.selectPaymentMethod });
    }
    if (!body.use_store_credit && body.store_credit_amount !== undefined)
      ctx.addIssue({ code: "custom", path: ["store_credit_amount"], message: MESSAGES.storeCreditAmountAlone });
    if (!body.use_store_credit && body.payment_method === STORE_CREDIT_METHOD)
      ctx.addIssue({ code: "custom", path: ["use_store_credit"], message: MESSAGES.storeCreditMethodAlone });
    for (const problem of addressProblems(body)) ctx.addIssue({ code: "custom", ...problem });
    for (const problem of buyerGstinProblems(body)) ctx.addIssue({ code: "custom", ...problem });
    const phone = phoneProblem(
      body.country_code || callingCode(body.delivery_country),
      body.mobile_number,
      body.delivery_country,
    );
    if (phone) ctx.addIssue({ code: "custom", path: ["mobile_number"], message: phone });
    // Cash on delivery abroad is refused once, above, not again by the method.
    const cashOnDelivery = body.payment_method === "cod" && body.delivery_country === "IN";
    const shipping = shippingMethodProblem(body.shipping_method ?? shippingMethodsFor(body.delivery_country)[0]!.code, {
      country: body.delivery_country,
      cashOnDelivery,
    });
    if (shipping) ctx.addIssue({ code: "custom", path: ["shipping_method"], message: shipping });
  })
  .transform(({ razorpay, payment_method, ...body }) => ({
    ...body,
    shipping_method: body.shipping_method ?? shippingMethodsFor(body.delivery_country)[0]!.code,
    country_code: body.country_code || callingCode(body.delivery_country) || "+91",
    // The state as the country's list names it (India: the GST list, so the invoice finds its code).
    state: listedState(body.delivery_country, body.state) ?? body.state,
    pin_code: body.delivery_country === "IN" ? body.pin_code : normalPostcode(body.delivery_country, body.pin_code),
    payment_method: payment_method ?? ((razorpay ? "razorpay" : "paypal") as PaymentMethod),
  }));

/**
 * The address's place fields by its country's rules (`placeProblems`: required parts, postcode pattern,
 * listed states; India: a 6-digit PIN code and, when given, a state of the GST list, the server then
 * checking the PIN code against India Post's directory and filling an empty city and state from it). An
 * address abroad that names an Indian state and PIN code is most likely India chosen wrongly, so it is
 * asked about; cash on delivery is for India only.
 */
function addressProblems(body: {
  delivery_country: string;
  city: string;
  state: string;
  pin_code: string;
  payment_method?: PaymentMethod;
}): { path: string[]; message: string }[] {
  const problems = placeProblems(body.delivery_country, body);
  if (body.delivery_country === "IN") return problems;
  return [
    ...problems,
    ...(INDIAN_PIN_CODE.test(body.pin_code) && indianStateByName(body.state)
      ? [
          {
            path: ["delivery_country"],
            message:
              "This address has an Indian state and PIN code: choose India as the country, or correct the address.",
          },
        ]
      : []),
    ...(body.payment_method === "cod"
      ? [{ path: ["payment_method"], message: "Cash on delivery is available only for delivery in India." }]
      : []),
  ];
}

/** An Indian address's own rules: a 6-digit PIN code and, when given, a state of the GST list. */
export function indianAddressProblems(body: {
  city?: string;
  state: string;
  pin_code: string;
}): { path: string[]; message: string }[] {
  return placeProblems("IN", { city: body.city ?? "", ...body });
}

export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;
export type CreateOrderInput = z.input<typeof createOrderRequestSchema>;
