import { z } from "zod";
import { CURRENCIES, type Currency } from "../constants";
import { countryName } from "../gst";
import { formatMoney } from "../money";
import { SHIPPING_METHOD_CODES, SHIPPING_METHODS, type ShippingMethodCode } from "../shipping-methods";
import { formNumber } from "./admin-common";

/** The methods the rate cards price: every method whose zone is international (decision 080). */
export const INTERNATIONAL_METHOD_CODES = SHIPPING_METHOD_CODES.filter(
  (code) => SHIPPING_METHODS[code].zone === "international",
);

/** The highest rate the back office takes per currency, in whole units: a rate typed in paise or cents is caught. */
export const RATE_CARD_MAX: Record<Currency, number> = { INR: 50000, USD: 600 };
const UNIT: Record<Currency, string> = { INR: "rupees", USD: "US dollars" };

/** Region codes the Unicode data names but that are not countries a parcel goes to. */
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "ZZ", "QO", "XA", "XB"]);

/** The English name of a country a parcel can go to (ISO 3166-1 alpha-2), or null when the code names none. */
export const destinationName = (code: string): string | null => (NOT_COUNTRIES.has(code) ? null : countryName(code));

const zoneCode = z
  .string({ error: "Give the zone a short code" })
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,23}$/, "A zone code is 1-24 lower-case letters, digits or dashes, starting with a letter");

const country = z
  .string({ error: "A country is a two-letter ISO code, e.g. GB" })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => destinationName(code) !== null, {
    error: (issue) => `${String(issue.input)} is not a country code`,
  });

const rate = formNumber(
  z
    .number({ error: "Enter the rate in whole units" })
    .int("Enter the rate in whole units, without decimals")
    .min(0, "The rate cannot be negative"),
);

const zoneSchema = z.object({
  code: zoneCode,
  name: z.string({ error: "Name the zone" }).trim().min(1, "Name the zone").max(80, "At most 80 characters"),
  countries: z.array(country).max(250, "At most 250 countries in a zone"),
});

const cardSchema = z.object({
  method: z
    .string()
    .refine((m) => (INTERNATIONAL_METHOD_CODES as readonly string[]).includes(m), {
      error: `The method is one of ${INTERNATIONAL_METHOD_CODES.join(", ")}`,
    })
    .transform((m) => m as ShippingMethodCode),
  zone: zoneCode,
  currency: z.enum(CURRENCIES, { error: `The currency is one of ${CURRENCIES.join(", ")}` }),
  first_half_kg: rate,
  each_half_kg_more: rate,
});

/**
 * `PUT /api/admin/shipping-rates`: the seller's destination zones (countries to zone) and the rate cards, one
 * per international method, zone and currency, in whole rupees and dollars for the first half kilo of
 * chargeable weight and each further half kilo (the database keeps minor units). Saved whole.
 */
