import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResponseSchema } from "@store/shared";
import { sendCachedJson } from "../../http/cached-json";

/**
 * Answers come from the service's cache (decision 042) and are sent like the catalogue's reads: serialised
 * and compressed once per answer, with an ETag, so @fastify/compress stays out of this route.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/search",
    {
      compress: false,
      schema: {
        tags: ["search"],
        summary: "Active products matching the query, best first (typos tolerated); a blank query finds nothing",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await app.services.search.search(request.query)),
  );
};
