import { errorBodySchema, numbersBatchSchema } from "@store/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cdnCountryOf } from "../geo/currency-decision";
import type { Visitor } from "./visitor";

/** What the numbers need of a request: its IP, headers, host and the store's own country lookup. */
export async function visitorOf(
  request: { ip: string; headers: Visitor["headers"]; host: string },
  countryFor: (input: { ip: string | undefined; cdnCountry?: string }) => Promise<string | null>,
  cdnCountryHeader: string | undefined,
): Promise<Visitor> {
  const cdnCountry = cdnCountryOf(request.headers, cdnCountryHeader);
  const country = await countryFor({ ip: request.ip, cdnCountry }).catch(() => null);
  return { ip: request.ip, headers: request.headers, host: request.host, country };
}

/** `POST /api/events`: the storefront's beacon (decision 105). Answers before anything is written. */
export const numbersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { numbers, geo } = app.services;
  app.post(
    "/api/events",
    {
      // The shop's general limit per client (a page sends a batch every few seconds at most).
      config: { rateLimit: { max: app.config.rateLimitMax, timeWindow: "1 minute" } },
      schema: {
        tags: ["numbers"],
        summary:
          "A batch of the shopper's page events for the seller's numbers; ignored for Do Not Track, Global Privacy Control and bots",
        body: numbersBatchSchema,
        response: { 204: z.null(), 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const visitor = await visitorOf(request, (input) => geo.countryFor(input), app.config.cdnCountryHeader);
      await numbers.record(visitor, request.body);
      return reply.code(204).header("cache-control", "no-store").send(null);
    },
  );
};
