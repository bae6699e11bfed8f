import { z } from "zod";
import { calendarDay } from "./input-rules";

/**
 * The seller's numbers (issue 45 point 3, decision 105). `POST /api/events`: a batch of what one shopper's
 * browser saw, sent after the page loaded; no identifier in it (the server derives the day's session).
 */
export const NUMBERS_BATCH_MAX = 30;
/** How many of a search's products it reports (the first page): enough to see a search lead to a sale. */
export const NUMBERS_SEARCH_IDS_MAX = 48;

const tag = z.string().trim().max(100, "At most 100 characters").optional();
const productId = z.number({ error: "A product id is a number" }).int().positive().max(2_147_483_647);

const visitEvent = z.object({
  type: z.literal("visit"),
  path: z.string().max(500, "At most 500 characters").startsWith("/", "A path starts with /"),
  /** document.referrer on the page load that began the visit; the server keeps its host only. */
  referrer: z.string().max(2000, "At most 2,000 characters").optional(),
  utm_source: tag,
  utm_medium: tag,
  utm_campaign: tag,
});

export const numbersEventSchema = z.discriminatedUnion(
  "type",
  [
    visitEvent,
    z.object({ type: z.literal("product_view"), product_id: productId }),
    z.object({ type: z.literal("add_to_cart"), product_id: productId }),
    z.object({ type: z.literal("checkout_started") }),
    z.object({
      type: z.literal("search"),
      query: z.string().trim().min(1, "A search has a query").max(200, "At most 200 characters"),
      results: z.number().int().min(0).max(10_000_000),
      product_ids: z.array(productId).max(NUMBERS_SEARCH_IDS_MAX).default([]),
    }),
  ],
  { error: "Each event has a type: visit, product_view, add_to_cart, checkout_started or search" },
);
export type NumbersEvent = z.input<typeof numbersEventSchema>;

export const numbersBatchSchema = z.object({
  events: z
    .array(numbersEventSchema)
    .min(1, "Send at least one event")
    .max(NUMBERS_BATCH_MAX, `Send at most ${NUMBERS_BATCH_MAX} events at once`),
});
export type NumbersBatch = z.output<typeof numbersBatchSchema>;

/** A search's query as it is counted: lower case, spaces folded, so "Kantha  Quilt" and "kantha quilt" are one. */
export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, " ").slice(0, 200);
}

export const NUMBERS_DEVICES = ["all", "mobile", "desktop"] as const;
export const NUMBERS_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `GET /api/admin/numbers` and its CSVs: inclusive IST days, a device class and a country (ISO code), both optional. */
export const numbersQuerySchema = z
  .object({
    from: calendarDay,
    to: calendarDay,
    device: z.enum(NUMBERS_DEVICES, { error: "Device is all, mobile or desktop" }).default("all"),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2}|--)?$/, "Country is a two-letter code like IN, or -- for unknown")
      .default(""),
  })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "The end date is before the start date" })
  .refine((q) => q.from > q.to || (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < NUMBERS_MAX_DAYS, {
    path: ["to"],
    message: `The numbers cover at most ${NUMBERS_MAX_DAYS} days; choose a shorter period`,
  });
export type NumbersQuery = z.output<typeof numbersQuerySchema>;

export const NUMBERS_TABLES = [
  "funnel",
  "searches-without-results",
  "searches-with-sales",
  "viewed-not-bought",
  "sources",
] as const;
export const numbersCsvParamsSchema = z.object({
  table: z.enum(NUMBERS_TABLES, { error: `The table is one of ${NUMBERS_TABLES.join(", ")}` }),
});

const count = z.number().int();
export const numbersReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  funnel: z.array(
    z.object({
      day: z.string(),
      visits: count,
      product_views: count,
      add_to_cart: count,
      checkout_started: count,
      paid: count,
    }),
  ),
  searches_without_results: z.array(z.object({ query: z.string(), searches: count })),
  searches_with_sales: z.array(z.object({ query: z.string(), sales: count })),
  viewed_not_bought: z.array(z.object({ product_id: count, name: z.string(), views: count, bought: count })),
  sources: z.array(
    z.object({
      referrer_host: z.string(),
      utm_source: z.string(),
      utm_medium: z.string(),
      utm_campaign: z.string(),
      visits: count,
      paid: count,
    }),
  ),
  /** The countries seen in the period, for the filter. */
  countries: z.array(z.string()),
});
export type NumbersReport = z.infer<typeof numbersReportSchema>;

export const numbersSettingsSchema = z.object({
  retention_days: z
    .number({ error: "Keep raw events for a number of days" })
    .int("Keep raw events for a whole number of days")
    .min(7, "Keep raw events for at least 7 days")
    .max(730, "Keep raw events for at most 730 days"),
});
export type NumbersSettings = z.infer<typeof numbersSettingsSchema>;
