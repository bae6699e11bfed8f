import type { FastifyPluginAsync } from "fastify";

/** Crawlers fetch these often; an hour of shared caching keeps them off the database. */
const CACHE_CONTROL = "public, max-age=3600";

export const seoRoutes: FastifyPluginAsync = async (app) => {
  const seo = app.services.seo;

  app.get(
    "/sitemap.xml",
    { schema: { tags: ["seo"], summary: "Sitemap of every indexable page" } },
    async (_request, reply) =>
      reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", CACHE_CONTROL)
        .send(await seo.sitemapXml(app.config.publicUrl)),
  );

  app.get("/robots.txt", { schema: { tags: ["seo"], summary: "Crawler rules" } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", CACHE_CONTROL)
      .send(seo.robotsTxt(app.config.publicUrl)),
  );
};
