import { z } from "zod";
import { idParam } from "./common";
import { calendarDay, INT32_MAX, requiredText, text } from "./input-rules";

/**
 * Quotes (issue 44 point 3, decision 101): a signed-in buyer asks for prices on catalogue products or custom
 * work; the seller answers with a GST-inclusive unit price per line in paise, shipping, validity and terms;
 * the buyer accepts into a cart locked at those prices and checks out as usual.
 */

export const QUOTE_STATUSES = ["requested", "quoted", "accepted", "declined", "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_MAX_LINES = 30;
export const QUOTE_MAX_QUANTITY = 10_000;
/** The most a quoted piece or the shipping may cost: ₹10,00,000 in paise. */
export const QUOTE_MAX_PAISE = 100_000_000;

const quantity = z
  .number({ error: "quantity must be a whole number" })
  .int("quantity must be a whole number")
  .min(1, "quantity must be at least 1")
  .max(QUOTE_MAX_QUANTITY, `quantity can be at most ${QUOTE_MAX_QUANTITY.toLocaleString("en-IN")}`);

const productId = z
  .number({ error: "product_id must be a product's number" })
  .int("product_id must be a whole number")
  .positive("product_id must be positive")
  .max(INT32_MAX, "product_id is too large");

/** One line of a request: a catalogue product (size and colour optional) or custom work described in words. */
export const quoteRequestLineSchema = z
  .object({
    product_id: productId.nullable().default(null),
    size: text("size", 40).default(""),
    colour: text("colour", 60).default(""),
    custom_text: text("custom_text", 1000, { multiline: true }).default(""),
    quantity,
  })
  .strict()
  .refine((l) => (l.product_id === null) !== (l.custom_text === ""), {
    path: ["custom_text"],
    message: "Each line is either a product or custom work described in words, not both and not neither",
  });

/** An Indian mobile number: ten digits from 6 to 9, with +91 or 0 in front or not. */
const phone = requiredText("phone", 20)
  .transform((v) => v.replace(/[\s-]/g, ""))
  .refine((v) => /^(\+91|0)?[6-9]\d{9}$/.test(v), "phone must be an Indian mobile number, e.g. +91 98765 43210")
  .transform((v) => `+91${v.slice(-10)}`);

/** `POST /api/quotes/`: what the buyer wants, by when, and how to reach them. */
export const quoteRequestSchema = z
  .object({
    lines: z
      .array(quoteRequestLineSchema, { error: "lines must be a list" })
      .min(1, "Add at least one line")
      .max(QUOTE_MAX_LINES, `A quote can have at most ${QUOTE_MAX_LINES} lines`),
    wanted_by: calendarDay,
    /** The delivery state (an Indian state or union territory): the proforma's place of supply. */
    state: requiredText("state", 60),
    notes: text("notes", 2000, { multiline: true }).default(""),
    phone,
  })
  .strict();

const paise = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a whole number of paise` })
    .int(`${label} must be a whole number of paise`)
    .min(min, min > 0 ? `${label} must be above zero` : `${label} cannot be below zero`)
    .max(QUOTE_MAX_PAISE, `${label} can be at most ₹10,00,000`);

/**
 * `POST /api/admin/quotes/:id/send`: a price per line (by the line's id; custom work also names the catalogue
 * product and size it is sold as), shipping, the last day it holds, terms and lead time.
 */
export const quoteAnswerSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            id: idParam,
            unit_price_paise: paise("unit_price_paise", 1),
            sold_product_id: productId.nullable().default(null),
            sold_size: text("sold_size", 40).default(""),
          })
          .strict(),
        { error: "lines must be a list" },
      )
      .min(1, "Price every line")
      .max(QUOTE_MAX_LINES, `A quote can have at most ${QUOTE_MAX_LINES} lines`),
    shipping_paise: paise("shipping_paise", 0),
    valid_until: calendarDay,
    terms: text("terms", 2000, { multiline: true }).default(""),
    lead_time_days: z
      .number({ error: "lead_time_days must be a whole number of days" })
      .int("lead_time_days must be a whole number of days")
      .min(0, "lead_time_days cannot be below zero")
      .max(365, "lead_time_days can be at most 365"),
  })
  .strict();

/** `POST /api/admin/quotes/:id/decline`. */
export const quoteDeclineSchema = z.object({ reason: requiredText("reason", 1000, { multiline: true }) }).strict();

export const quoteParamsSchema = z.object({ id: idParam }).strict();

export const quoteLineViewSchema = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string().nullable(),
  size: z.string(),
  colour: z.string(),
  custom_text: z.string(),
  quantity: z.number(),
  unit_price_paise: z.number().nullable(),
  sold_product_id: z.number().nullable(),
  sold_size: z.string(),
});

export const quoteViewSchema = z.object({
  id: z.number(),
  status: z.enum(QUOTE_STATUSES),
  buyer: z.object({ name: z.string(), email: z.string() }),
  phone: z.string(),
  state: z.string(),
  wanted_by: z.string(),
  notes: z.string(),
  lines: z.array(quoteLineViewSchema),
  shipping_paise: z.number().nullable(),
  valid_until: z.string().nullable(),
  terms: z.string(),
  lead_time_days: z.number().nullable(),
  decline_reason: z.string(),
  /** Lines and shipping, GST included (paise); null until quoted. */
  total_paise: z.number().nullable(),
  order_id: z.number().nullable(),
  requested_at: z.string(),
  quoted_at: z.string().nullable(),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

export const quoteListSchema = z.object({ data: z.array(quoteViewSchema) });
