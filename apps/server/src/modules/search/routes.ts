import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResponseSchema } from "@store/shared";

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/search",
    {
      schema: {
        tags: ["search"],
        summary: "Active products matching the query, best first (typos tolerated); a blank query finds nothing",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    (request) => app.services.search.search(request.query),
  );
};
