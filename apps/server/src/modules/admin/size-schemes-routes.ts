import {
  sizeSchemeParamsSchema,
  sizeSchemeSchema,
  sizeSchemesResponseSchema,
  sizeSchemeWriteSchema,
} from "@store/shared";
import { signedInUser } from "../accounts/auth-plugin";
import { ADMIN_ERRORS, type AdminApp } from "./route-kit";

/** Size names and charts (issue 40, decision 074). Owner-only, as every route missing from staff-access.ts's allowlist is. */
export async function adminSizeSchemeRoutes(app: AdminApp): Promise<void> {
  const schemes = app.services.admin.sizeSchemes;
  const tags = ["admin", "admin size charts"];

  app.get(
    "/size-schemes",
    {
      schema: {
        tags,
        summary:
          "Size schemes (the names shoppers read for each size code, the size chart) and the subcategories using each",
        response: { 200: sizeSchemesResponseSchema, ...ADMIN_ERRORS },
      },
    },
    () => schemes.list(),
  );

  app.post(
    "/size-schemes",
    {
      schema: {
        tags,
        summary: "Add a size scheme and choose the subcategories it applies to",
        body: sizeSchemeWriteSchema,
        response: { 201: sizeSchemeSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => reply.status(201).send(await schemes.save(signedInUser(request), request.body)),
  );

  app.put(
    "/size-schemes/:id",
    {
      schema: {
        tags,
        summary: "Replace a size scheme's names, chart and subcategories",
        params: sizeSchemeParamsSchema,
        body: sizeSchemeWriteSchema,
        response: { 200: sizeSchemeSchema, ...ADMIN_ERRORS },
      },
    },
    (request) => schemes.save(signedInUser(request), request.body, request.params.id),
  );
}
