import { z } from "zod";
import { CURRENCIES } from "../constants";
import {
  adminPageMeta,
  adminPageQuery,
  formNumber,
  isSiteLink,
  mediaUrlSchema,
  queryBoolean,
  requiredText,
} from "./admin-common";
import { dateTime } from "./input-rules";
import { REVIEW_FITS } from "./reviews";
import { shopLinkSchema } from "./shop-link";

type Issues = { addIssue(issue: { code: "custom"; path: string[]; message: string }): void };

const siteLink = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(2000, "This link is too long")
    .refine(isSiteLink, "Use a site path (/women) or an https:// address");
const positionNumber = z
  .number({ error: "Enter the position as a number" })
  .int("Enter a whole number")
  .min(0, "The position cannot be negative")
  .max(10_000);
const position = formNumber(positionNumber);
const positionWithDefault = formNumber(positionNumber.default(0));

/* ---------- promo codes ---------- */

export const PROMO_KINDS = ["percent", "flat"] as const;
export const PROMO_INACTIVE_REASONS = ["inactive", "not_started", "expired", "used_up"] as const;
export type PromoInactiveReason = (typeof PROMO_INACTIVE_REASONS)[number];

const minAmount = z
  .number({ error: "Enter a number" })
  .int("Enter a whole number")
  .min(0, "This cannot be negative")
  .max(100_000_000);
const minItems = z
  .number({ error: "Enter a number" })
  .int("Enter a whole number")
  .min(0, "This cannot be negative")
  .max(10_000);
const maxUses = z
  .number({ error: "Enter a number" })
  .int("Enter a whole number")
  .min(1, "Allow at least one use")
  .max(1_000_000, "This is too large");

/** Every promo field, without defaults: an edit is any subset of these. */
const promoFields = {
  code: requiredText("Please enter the promo code!", 40)
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,40}$/, "Use 3 to 40 letters, digits, - or _"),
  kind: z.enum(PROMO_KINDS, { error: "Choose percent or flat" }),
  value: formNumber(
    z
      .number({ error: "Please enter the discount value!" })
      .int("Enter a whole number")
      .min(1, "The discount must be at least 1")
      .max(1_000_000),
  ),
  /** Flat codes need their currency; a percent code without one applies in both. */
  currency: z.enum(CURRENCIES).nullable(),
  min_amount: formNumber(minAmount),
  /** The currency the minimum is written in; a cart in the other one compares it converted (promoMinimumMinor). */
  min_amount_currency: z.enum(CURRENCIES, { error: "Choose INR or USD for the minimum" }),
  min_items: formNumber(minItems),
  starts_at: dateTime.nullable(),
  ends_at: dateTime.nullable(),
  /** null: unlimited. */
  max_uses: formNumber(maxUses.nullable(), null),
  is_active: z.boolean(),
};

type PromoShape = {
  kind?: string;
  value?: number;
  currency?: string | null;
  min_amount?: number;
  min_amount_currency?: string;
  starts_at?: string | null;
  ends_at?: string | null;
};
/** Rules between fields; the service runs them again on the stored code merged with an edit. */
export function checkPromo(value: PromoShape, ctx: Issues): void {
  if (value.kind === "percent" && value.value !== undefined && value.value > 100)
    ctx.addIssue({ code: "custom", path: ["value"], message: "A percent discount cannot exceed 100" });
  if (value.kind === "flat" && value.currency === null)
    ctx.addIssue({ code: "custom", path: ["currency"], message: "A flat discount needs its currency" });
  // A bare number was read as USD before, and "1999" meant rupees to the seller: a minimum names its currency.
  if (value.min_amount && value.min_amount_currency === undefined && !value.currency)
    ctx.addIssue({ code: "custom", path: ["min_amount_currency"], message: "Choose INR or USD for the minimum" });
  if (value.starts_at && value.ends_at && Date.parse(value.ends_at) <= Date.parse(value.starts_at)) {
    ctx.addIssue({ code: "custom", path: ["ends_at"], message: "The end must be after the start" });
  }
}

/**
 * `POST /api/admin/promo-codes`. The flat value is in major units of `currency`; the minimum in major units
 * of `min_amount_currency` (when left out: the code's currency; a minimum of 0 needs none).
 */
export const promoCodeCreateSchema = z
  .object({
    ...promoFields,
    currency: promoFields.currency.default(null),
    min_amount: formNumber(minAmount.default(0)),
    min_amount_currency: promoFields.min_amount_currency.optional(),
    min_items: formNumber(minItems.default(0)),
    starts_at: promoFields.starts_at.default(null),
    ends_at: promoFields.ends_at.default(null),
    max_uses: formNumber(maxUses.nullable().default(null), null),
    is_active: promoFields.is_active.default(true),
  })
  .superRefine(checkPromo);
/** `PATCH /api/admin/promo-codes/:id` */
export const promoCodePatchSchema = z.object(promoFields).partial().superRefine(checkPromo);

export const adminPromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number().int(),
  currency: z.enum(CURRENCIES).nullable(),
  min_amount: z.number().int(),
  min_amount_currency: z.enum(CURRENCIES),
  min_items: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  used_count: z.number().int(),
  is_active: z.boolean(),
  /** Why shoppers cannot use it now, whatever is_active says (null: usable). */
  inactive_reason: z.enum(PROMO_INACTIVE_REASONS).nullable(),
  created_at: z.string(),
});

/* ---------- blog posts ---------- */

