import { jsonLd } from "../../lib/seo";

/** Structured data for search engines, inlined safely (see jsonLd). */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(data) }} />;
}
