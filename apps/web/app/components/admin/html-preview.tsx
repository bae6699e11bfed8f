/** Just enough type for a readable preview; the shop's own blog styles live in content/prose. */
const PREVIEW_STYLE =
  "body{font:16px/1.7 Georgia,serif;color:#2b2623;margin:16px;background:#fff}h2,h3{color:#1f2f5c}img{max-width:100%;height:auto}a{color:#a4362a}";

/**
 * The post as typed, before the server sanitises it on save. It runs in a sandboxed frame without
 * scripts or same-origin rights, so pasted HTML cannot act as the signed-in administrator.
 */
export function HtmlPreview({ html, title }: { html: string; title: string }) {
  return (
    <section aria-label={title}>
      <h3 className="text-sm font-semibold text-charcoal">{title}</h3>
      <p className="text-xs text-charcoal/75">Scripts, styles and event handlers are removed when the post is saved.</p>
      <iframe
        title={title}
        sandbox=""
        srcDoc={`<!doctype html><html><head><meta charset="utf-8"><style>${PREVIEW_STYLE}</style></head><body>${html}</body></html>`}
        className="mt-2 h-80 w-full rounded-xl border border-charcoal/20 bg-white"
      />
    </section>
  );
}
