import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  searchQuerySchema,
  searchResponseSchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsResponseSchema,
} from "@store/shared";
import { sendCachedJson } from "../../http/cached-json";
import { searchSuggestions } from "./suggestions";

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

  app.get(
    "/api/search/suggestions",
    {
      schema: {
        tags: ["search"],
        summary: "The search overlay's suggestions while typing: the best few products (typos tolerated) and listings",
        querystring: searchSuggestionsQuerySchema,
        response: { 200: searchSuggestionsResponseSchema },
      },
    },
    (request) =>
      searchSuggestions(
        request.query,
        (query) => app.services.search.search(query),
        () => app.services.catalog.categoryList(),
      ),
  );
};
