import { BRAND, WEBSITE } from "@store/shared";

/** Per-page head tags: title, description, canonical URL and Open Graph. */
export function pageMeta({
  title,
  description,
  path,
  image,
  type = "website",
}: {
  title: string;
  description: string;
  /** Canonical path, e.g. "/about-us". */
  path: string;
  image?: string;
  type?: string;
}) {
  const url = `${WEBSITE}${path}`;
  const fullTitle = title === BRAND ? title : `${title} | ${BRAND}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: BRAND },
    ...(image ? [{ property: "og:image", content: image.startsWith("http") ? image : `${WEBSITE}${image}` }] : []),
  ];
}

/** `<script type="application/ld+json">` content, safe to inline (no closing-tag injection). */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
