import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { categoryListResponseSchema } from "@store/shared";

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/get-all-category-list/", {
    schema: { tags: ["catalog"], summary: "Navigation categories with their subcategories", response: { 200: categoryListResponseSchema } },
  }, () => app.services.catalog.categoryList());
};
