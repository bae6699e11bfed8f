import {
  adminBlogSchema,
  adminContactQueryListResponseSchema,
  adminContactQuerySchema,
  adminHomeCategorySchema,
  adminIdParams,
  adminPromoCodeSchema,
  adminQueryListQuerySchema,
  adminReviewListQuerySchema,
  adminReviewListResponseSchema,
  adminReviewSchema,
  adminTestimonialSchema,
  reviewReplyRequestSchema,
  blogCreateSchema,
  blogPatchSchema,
  homeCategoryPatchSchema,
  promoCodeCreateSchema,
  promoCodePatchSchema,
  testimonialCreateSchema,
  testimonialPatchSchema,
} from "@store/shared";
import { ADMIN_ERRORS, crudRoutes, type AdminApp } from "./route-kit";
import { signedInUser } from "../accounts/auth-plugin";

export async function adminContentRoutes(app: AdminApp): Promise<void> {
  const { content, inbox } = app.services.admin;

  crudRoutes(app, "/promo-codes", content.promoCodes, {
    view: adminPromoCodeSchema,
    create: promoCodeCreateSchema,
    patch: promoCodePatchSchema,
    tag: "admin promo codes",
    label: "promo code",
  });
  crudRoutes(app, "/blogs", content.blogs, {
    view: adminBlogSchema,
    create: blogCreateSchema,
    patch: blogPatchSchema,
    tag: "admin blogs",
    label: "blog post",
  });
  crudRoutes(app, "/home-categories", content.homeCategories, {
    view: adminHomeCategorySchema,
    // The spec's ten tiles are seeded: edited, never added or deleted.
    patch: homeCategoryPatchSchema,
    tag: "admin home strip",
    label: "home strip tile",
  });
  crudRoutes(app, "/testimonials", content.testimonials, {
    view: adminTestimonialSchema,
    create: testimonialCreateSchema,
    patch: testimonialPatchSchema,
    tag: "admin testimonials",
    label: "testimonial",
  });

  const reviewTags = ["admin", "admin reviews"];
  app.get(
    "/customer-reviews",
    {
      schema: {
        tags: reviewTags,
        summary: "Customer reviews, newest first (approved=false: the moderation queue)",
        querystring: adminReviewListQuerySchema,
        response: { 200: adminReviewListResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => inbox.listReviews(request.query),
  );
  for (const [action, approved] of [
    ["approve", true],
    ["hide", false],
  ] as const) {
    app.post(
      `/customer-reviews/:id/${action}`,
      {
        schema: {
          tags: reviewTags,
          summary: approved ? "Show the review on the site" : "Hide the review from the site",
          params: adminIdParams,
          response: { 200: adminReviewSchema, ...ADMIN_ERRORS },
        },
      },
      (request) => inbox.setReviewApproval(signedInUser(request), request.params.id, approved),
    );
  }

  app.post(
    "/customer-reviews/:id/reply",
    {
      schema: {
        tags: reviewTags,
        summary: "Reply under the review as the seller (an empty reply removes it)",
        params: adminIdParams,
        body: reviewReplyRequestSchema,
        response: { 200: adminReviewSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => inbox.replyToReview(signedInUser(request), request.params.id, request.body.reply),
  );

  const queryTags = ["admin", "admin queries"];
  app.get(
    "/queries",
    {
      schema: {
        tags: queryTags,
        summary: "Contact-form messages, newest first (handled=false: the inbox)",
        querystring: adminQueryListQuerySchema,
        response: { 200: adminContactQueryListResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => inbox.listQueries(request.query),
  );
  app.post(
    "/queries/:id/handled",
    {
      schema: {
        tags: queryTags,
        summary: "Mark a message handled",
        params: adminIdParams,
        response: { 200: adminContactQuerySchema, ...ADMIN_ERRORS },
      },
    },
    (request) => inbox.markQueryHandled(signedInUser(request), request.params.id),
  );
}
