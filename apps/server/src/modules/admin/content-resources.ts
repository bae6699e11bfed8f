import { asc, desc } from "drizzle-orm";
import {
  promoCodeCreateSchema,
  type AdminBlog, type AdminHomeCategory, type AdminPromoCode, type AdminTestimonial, type BlogCreate, type BlogPatch,
  type HomeCategoryCreate, type HomeCategoryPatch, type PromoCodeCreate, type PromoCodePatch, type TestimonialCreate, type TestimonialPatch,
} from "@store/shared";
import type { Db } from "../../db/client";
import { invalidateCatalogCache } from "../catalog/cache";
import { homeCategories } from "../catalog/tables";
import { createContentService } from "../content/service";
import { blogs, testimonials } from "../content/tables";
import { promoCodes } from "../promo/tables";
import { duplicateField, invalidIssues } from "../../lib/failures";
import { createResource } from "./resource";

const iso = (date: Date | null) => date?.toISOString() ?? null;

function promoView(row: typeof promoCodes.$inferSelect): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    currency: row.currency === "INR" || row.currency === "USD" ? row.currency : null,
    min_amount: row.minAmount,
    min_items: row.minItems,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    max_uses: row.maxUses,
    used_count: row.usedCount,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

function promoColumns(input: PromoCodeCreate) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.value,
    currency: input.currency,
    minAmount: input.min_amount,
    minItems: input.min_items,
    startsAt: input.starts_at === null ? null : new Date(input.starts_at),
    endsAt: input.ends_at === null ? null : new Date(input.ends_at),
    maxUses: input.max_uses,
    isActive: input.is_active,
  };
}

/**
 * An edit is checked together with the code as stored: turning a percent code into a flat one needs a
 * currency, moving the start needs it before the end, whichever of them the edit sends.
 */
function promoUpdate(patch: PromoCodePatch, current: AdminPromoCode) {
  const { id: _id, used_count: _used, created_at: _created, ...stored } = current;
  const merged = promoCodeCreateSchema.safeParse({ ...stored, ...patch });
  if (!merged.success) throw invalidIssues(merged.error.issues);
  return promoColumns(merged.data);
}

function blogView(row: typeof blogs.$inferSelect): AdminBlog {
  return {
    id: row.id,
    title: row.title,
    image: row.image,
    description: row.description,
    product_link: row.productLink,
    date: row.date.toISOString(),
    is_published: row.isPublished,
  };
}

/** Blog text goes through the content service, whose writes sanitise the HTML: one sanitiser, one place. */
const blogInput = <T extends BlogCreate | BlogPatch>(input: T) => ({ ...input, date: input.date === undefined ? undefined : new Date(input.date) });

export function createContentResources(db: Db) {
  return {
    promoCodes: createResource(db, {
      entity: "promo_code",
      label: "Promo code",
      table: promoCodes,
      id: promoCodes.id,
      orderBy: [desc(promoCodes.id)],
      toView: promoView,
      toInsert: promoColumns,
      toUpdate: promoUpdate,
      duplicate: () => duplicateField("code", "This promo code already exists."),
    }),

    homeCategories: createResource(db, {
      entity: "home_category",
      label: "Home category",
      table: homeCategories,
      id: homeCategories.id,
      orderBy: [asc(homeCategories.position), asc(homeCategories.id)],
      toView: (row: typeof homeCategories.$inferSelect): AdminHomeCategory => ({
        id: row.id, name: row.name, media: row.media, navigate_link: row.navigateLink, position: row.position,
      }),
      toInsert: (input: HomeCategoryCreate) => ({ name: input.name, media: input.media, navigateLink: input.navigate_link, position: input.position }),
      toUpdate: (patch: HomeCategoryPatch) => ({ name: patch.name, media: patch.media, navigateLink: patch.navigate_link, position: patch.position }),
      duplicate: () => duplicateField("name", "The strip already has a tile with this name."),
      // The strip is cached with the rest of the catalogue's hot reads.
      afterWrite: invalidateCatalogCache,
    }),

    testimonials: createResource(db, {
      entity: "testimonial",
      label: "Testimonial",
      table: testimonials,
      id: testimonials.id,
      orderBy: [asc(testimonials.position), asc(testimonials.id)],
      toView: (row: typeof testimonials.$inferSelect): AdminTestimonial => ({
        id: row.id, name: row.name, rating: row.rating, message: row.message, position: row.position,
      }),
      toInsert: (input: TestimonialCreate) => input,
      toUpdate: (patch: TestimonialPatch) => patch,
    }),

    blogs: createResource(db, {
      entity: "blog",
      label: "Blog",
      table: blogs,
      id: blogs.id,
      orderBy: [desc(blogs.date), desc(blogs.id)],
      toView: blogView,
      insert: async (tx, input: BlogCreate) => (await createContentService(tx).createBlog(blogInput(input))).id,
      update: async (tx, id, patch: BlogPatch) => void (await createContentService(tx).updateBlog(id, blogInput(patch))),
    }),
  };
}

export type ContentResources = ReturnType<typeof createContentResources>;
