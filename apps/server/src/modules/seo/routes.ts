import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sitemapFileParams } from "@store/shared";
import { refusal } from "../../errors";

/** Crawlers fetch these often; an hour of shared caching keeps them off the database. */
const CACHE_CONTROL = "public, max-age=3600";
const XML = "application/xml; charset=utf-8";

export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const seo = app.services.seo;

  app.get(
    "/sitemap.xml",
    { schema: { tags: ["seo"], summary: "Sitemap index: one sitemap per kind of page, products in pages of 50,000" } },
    async (_request, reply) =>
      reply
        .type(XML)
        .header("cache-control", CACHE_CONTROL)
        .send(await seo.sitemapIndexXml(app.config.publicUrl)),
  );

  app.get(
    "/sitemaps/:file",
    {
      schema: {
        tags: ["seo"],
        summary: "One sitemap of the index (pages.xml, categories.xml, blog-N.xml, products-N.xml), streamed",
        params: sitemapFileParams,
      },
    },
    async (request, reply) => {
      const chunks = await seo.sitemap(app.config.publicUrl, request.params.file);
      if (!chunks) throw refusal("not_found", "SITEMAP_NOT_FOUND", `There is no sitemap ${request.params.file}.`);
      return reply.type(XML).header("cache-control", CACHE_CONTROL).send(Readable.from(chunks));
    },
  );

  app.get("/robots.txt", { schema: { tags: ["seo"], summary: "Crawler rules" } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", CACHE_CONTROL)
      .send(seo.robotsTxt(app.config.publicUrl)),
  );
};
