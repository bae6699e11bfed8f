import { adminFeedsResponseSchema } from "@store/shared";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

/**
 * The product feeds as the channels fetch them now (issue 45, decision 103): each one's address, when it was
 * built and how many products it holds, and the products left out with why. Owner only, like the sales
 * screens: where the shop is advertised is the owner's business.
 */
export async function adminFeedRoutes(app: AdminApp): Promise<void> {
  const feeds = app.services.feeds;
  app.get(
    "/feeds",
    {
      schema: {
        tags: ["admin", "admin sales"],
        summary:
          "Product feeds (Google Merchant Center, Meta catalogue): addresses, build times, counts and exclusions",
        response: { 200: adminFeedsResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => feeds.summary(),
  );
}
