import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  categoryListResponseSchema,
  homeCategoryResponseSchema,
  productDetailQuerySchema,
  productDetailResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  topSellingQuerySchema,
  topSellingResponseSchema,
} from "@store/shared";

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.services.catalog;

  app.get("/api/get-all-category-list/", {
    schema: { tags: ["catalog"], summary: "Navigation categories with their subcategories", response: { 200: categoryListResponseSchema } },
  }, () => catalog.categoryList());

  app.get("/api/get-all-products/", {
    schema: {
      tags: ["catalog"],
      summary: "One page of a category's active products (404 for an unknown category)",
      querystring: productListQuerySchema,
      response: { 200: productListResponseSchema },
    },
  }, (request) => catalog.listProducts(request.query));

  app.get("/api/get-product-detail/", {
    schema: {
      tags: ["catalog"],
      summary: "A product in one size, all its sizes and related products (404 for an unknown product or size)",
      querystring: productDetailQuerySchema,
      response: { 200: productDetailResponseSchema },
    },
  }, (request) => catalog.productDetail(request.query));

  app.get("/api/product/get-top-selling-product/", {
    schema: {
      tags: ["catalog"],
      summary: "Popular products: top selling and active",
      querystring: topSellingQuerySchema,
      response: { 200: topSellingResponseSchema },
    },
  }, (request) => catalog.topSelling(request.query));

  app.get("/api/product/product-category/", {
    schema: { tags: ["catalog"], summary: "The home page's shop-by-category strip", response: { 200: homeCategoryResponseSchema } },
  }, () => catalog.homeStrip());
};
