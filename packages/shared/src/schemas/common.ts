import { z } from "zod";
import { CURRENCIES, PAGE_SIZE } from "../constants";
import { INT32_MAX } from "./input-rules";

export const currencySchema = z.enum(CURRENCIES);

/** A positive whole-number id in a query string ("12" -> 12); anything else is a 400. */
export const idParam = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .positive("must be positive")
  .max(INT32_MAX, "is too large");

/** Server-side pagination shared by listing and search ("Explore More" asks for the next page). */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(48).default(PAGE_SIZE),
  currency: currencySchema.default("USD"),
});

export const pageMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  currency: currencySchema,
});
