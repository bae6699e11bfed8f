import { z } from "zod";
import { CURRENCIES } from "../constants";
import { calendarDay } from "./input-rules";

/** How many IST days the dashboard's sales chart covers, ending today. */
export const SALES_CHART_DAYS = 90;
/** How many IST days "top products" looks back, ending today. */
export const TOP_PRODUCTS_DAYS = 30;
/** How many products "top products" lists. */
export const TOP_PRODUCTS_LIMIT = 5;
/** The longest period one sales report covers: two years of days, a file a spreadsheet opens at once. */
export const SALES_REPORT_MAX_DAYS = 731;

export const SALES_GROUPS = ["day", "product", "category"] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/**
 * `GET /api/admin/sales` and `GET /api/admin/sales.csv`: `from` and `to` are inclusive IST days (both
 * required, so a link or a saved CSV always says which period it is).
 */
export const salesReportQuerySchema = z
  .object({
    from: calendarDay,
    to: calendarDay,
    group: z.enum(SALES_GROUPS, { error: "Group by day, product or category" }).default("day"),
  })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "The end date is before the start date" })
  .refine((q) => q.from > q.to || daysBetween(q.from, q.to) < SALES_REPORT_MAX_DAYS, {
    path: ["to"],
    message: `A report covers at most ${SALES_REPORT_MAX_DAYS} days; choose a shorter period`,
  });

/**
 * What the report counts (decision 063): an order is sold on the IST day it is confirmed, at its total then;
 * what is taken back later (pieces cancelled, a cancellation less its fee, goods returned, a parcel returned
 * undelivered, a whole refund) counts on the day it happens, as the GST figures net credit notes in their month.
 */
export const SALES_NETTING_NOTE =
  "Orders count on the day they are confirmed; cancellations, returns and refunds are taken off on the day they happen, as credit notes are in the GST figures. Days are India time.";

const salesMeasures = {
  /** Orders confirmed in the period (for a product or a category: orders containing it). */
  orders: z.number().int(),
  /** Pieces sold less pieces taken back, in the period. */
  pieces: z.number().int(),
  /** By day and in total: the orders' totals (what the shopper paid). By product or category: item prices x pieces. */
  sold_minor: z.number().int(),
  /** What was taken back in the period, measured as `sold_minor` is. */
  taken_back_minor: z.number().int(),
  /** Net: sold less taken back. */
  revenue_minor: z.number().int(),
};

/** One line of the report: a day, a product or a category, in one currency. */
export const salesReportRowSchema = z.object({
  /** The IST day (2026-03-31), the product id or the category id, as text. */
  key: z.string(),
  label: z.string(),
  currency: z.enum(CURRENCIES),
  ...salesMeasures,
});

export const salesReportResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(SALES_GROUPS),
  data: z.array(salesReportRowSchema),
  /** Per currency, over the whole period. */
  totals: z.array(z.object({ currency: z.enum(CURRENCIES), ...salesMeasures })),
});

/** One IST day of the dashboard's chart: orders and their totals per currency (zero days included). */
export const salesDaySchema = z.object({
  day: z.string(),
  by_currency: z.array(
    z.object({ currency: z.enum(CURRENCIES), orders: z.number().int(), revenue_minor: z.number().int() }),
  ),
});

export const topProductSchema = z.object({
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  pieces: z.number().int(),
  /** Item prices x pieces, per currency the product sold in. */
  revenue: z.array(z.object({ currency: z.enum(CURRENCIES), revenue_minor: z.number().int() })),
});

export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;
export type SalesReportResponse = z.infer<typeof salesReportResponseSchema>;
export type SalesDay = z.infer<typeof salesDaySchema>;
export type TopProduct = z.infer<typeof topProductSchema>;
