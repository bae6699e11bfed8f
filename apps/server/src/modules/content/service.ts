import { and, asc, desc, eq } from "drizzle-orm";
import {
  MESSAGES,
  type Blog,
  type BlogDetailQuery,
  type BlogDetailResponse,
  type BlogListResponse,
  type CreateQueryRequest,
  type CreateQueryResponse,
  type KeyFeature,
  type SocialFeedResponse,
  type TestimonialListResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { queueNewQueryAlert } from "./query-alert";
import { excerptOf, htmlToText, isSafeLink, sanitizeBlogHtml } from "./sanitize";
import { blogs, contactQueries, socialPosts, testimonials } from "./tables";

/** What the back office writes for a post; `description` is HTML and is sanitised before it is stored. */
export interface BlogInput {
  title: string;
  image: string;
  description: string;
  product_link?: string | null;
  key_features?: KeyFeature[] | null;
  date?: Date;
  is_published?: boolean;
}

type BlogRow = typeof blogs.$inferSelect;

/** A stored post as the API serves it: sanitised again, in case a row was written some other way. */
function toBlog(row: BlogRow): Blog {
  const description = sanitizeBlogHtml(row.description);
  return {
    id: row.id,
    title: row.title,
    image: row.image,
    description,
    excerpt: excerptOf(description),
    product_link: row.productLink && isSafeLink(row.productLink) ? row.productLink : null,
    key_features: plainFeatures(row.keyFeatures),
    date: row.date.toISOString(),
  };
}

/**
 * Key features are plain text: any markup typed into them is dropped (stored and served), so the page can
 * render them as text. An empty list is stored as null: the page then shows the shop's standard list.
 */
function plainFeatures(features: KeyFeature[] | null | undefined): KeyFeature[] | null {
  const plain = (features ?? [])
    .map((f) => ({ title: htmlToText(f.title), text: htmlToText(f.text) }))
    .filter((f) => f.title !== "");
  return plain.length > 0 ? plain : null;
}

/** API field names -> columns, for the fields present; the HTML is sanitised and the link checked here. */
function blogColumns(input: BlogInput): typeof blogs.$inferInsert;
function blogColumns(input: Partial<BlogInput>): Partial<typeof blogs.$inferInsert>;
function blogColumns(input: Partial<BlogInput>): Partial<typeof blogs.$inferInsert> {
  const link = input.product_link?.trim();
  if (link && !isSafeLink(link)) {
    throw new AppError("bad_request", "The product link must be a site path or an http(s) URL.", "VALIDATION_FAILED", [
      { path: "product_link", message: "must be a site path or an http(s) URL" },
    ]);
  }
  return {
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...(input.image !== undefined && { image: input.image.trim() }),
    ...(input.description !== undefined && { description: sanitizeBlogHtml(input.description) }),
    ...(input.product_link !== undefined && { productLink: link || null }),
    ...(input.key_features !== undefined && { keyFeatures: plainFeatures(input.key_features) }),
    ...(input.date !== undefined && { date: input.date }),
    ...(input.is_published !== undefined && { isPublished: input.is_published }),
  };
}

const blogNotFound = () => new AppError("not_found", MESSAGES.blogNotFound);

export function createContentService(db: Db) {
  return {
    /** Published posts, newest first. */
    async listBlogs(): Promise<BlogListResponse> {
      const rows = await db
        .select()
        .from(blogs)
        .where(eq(blogs.isPublished, true))
        .orderBy(desc(blogs.date), desc(blogs.id));
      return { data: rows.map(toBlog) };
    },

    /** One published post; anything else is 'Blog not found' (spec). */
    async blogDetail(query: BlogDetailQuery): Promise<BlogDetailResponse> {
      const [row] = await db
        .select()
        .from(blogs)
        .where(and(eq(blogs.id, query.blog_pk), eq(blogs.isPublished, true)));
      if (!row) throw blogNotFound();
      return { data: toBlog(row) };
    },

    /** For the back office: a new post, its HTML sanitised before it is stored. */
    async createBlog(input: BlogInput): Promise<Blog> {
      const [row] = await db.insert(blogs).values(blogColumns(input)).returning();
      if (!row) throw new AppError("internal", "The blog post was not stored.");
      return toBlog(row);
    },

    /** For the back office: changes the given fields of a post (published or not). */
    async updateBlog(id: number, patch: Partial<BlogInput>): Promise<Blog> {
      const columns = blogColumns(patch);
      const [row] =
        Object.keys(columns).length === 0
          ? await db.select().from(blogs).where(eq(blogs.id, id))
          : await db.update(blogs).set(columns).where(eq(blogs.id, id)).returning();
      if (!row) throw blogNotFound();
      return toBlog(row);
    },

    /** The 8 fixed testimonials, in their set order. */
    async testimonials(): Promise<TestimonialListResponse> {
      const rows = await db.select().from(testimonials).orderBy(asc(testimonials.position), asc(testimonials.id));
      return { data: rows.map((t) => ({ id: t.id, name: t.name, rating: t.rating, message: t.message })) };
    },

    /** The seeded Instagram-style feed, in its set order. */
    async socialFeed(): Promise<SocialFeedResponse> {
      const rows = await db.select().from(socialPosts).orderBy(asc(socialPosts.position), asc(socialPosts.id));
      return { data: rows.map((p) => ({ id: p.id, image: p.image, caption: p.caption, link: p.link })) };
    },

    /** Stores a contact-form message (spec "Query") and queues the seller's alert about it. */
    async createQuery(input: CreateQueryRequest): Promise<CreateQueryResponse> {
      // The message and the seller's alert about it are stored together, or neither.
      const row = await db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(contactQueries)
          .values({
            name: input.name,
            email: input.email,
            countryCode: input.country_code,
            mobileNumber: input.mobile_number,
            query: input.query,
          })
          .returning();
        if (!stored) throw new AppError("internal", "The query was not stored.");
        await queueNewQueryAlert(tx, stored);
        return stored;
      });
      return { id: row.id, message: MESSAGES.contactSuccess };
    },
  };
}
