import { z } from "zod";
import { idParam } from "./common";
import { requiredText } from "./input-rules";

export const blogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  /** Plain-text opening of the post, for cards. */
  excerpt: z.string(),
  product_link: z.string().nullable(),
  /** The post's own key features (plain text); null: the shop's standard list. */
  key_features: z.array(z.object({ title: z.string(), text: z.string() })).nullable(),
  date: z.string(),
});

/** `GET /api/get-all-blogs/` */
export const blogListResponseSchema = z.object({ data: z.array(blogSchema) });
/** `GET /api/get-blog-detail/?blog_pk` (404 'Blog not found') */
export const blogDetailQuerySchema = z.object({ blog_pk: idParam });
export const blogDetailResponseSchema = z.object({ data: blogSchema });

export const testimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rating: z.number(),
  message: z.string(),
});
/** `GET /api/testimonials/` (ours: the 8 fixed testimonials) */
export const testimonialListResponseSchema = z.object({ data: z.array(testimonialSchema) });

export const customerReviewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  product_id: z.number().int().nullable(),
  date: z.string(),
});
/** `GET /api/customer-reviews/` (ours: approved reviews only) */
export const customerReviewListResponseSchema = z.object({ data: z.array(customerReviewSchema) });

export const socialPostSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  caption: z.string(),
  link: z.string(),
});
/** `GET /api/social-feed/` (ours: the seeded Instagram-style feed; no third-party call) */
export const socialFeedResponseSchema = z.object({ data: z.array(socialPostSchema) });

/** `POST /api/create-query/`: the contact form (spec "Query"); the same schema checks the form and the route. */
export const createQueryRequestSchema = z.object({
  name: requiredText("Name", 120),
  email: requiredText("Email", 254).pipe(z.email("Email is not a valid e-mail address")),
  country_code: requiredText("Country", 60),
  mobile_number: requiredText("Mobile number", 20).pipe(
    z.string().regex(/^[+\d][\d\s()-]{5,19}$/, "Mobile number is not a valid phone number"),
  ),
  query: requiredText("Message", 5000, { multiline: true }),
});
export const createQueryResponseSchema = z.object({ id: z.number().int(), message: z.string() });

export type Blog = z.infer<typeof blogSchema>;
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;
export type BlogDetailQuery = z.infer<typeof blogDetailQuerySchema>;
export type BlogDetailResponse = z.infer<typeof blogDetailResponseSchema>;
export type TestimonialListResponse = z.infer<typeof testimonialListResponseSchema>;
export type CustomerReviewListResponse = z.infer<typeof customerReviewListResponseSchema>;
export type SocialFeedResponse = z.infer<typeof socialFeedResponseSchema>;
export type CreateQueryResponse = z.infer<typeof createQueryResponseSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type CustomerReview = z.infer<typeof customerReviewSchema>;
export type CreateQueryRequest = z.infer<typeof createQueryRequestSchema>;