const keyFeatureSchema = z.object({
  title: requiredText("Give each key feature a title", 80),
  text: z.string().trim().max(300, "Keep a feature's text under 300 characters").default(""),
});
export const KEY_FEATURES_MAX = 8;

const blogFields = {
  title: requiredText("Please enter the title!", 200),
  image: mediaUrlSchema,
  /** HTML from the editor; the server keeps only safe tags (no scripts, styles or event handlers). */
  description: requiredText("Please enter the post!", 200_000, { multiline: true }),
  /** Any address of our shop; stored as its path. */
  product_link: z.preprocess((v) => (v === "" ? null : v), shopLinkSchema.nullable()),
  /** The post's own "key features"; null or [] shows the shop's standard list. */
  key_features: z
    .array(keyFeatureSchema)
    .max(KEY_FEATURES_MAX, `List at most ${KEY_FEATURES_MAX} key features`)
    .nullable(),
  date: dateTime,
  is_published: z.boolean(),
};
/** `POST /api/admin/blogs` */
export const blogCreateSchema = z.object({
  ...blogFields,
  product_link: blogFields.product_link.optional(),
  key_features: blogFields.key_features.default(null),
  date: dateTime.optional(),
  is_published: z.boolean().default(true),
});
/** `PATCH /api/admin/blogs/:id` */
export const blogPatchSchema = z.object(blogFields).partial();
const keyFeatureViewSchema = z.object({ title: z.string(), text: z.string() });
export const adminBlogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** As stored: already sanitised. */
  description: z.string(),
  product_link: z.string().nullable(),
  key_features: z.array(keyFeatureViewSchema).nullable(),
  date: z.string(),
  is_published: z.boolean(),
});
export type KeyFeature = z.infer<typeof keyFeatureViewSchema>;

/* ---------- home category strip ---------- */

/**
 * `PATCH /api/admin/home-categories/:id`. The strip is the spec's ten names, seeded: a tile is edited
 * (image, link, order, shown or hidden), never added, renamed or deleted.
 */
export const homeCategoryPatchSchema = z
  .object({
    media: mediaUrlSchema,
    navigate_link: siteLink("Please enter the link!"),
    position,
    is_shown: z.boolean({ error: "Choose shown or hidden" }),
  })
  .partial();
export const adminHomeCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  media: z.string(),
  navigate_link: z.string(),
  position: z.number().int(),
  is_shown: z.boolean(),
});

/* ---------- testimonials ---------- */

const RATING_MESSAGE = "The rating must be 1 to 5 in half steps";
const testimonialFields = {
  name: requiredText("Please enter the name!", 120),
  rating: formNumber(
    z.number({ error: RATING_MESSAGE }).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE).multipleOf(0.5, RATING_MESSAGE),
  ),
  message: requiredText("Please enter the message!", 2000, { multiline: true }),
  position,
};
export const testimonialCreateSchema = z.object({ ...testimonialFields, position: positionWithDefault });
export const testimonialPatchSchema = z.object(testimonialFields).partial();
export const adminTestimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rating: z.number(),
  message: z.string(),
  position: z.number().int(),
});

/* ---------- customer reviews and contact queries ---------- */

/** `GET /api/admin/customer-reviews?approved&page` */
export const adminReviewListQuerySchema = adminPageQuery.extend({ approved: queryBoolean.optional() });
export const adminReviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  name: z.string(),
  location: z.string(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  is_approved: z.boolean(),
  verified: z.boolean(),
  order_id: z.number().int().nullable(),
  size: z.string().nullable(),
  fit: z.enum(REVIEW_FITS).nullable(),
  photos: z.array(z.string()),
  seller_reply: z.string().nullable(),
  seller_reply_at: z.string().nullable(),
  created_at: z.string(),
});
export const adminReviewListResponseSchema = adminPageMeta.extend({ data: z.array(adminReviewSchema) });

/** `GET /api/admin/queries?handled&page`: newest first. */
export const adminQueryListQuerySchema = adminPageQuery.extend({ handled: queryBoolean.optional() });
export const adminContactQuerySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  country_code: z.string(),
  mobile_number: z.string(),
  query: z.string(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export const adminContactQueryListResponseSchema = adminPageMeta.extend({ data: z.array(adminContactQuerySchema) });

export type PromoCodeCreate = z.infer<typeof promoCodeCreateSchema>;
export type PromoCodePatch = z.infer<typeof promoCodePatchSchema>;
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;
export type BlogCreate = z.infer<typeof blogCreateSchema>;
export type BlogPatch = z.infer<typeof blogPatchSchema>;
export type AdminBlog = z.infer<typeof adminBlogSchema>;
export type HomeCategoryPatch = z.infer<typeof homeCategoryPatchSchema>;
export type AdminHomeCategory = z.infer<typeof adminHomeCategorySchema>;
export type TestimonialCreate = z.infer<typeof testimonialCreateSchema>;
export type TestimonialPatch = z.infer<typeof testimonialPatchSchema>;
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;
export type AdminReviewListQuery = z.infer<typeof adminReviewListQuerySchema>;
export type AdminReview = z.infer<typeof adminReviewSchema>;
export type AdminReviewListResponse = z.infer<typeof adminReviewListResponseSchema>;
export type AdminQueryListQuery = z.infer<typeof adminQueryListQuerySchema>;
export type AdminContactQuery = z.infer<typeof adminContactQuerySchema>;
export type AdminContactQueryListResponse = z.infer<typeof adminContactQueryListResponseSchema>;
