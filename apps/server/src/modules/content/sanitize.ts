import sanitizeHtml from "sanitize-html";

/**
 * What a blog post may contain: text structure, links and images. Everything else (scripts, styles,
 * iframes, forms, event-handler attributes, inline styles) is dropped; `<script>`/`<style>` lose their
 * text too. Links may only use http(s) or mailto (or be site-relative), so `javascript:` never survives.
 */
const BLOG_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "a",
    "img",
    "blockquote",
  ],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

/** Blog HTML made safe to render: used before a post is stored and again before it is served. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, BLOG_HTML_OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** Plain text of blog HTML, blocks separated by spaces, whitespace collapsed. */
export function htmlToText(html: string): string {
  // Block ends become spaces so "<p>One</p><p>Two</p>" reads "One Two", not "OneTwo".
  const spaced = html.replace(/<\/(?:p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, "$& ");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  // sanitize-html re-escapes the few characters that are special in HTML; plain text wants them back.
  return text
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, " ")
    .trim();
}

export const EXCERPT_LENGTH = 180;

/**
 * The opening of a post for cards: at most ~180 characters, cut at a word boundary. Headings are left
 * out, so a card never reads "A palette from plants Before synthetic dyes...".
 */
export function excerptOf(html: string, length = EXCERPT_LENGTH): string {
  const text = htmlToText(html.replace(/<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>/gi, " "));
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

/**
 * A link the web app may put in an href: site-relative ("/product/12") or absolute http(s).
 * Anything else (javascript:, data:, protocol-relative "//host") is refused.
 */
export function isSafeLink(url: string): boolean {
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}
