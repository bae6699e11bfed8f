import { boolean, integer, jsonb, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const blogs = pgTable("blogs", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  image: text("image").notNull(),
  /** HTML, sanitised before it is stored. */
  description: text("description").notNull(),
  /** A path of our own shop (`/product/12`); the back office strips a copied address's origin. */
  productLink: text("product_link"),
  /** The post's own "key features" block; null: the spec's fixed list. */
  keyFeatures: jsonb("key_features").$type<{ title: string; text: string }[]>(),
  date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
  isPublished: boolean("is_published").notNull().default(true),
});

export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull(),
  message: text("message").notNull(),
  position: integer("position").notNull().default(0),
});

/** Seeded posts for the home page's Instagram-style feed (no third-party call). */
export const socialPosts = pgTable("social_posts", {
  id: serial("id").primaryKey(),
  image: text("image").notNull(),
  caption: text("caption").notNull(),
  link: text("link").notNull(),
  position: integer("position").notNull().default(0),
});

/** Contact-page messages (spec: "Query"). */
export const contactQueries = pgTable("contact_queries", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  countryCode: text("country_code").notNull(),
  mobileNumber: text("mobile_number").notNull(),
  query: text("query").notNull(),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
