import { FEED_PATHS, errorBodySchema, feedQuerySchema, type FeedFormat } from "@store/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CATALOGUE_CACHE_CONTROL, matchesIfNoneMatch } from "../../http/cached-json";
import { feedContentType } from "./service";

const SUMMARY: Record<FeedFormat, string> = {
  google: "Google Merchant Center product feed (RSS 2.0, g: namespace) in one currency",
  meta: "Meta (Facebook, Instagram, WhatsApp) catalogue CSV in one currency",
};

/**
 * The public feeds. A channel fetches them on its schedule: each answer carries its ETag and may be kept but
 * must be asked for again (`no-cache`), and an unchanged feed is a 304 without a body.
 */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const feeds = app.services.feeds;
  for (const format of ["google", "meta"] as const) {
    app.get(
      FEED_PATHS[format],
      {
        schema: {
          tags: ["seo"],
          summary: SUMMARY[format],
          querystring: feedQuerySchema,
          produces: [feedContentType(format).split(";")[0] ?? ""],
          response: { 200: z.string(), 304: z.null().describe("Not modified: the ETag matched"), 400: errorBodySchema },
        },
      },
      async (request, reply) => {
        const feed = await feeds.feed(format, request.query.currency, request.query.country);
        reply.header("etag", feed.etag).header("cache-control", CATALOGUE_CACHE_CONTROL);
        if (matchesIfNoneMatch(request.headers["if-none-match"], feed.etag.slice(2))) return reply.code(304).send(null);
        return reply.type(feedContentType(format)).send(feed.body);
      },
    );
  }
};
