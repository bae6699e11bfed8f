import { z } from "zod";

/** `GET /sitemaps/:file`: one sitemap of the index by its name (`pages.xml`, `products-2.xml`; decision 104). */
export const sitemapFileParams = z.object({
  file: z
    .string()
    .max(40, "file is a sitemap's name, such as products-1.xml")
    .regex(/^[a-z]+(-[1-9]\d{0,5})?\.xml$/, "file is a sitemap's name, such as products-1.xml"),
});
