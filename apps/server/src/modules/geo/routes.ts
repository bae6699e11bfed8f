import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { geoResponseSchema } from "@store/shared";

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const header = app.config.cdnCountryHeader?.toLowerCase();

  app.get(
    "/api/geo/",
    {
      schema: {
        tags: ["geo"],
        summary: "The client's country (ISO code) from its IP, or null",
        response: { 200: geoResponseSchema },
      },
    },
    async (request, reply) => {
      const value = header ? request.headers[header] : undefined;
      const cdnCountry = Array.isArray(value) ? value[0] : value;
      // The answer depends on who asks: shared caches must not hand one shopper's country to another.
      reply.header("cache-control", "private, no-store");
      return { country_code: await app.services.geo.countryFor({ ip: request.ip, cdnCountry }) };
    },
  );
};
