import {
  adminIdParams,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductSchema,
  catalogueSettingsSchema,
  nextProductCodeSchema,
  productCreateSchema,
  productPatchSchema,
  uploadRequestSchema,
  uploadResponseSchema,
  UPLOAD_MAX_BYTES,
} from "@store/shared";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";
import { signedInUser } from "../accounts/auth-plugin";

/** Base64 makes 5 MB of image about 6.7 MB of JSON; the upload route alone accepts that much. */
const UPLOAD_BODY_LIMIT = Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

export async function adminProductRoutes(app: AdminApp): Promise<void> {
  const products = app.services.admin.products;
  const tags = ["admin", "admin products"];

  app.get(
    "/products",
    {
      schema: {
        tags,
        summary: "Products, newest first, inactive included; search by name or code",
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListResponseSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => products.list(request.query),
  );

  // A static path: Fastify matches it before /products/:id.
  app.get(
    "/products/next-code",
    {
      schema: {
        tags,
        summary: "The next free product code, for the add form to suggest",
        response: { 200: nextProductCodeSchema, ...ADMIN_ERRORS },
      },
    },
    () => products.nextCode(),
  );

  app.get(
    "/products/:id",
    {
      schema: {
        tags,
        summary: "One product with every size, its prices and stock",
        params: adminIdParams,
        response: { 200: adminProductSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => products.get(request.params.id),
  );

  app.post(
    "/products",
    {
      schema: {
        tags,
        summary: "Add a product (the add-item form); 409 for a product code in use",
        body: productCreateSchema,
        response: { 201: adminProductSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => reply.status(201).send(await products.create(signedInUser(request), request.body)),
  );

  app.patch(
    "/products/:id",
    {
      schema: {
        tags,
        summary: "Change any fields, add or change sizes, (de)activate",
        params: adminIdParams,
        body: productPatchSchema,
        response: { 200: adminProductSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => products.update(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    "/products/:id/duplicate",
    {
      schema: {
        tags,
        summary: "Copy a product as a new inactive draft: next free code, same details, images and sizes, stock 0",
        params: adminIdParams,
        response: { 201: adminProductSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await products.duplicate(signedInUser(request), request.params.id)),
  );

  app.get(
    "/catalogue-settings",
    {
      schema: {
        tags,
        summary: "Where new products appear in listings (newest or oldest first)",
        response: { 200: catalogueSettingsSchema, ...ADMIN_ERRORS },
      },
    },
    () => products.settings(),
  );

  app.patch(
    "/catalogue-settings",
    {
      schema: {
        tags,
        summary: "Change where new products appear in listings",
        body: catalogueSettingsSchema,
        response: { 200: catalogueSettingsSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => products.saveSettings(signedInUser(request), request.body),
  );

  app.post(
    "/uploads",
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: "Upload an image (base64 data URL, 5 MB at most); stored as WebP at most 1200 px wide",
        body: uploadRequestSchema,
        response: { 201: uploadResponseSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.services.admin.uploads.store(signedInUser(request), request.body)),
  );
}
