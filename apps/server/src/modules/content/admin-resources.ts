import { asc, desc } from "drizzle-orm";
import type {
  AdminBlog,
  AdminTestimonial,
  BlogCreate,
  BlogPatch,
  TestimonialCreate,
  TestimonialPatch,
} from "@store/shared";
import { tableResource } from "../../lib/table-resource";
import { invalidateCatalogCache } from "../catalog/cache";
import { createContentService } from "./service";
import { blogs, testimonials } from "./tables";

/** The testimonials and blog posts as the back office edits them. */

export const testimonialResource = tableResource({
  entity: "testimonial",
  label: "Testimonial",
  table: testimonials,
  id: testimonials.id,
  orderBy: [asc(testimonials.position), asc(testimonials.id)],
  toView: (row: typeof testimonials.$inferSelect): AdminTestimonial => ({
    id: row.id,
    name: row.name,
    rating: row.rating,
    message: row.message,
    position: row.position,
  }),
  toInsert: (input: TestimonialCreate) => input,
  toUpdate: (patch: TestimonialPatch) => patch,
  // The home page shows them, and rendered pages are kept until the catalogue's generation moves (decision 044).
  afterWrite: invalidateCatalogCache,
});

function blogView(row: typeof blogs.$inferSelect): AdminBlog {
  return {
    id: row.id,
    title: row.title,
    image: row.image,
    description: row.description,
    product_link: row.productLink,
    key_features: row.keyFeatures ?? null,
    date: row.date.toISOString(),
    is_published: row.isPublished,
  };
}

/** Blog text goes through the content service, whose writes sanitise the HTML: one sanitiser, one place. */
const blogInput = <T extends BlogCreate | BlogPatch>(input: T) => ({
  ...input,
  date: input.date === undefined ? undefined : new Date(input.date),
});

export const blogResource = tableResource({
  entity: "blog",
  label: "Blog",
  table: blogs,
  id: blogs.id,
  orderBy: [desc(blogs.date), desc(blogs.id)],
  toView: blogView,
  insert: async (tx, input: BlogCreate) => (await createContentService(tx).createBlog(blogInput(input))).id,
  update: async (tx, id, patch: BlogPatch) => void (await createContentService(tx).updateBlog(id, blogInput(patch))),
  // The blog list and the post are kept rendered too (decision 049).
  afterWrite: invalidateCatalogCache,
});
