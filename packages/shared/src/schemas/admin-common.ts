import { z } from "zod";
import { CURRENCIES } from "../constants";
import { salesDaySchema, topProductSchema } from "./admin-sales";
import { deliveryOutcomeTotalsSchema } from "./admin-delivery-outcomes";
import { idParam } from "./common";
import { calendarDay, isCleanText, requiredText as textRequired, text, type TextOptions } from "./input-rules";

/**
 * Building blocks of the back office's payloads, shared by the web forms and the server routes so a form
 * shows the same message the API would answer with.
 */

/**
 * A required form field: `message` when it is missing or blank (the spec's "Please enter ...!" texts).
 * The form shows the other messages next to the field, so they say "This ..." (decision 014's rule).
 */
export const requiredText = (message: string, max: number, options: Pick<TextOptions, "multiline"> = {}) =>
  textRequired("This", max, { ...options, missing: message });

export const optionalText = (max: number, options: Pick<TextOptions, "multiline"> = {}) => text("This", max, options);

/**
 * A number typed into a form: "" and null mean "not entered" (so the required message shows, or the
 * default applies), and a numeric string is its number, so the web form can pass input values as they are.
 * Edits pass `empty = null`, where an emptied field means "clear it" rather than "leave it".
 */
export function formNumber<T extends z.ZodType>(inner: T, empty: undefined | null = undefined) {
  return z.preprocess((value) => {
    if (value === "" || value === null) return empty;
    if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
    return value;
  }, inner);
}

/**
 * An image the site may show: one of our own files (`/media/...`) or an absolute https URL.
 * Anything else (http, javascript:, data:, protocol-relative, "..") is refused.
 */
export function isMediaUrl(url: string): boolean {
  if (!isCleanText(url)) return false;
  if (url.startsWith("/"))
    return url.startsWith("/media/") && !url.includes("..") && !url.includes("\\") && !/\s/.test(url);
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}

const MEDIA_URL_MESSAGE = "Use an uploaded image (/media/...) or an https:// address";
export const mediaUrlSchema = z
  .string({ error: MEDIA_URL_MESSAGE })
  .trim()
  .min(1, MEDIA_URL_MESSAGE)
  .max(2000, "This address is too long")
  .refine(isMediaUrl, MEDIA_URL_MESSAGE);
/** An optional image slot: "" or null clears it. */
export const optionalMediaUrl = z.preprocess((value) => (value === "" ? null : value), mediaUrlSchema.nullable());

/** A link the site may put in an href: a site path ("/women") or an https URL. */
export function isSiteLink(url: string): boolean {
  if (!isCleanText(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//") && !url.includes("\\") && !/\s/.test(url);
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}

/** `:id` of every `/api/admin/<things>/:id` route. */
export const adminIdParams = z.object({ id: idParam });

/** Back-office lists: 1-based pages, at most 100 rows. */
export const adminPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export const adminPageMeta = z.object({ total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

/** A query-string boolean: "true"/"false" (and 1/0); anything else is a 400. */
export const queryBoolean = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** `GET /api/admin/audit-log?entity&entity_id&page&page_size` */
export const auditLogQuerySchema = adminPageQuery
  .extend({
    entity: textRequired("entity", 40).optional(),
    entity_id: textRequired("entity_id", 40).optional(),
    /** The e-mail of the person who made the change. */
    actor: textRequired("actor", 254).optional(),
    /** India Standard Time days, inclusive. */
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ["to"],
    message: "The end date is before the start date",
  });

/** One changed field: its value before and after (null when the record did not exist / no longer exists). */
export const fieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  changes: z.record(z.string(), fieldChangeSchema).nullable(),
  created_at: z.string(),
});
export const auditLogResponseSchema = adminPageMeta.extend({ data: z.array(auditEntrySchema) });

/** Uploads come as a data URL (JSON body, no multipart): what a browser's FileReader gives. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

export function parseImageDataUrl(value: string): { type: string; base64: string } | null {
  const match = DATA_URL.exec(value);
  return match?.[1] && match[2] ? { type: match[1], base64: match[2] } : null;
}

/** A shopper's photo (a return's, a review's): a data URL of an image, at most 5 MB once decoded. */
export const shopperPhotoSchema = z
  .string({ error: "Each photo must be an image" })
  .max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 100, "Each photo must be 5 MB at most")
  .superRefine((value, ctx) => {
    const parsed = parseImageDataUrl(value);
    if (!parsed)
      ctx.addIssue({ code: "custom", message: "Each photo must be an image (JPEG, PNG, WebP, GIF or AVIF)" });
    else if (!(UPLOAD_TYPES as readonly string[]).includes(parsed.type))
      ctx.addIssue({ code: "custom", message: "Each photo must be a JPEG, PNG, WebP, GIF or AVIF image" });
  });

/**
 * The request body limit for `photos` base64 photos (4/3 of their bytes) with room for the rest: a body
 * larger than that (a 20 MB photo) is refused with a 413 before it is read.
 */
export const photosBodyLimit = (photos: number): number => Math.ceil((UPLOAD_MAX_BYTES * photos * 4) / 3) + 64 * 1024;

/** `POST /api/admin/uploads`: one image, at most 5 MB once decoded. */
export const uploadRequestSchema = z.object({
  data_url: z
    .string({ error: "Choose an image to upload" })
    .max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 100, "The image is larger than 5 MB")
    .superRefine((value, ctx) => {
      const parsed = parseImageDataUrl(value);
      if (!parsed) ctx.addIssue({ code: "custom", message: "Send the image as a base64 data: URL" });
      else if (!(UPLOAD_TYPES as readonly string[]).includes(parsed.type))
        ctx.addIssue({ code: "custom", message: "Upload a JPEG, PNG, WebP, GIF or AVIF image" });
    }),
});
export const uploadResponseSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});

