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
import { keptByUrl } from "./kept-by-url";

/**
 * Every catalogue read answers from the service's cache, serialised and compressed once per entry
 * (`sendCachedJson`), so @fastify/compress stays out of these routes. The response schemas stay: they
 * check each entry once and document the API at /api/docs. A URL answered before is answered again from
 * its kept answer before validation (`kept-by-url.ts`, decision 111).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.services.catalog;
  const kept = keptByUrl();

  app.get(
    "/api/get-all-category-list/",
    {
      compress: false,
      preValidation: kept.answer,
      schema: {
        tags: ["catalog"],
        summary: "Navigation categories with their subcategories",
        response: { 200: categoryListResponseSchema },
      },
    },
    async (request, reply) => kept.send(request, reply, await catalog.categoryList()),
  );

  app.get(
    "/api/get-all-products/",
    {
      compress: false,
      preValidation: kept.answer,
      schema: {
        tags: ["catalog"],
        summary: "One page of a category's active products (404 for an unknown category)",
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (request, reply) => kept.send(request, reply, await catalog.listProducts(request.query)),
  );

  app.get(
    "/api/get-product-detail/",
    {
      compress: false,
      preValidation: kept.answer,
      schema: {
        tags: ["catalog"],
        summary: "A product in one size, all its sizes and related products (404 for an unknown product or size)",
        querystring: productDetailQuerySchema,
        response: { 200: productDetailResponseSchema },
      },
    },
    async (request, reply) => kept.send(request, reply, await catalog.productDetail(request.query)),
  );

  app.get(
    "/api/product/get-top-selling-product/",
    {
      compress: false,
      preValidation: kept.answer,
      schema: {
        tags: ["catalog"],
        summary: "Popular products: top selling and active",
        querystring: topSellingQuerySchema,
        response: { 200: topSellingResponseSchema },
      },
    },
    async (request, reply) => kept.send(request, reply, await catalog.topSelling(request.query)),
  );

  app.get(
    "/api/product/product-category/",
    {
      compress: false,
      preValidation: kept.answer,
      schema: {
        tags: ["catalog"],
        summary: "The home page's shop-by-category strip",
        response: { 200: homeCategoryResponseSchema },
      },
    },
    async (request, reply) => kept.send(request, reply, await catalog.homeStrip()),
  );
};
