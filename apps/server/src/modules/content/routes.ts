import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  blogDetailQuerySchema,
  blogDetailResponseSchema,
  blogListResponseSchema,
  createQueryRequestSchema,
  createQueryResponseSchema,
  socialFeedResponseSchema,
  testimonialListResponseSchema,
} from "@store/shared";

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = app.services.content;

  app.get(
    "/api/get-all-blogs/",
    {
      schema: {
        tags: ["content"],
        summary: "Published blog posts, newest first",
        response: { 200: blogListResponseSchema },
      },
    },
    () => content.listBlogs(),
  );

  app.get(
    "/api/get-blog-detail/",
    {
      schema: {
        tags: ["content"],
        summary: "One published blog post (404 'Blog not found')",
        querystring: blogDetailQuerySchema,
        response: { 200: blogDetailResponseSchema },
      },
    },
    (request) => content.blogDetail(request.query),
  );

  app.get(
    "/api/testimonials/",
    {
      schema: {
        tags: ["content"],
        summary: "The fixed testimonials",
        response: { 200: testimonialListResponseSchema },
      },
    },
    () => content.testimonials(),
  );

  app.get(
    "/api/social-feed/",
    {
      schema: {
        tags: ["content"],
        summary: "The home page's Instagram-style feed",
        response: { 200: socialFeedResponseSchema },
      },
    },
    () => content.socialFeed(),
  );

  app.post(
    "/api/create-query/",
    {
      // The contact form writes rows and may send mail later: a much tighter budget than the global one.
      config: { rateLimit: { max: app.config.contactRateLimitMax, timeWindow: "1 minute" } },
      schema: {
        tags: ["content"],
        summary: "Stores a contact-form message",
        body: createQueryRequestSchema,
        response: { 201: createQueryResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await content.createQuery(request.body)),
  );
};