/** A size with this many pieces or fewer shows on the dashboard as low on stock. */
export const LOW_STOCK_THRESHOLD = 3;

const revenueSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Orders placed in the period: unpaid, unconfirmed and expired checkouts are not orders (UNPLACED_STATUSES). */
  orders: z.number().int(),
  /** Orders that count as revenue: paid, cod_confirmed, shipped, delivered. */
  revenue_orders: z.number().int(),
  /** Their totals, in minor units (paise, cents). */
  revenue_minor: z.number().int(),
});
const periodSchema = z.object({ from: z.string(), orders: z.number().int(), by_currency: z.array(revenueSchema) });

/** `GET /api/admin/dashboard`: days and months are the seller's (India Standard Time). */
export const dashboardResponseSchema = z.object({
  today: periodSchema,
  month: periodSchema,
  low_stock: z.array(
    z.object({
      product_id: z.number().int(),
      product_code: z.number().int(),
      product_name: z.string(),
      size: z.string(),
      stock: z.number().int(),
    }),
  ),
  open_queries: z.number().int(),
  /** What to do today: paid or COD-confirmed orders not shipped yet. */
  to_ship: z.number().int(),
  /** Cash-on-delivery orders waiting for the shopper's e-mailed code (awaiting_confirmation). */
  to_confirm: z.number().int(),
  /** Orders flagged for the seller to look at (a cancelled order's parcel delivered all the same). */
  needs_attention: z.number().int(),
  /** Returns waiting for the seller: to approve or refuse, to check once back, or a cash refund to transfer. */
  returns_to_handle: z.number().int(),
  /** The last SALES_CHART_DAYS IST days, oldest first, today last; days without sales are zeros. */
  sales_by_day: z.array(salesDaySchema),
  /** The last TOP_PRODUCTS_DAYS IST days' best sellers by pieces. */
  top_products: z.array(topProductSchema),
  /** This month's (IST) cart reminder e-mails, links that restored a cart, and carts an order then recovered. */
  cart_reminders: z.object({ sent: z.number().int(), restored: z.number().int(), recovered: z.number().int() }),
  /**
   * What the seller must do about tax, in their words, each with where to do it: confirmed orders whose
   * invoice is held (and why), an LUT that lapses or has lapsed, a missing exchange rate for exports; `action`
   * is the link's text.
   */
  tax_notices: z.array(z.object({ message: z.string(), href: z.string(), action: z.string() })),
  /** This month's (IST) parcels delivered and returned to origin, and the RTOs' freight both ways (decision 091). */
  delivery_outcomes: deliveryOutcomeTotalsSchema,
});

export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
export type UploadRequest = z.infer<typeof uploadRequestSchema>;
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
