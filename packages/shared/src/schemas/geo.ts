import { z } from "zod";
import { countryName } from "../gst";

/**
 * `GET /api/geo/`: the shopper's country from their IP (offline database or the CDN's header), as an
 * ISO 3166-1 alpha-2 code. Null when it cannot be told (loopback, private network, unknown range); the
 * browser then falls back to geolocation and INR as the spec's currency detection says.
 */
export const geoResponseSchema = z.object({ country_code: z.string().length(2).nullable() });
export type GeoResponse = z.infer<typeof geoResponseSchema>;

/** The words for a PIN code that is not six digits (the first not 0), shared by the lookup and the checkout. */
export const PIN_CODE_SHAPE_TEXT = "Enter a valid 6-digit PIN code.";

/** `GET /api/pincodes/:pin`: a PIN code as India Post's directory has it. */
export const pincodeParamsSchema = z.object({
  pin: z
    .string({ error: PIN_CODE_SHAPE_TEXT })
    .trim()
    .regex(/^[1-9]\d{5}$/, PIN_CODE_SHAPE_TEXT),
});

/**
 * The town (the district's name), the district, the state as the GST list names it with its code, and the
 * places its post offices serve (localities, villages): a typed city among them is not questioned.
 */
export const pincodeResponseSchema = z.object({
  pin: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  state_code: z.string(),
  places: z.array(z.string()),
});

/** Why a 6-digit PIN code is refused: India Post's directory does not have it. */
export const unknownPinText = (pin: string) =>
  `We do not know the PIN code ${pin}. Please check it: it is on your post or bank letters.`;

/**
 * `GET /api/delivery-promise?pin=302022&country=IN&currency=INR`: the delivery date and whether cash on
 * delivery is available there. `pin` is required for India; abroad it is not looked up. `currency` says
 * whether cash on delivery could apply at all (INR only).
 */
export const deliveryPromiseQuerySchema = z.object({
  pin: z.string({ error: "pin must be text" }).trim().max(12, "pin is too long").optional().default(""),
  country: z
    .string({ error: "country must be a country code such as IN or GB" })
    .trim()
    .toUpperCase()
    .refine((code) => countryName(code) !== null, "country must be a country code such as IN or GB")
    .optional()
    .default("IN"),
  currency: z.enum(["INR", "USD"], { error: "currency must be INR or USD" }).optional().default("INR"),
});

export const deliveryPromiseSchema = z.object({
  pin: z.string().nullable(),
  country: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** False: the courier does not deliver to this PIN code, and checkout refuses it. */
  serviceable: z.boolean(),
  /** IST calendar days ("2026-12-03"), null where there is no delivery. */
  earliest_date: z.string().nullable(),
  latest_date: z.string().nullable(),
  /** "Deliver to 302022: by Thu 3 Dec, cash on delivery available". */
  text: z.string(),
  cod_available: z.boolean(),
  /** The courier's serviceability answer, or the shipping policy when there is none in time. */
  source: z.enum(["courier", "policy"]),
});

export type PincodeResponse = z.infer<typeof pincodeResponseSchema>;
export type DeliveryPromise = z.infer<typeof deliveryPromiseSchema>;
