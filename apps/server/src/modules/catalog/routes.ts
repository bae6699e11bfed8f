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
import { sendCachedJson } from "../../http/cached-json";

/**
 * Every catalogue read answers from the service's cache, serialised and compressed once per entry
 * (`sendCachedJson`), so @fastify/compress stays out of these routes. The response schemas stay: they
 * check each entry once and document the API at /api/docs.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.services.catalog;

  app.get(
    "/api/get-all-category-list/",
    {
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "Navigation categories with their subcategories",
        response: { 200: categoryListResponseSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await catalog.categoryList()),
  );

  app.get(
    "/api/get-all-products/",
    {
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "One page of a category's active products (404 for an unknown category)",
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await catalog.listProducts(request.query)),
  );

  app.get(
    "/api/get-product-detail/",
    {
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "A product in one size, all its sizes and related products (404 for an unknown product or size)",
        querystring: productDetailQuerySchema,
        response: { 200: productDetailResponseSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await catalog.productDetail(request.query)),
  );

  app.get(
    "/api/product/get-top-selling-product/",
    {
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "Popular products: top selling and active",
        querystring: topSellingQuerySchema,
        response: { 200: topSellingResponseSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await catalog.topSelling(request.query)),
  );

  app.get(
    "/api/product/product-category/",
    {
      compress: false,
      schema: {
        tags: ["catalog"],
        summary: "The home page's shop-by-category strip",
        response: { 200: homeCategoryResponseSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await catalog.homeStrip()),
  );
};