export const shippingRatesSchema = z
  .object({
    zones: z.array(zoneSchema).min(1, "Keep at least one zone").max(20, "At most 20 zones"),
    cards: z.array(cardSchema).max(200, "Too many rate cards"),
  })
  .superRefine((value, ctx) => {
    const codes = new Set<string>();
    const zoneOf = new Map<string, string>();
    value.zones.forEach((zone, i) => {
      if (codes.has(zone.code))
        ctx.addIssue({ code: "custom", path: ["zones", i, "code"], message: `Zone ${zone.code} is listed twice` });
      codes.add(zone.code);
      zone.countries.forEach((c, j) => {
        const other = zoneOf.get(c);
        if (other !== undefined)
          ctx.addIssue({
            code: "custom",
            path: ["zones", i, "countries", j],
            message: `${destinationName(c) ?? c} is already in zone ${other}`,
          });
        else zoneOf.set(c, zone.code);
      });
      if (zone.countries.includes("IN"))
        ctx.addIssue({
          code: "custom",
          path: ["zones", i, "countries"],
          message: "India is shipped by the India methods, not an international zone",
        });
    });
    const seen = new Set<string>();
    value.cards.forEach((card, i) => {
      if (!codes.has(card.zone))
        ctx.addIssue({ code: "custom", path: ["cards", i, "zone"], message: `There is no zone ${card.zone}` });
      const key = `${card.method}|${card.zone}|${card.currency}`;
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: ["cards", i], message: "This method, zone and currency has two cards" });
      seen.add(key);
      for (const field of ["first_half_kg", "each_half_kg_more"] as const) {
        const max = RATE_CARD_MAX[card.currency];
        if (card[field] > max)
          ctx.addIssue({
            code: "custom",
            path: ["cards", i, field],
            message: `The rate is at most ${formatMoney(max, card.currency)} (enter ${UNIT[card.currency]}, not ${card.currency === "INR" ? "paise" : "cents"})`,
          });
      }
    });
    // Every zone is priced by every international method in both currencies: no shopper meets a gap.
    for (const zone of codes)
      for (const method of INTERNATIONAL_METHOD_CODES)
        for (const currency of CURRENCIES)
          if (!seen.has(`${method}|${zone}|${currency}`))
            ctx.addIssue({
              code: "custom",
              path: ["cards"],
              message: `Zone ${zone} needs a ${currency} card for ${SHIPPING_METHODS[method].label}`,
            });
  });
export type ShippingRates = z.output<typeof shippingRatesSchema>;

/** `GET/PUT /api/admin/shipping-rates`' answer: the zones (with country names) and cards as saved. */
export const shippingRatesResponseSchema = z.object({
  zones: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      countries: z.array(z.object({ code: z.string(), name: z.string() })),
    }),
  ),
  cards: z.array(
    z.object({
      method: z.string(),
      zone: z.string(),
      currency: z.enum(CURRENCIES),
      first_half_kg: z.number().int(),
      each_half_kg_more: z.number().int(),
    }),
  ),
});
export type ShippingRatesResponse = z.infer<typeof shippingRatesResponseSchema>;

/** `GET /api/shipping-promise/`: what each international method costs a product to the shopper's country. */
export const shippingPromiseQuerySchema = z.object({
  product_pk: formNumber(z.number({ error: "product_pk is a product id" }).int().min(1).max(2_147_483_647)),
  country,
  currency: z.enum(CURRENCIES, { error: `The currency is one of ${CURRENCIES.join(", ")}` }),
});

export const shippingPromiseSchema = z.object({
  country: z.string(),
  country_name: z.string(),
  /** Empty when the country is in no zone: `message` says so. */
  methods: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      days: z.object({ earliest: z.number().int(), latest: z.number().int() }),
      /** From this fee, in major units of `currency` (one piece of the product). */
      from: z.number(),
    }),
  ),
  currency: z.enum(CURRENCIES),
  message: z.string().nullable(),
});
export type ShippingPromise = z.infer<typeof shippingPromiseSchema>;

/** `GET /api/shipping-quote/`: what each method offered to the country costs the cart (the checkout's delivery choice). */
export const shippingQuoteQuerySchema = z.object({
  cart_id: z.uuid("cart_id is not a valid cart id"),
  country,
  currency: z.enum(CURRENCIES, { error: `The currency is one of ${CURRENCIES.join(", ")}` }),
});

export const shippingQuoteSchema = z.object({
  /** Each method that can ship the cart there, with its fee in major units of the currency. */
  methods: z.array(z.object({ code: z.string(), fee: z.number() })),
  /** Why no method can, for the shopper; null when one can. */
  message: z.string().nullable(),
});
export type ShippingQuote = z.infer<typeof shippingQuoteSchema>;

/**
 * One way a product ships and what it costs, to a set of countries: the shipping offers of the product page's
 * structured data (decision 104), read by the server's page loader only (no API route). `fee` is in major units
 * of `currency`, for one piece; `days` is the method's promise in business days.
 */
export interface ShippingOffer {
  method: ShippingMethodCode;
  label: string;
  countries: string[];
  fee: number;
  currency: Currency;
  days: { earliest: number; latest: number };
}
