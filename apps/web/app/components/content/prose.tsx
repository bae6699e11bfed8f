/**
 * Styles for server-sanitised HTML (blog bodies). No typography plugin: each element the editor can
 * produce gets the shop's own rhythm here, in one place.
 */
const PROSE_CLASSES = [
  "text-lg leading-8 text-charcoal/90",
  "[&>*:first-child]:mt-0",
  "[&_h2]:mt-10 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:leading-snug [&_h2]:text-indigo-ink",
  "[&_h3]:mt-8 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-indigo-ink",
  "[&_p]:mt-5",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul]:marker:text-madder",
  "[&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ol]:marker:text-madder",
  "[&_strong]:font-semibold [&_strong]:text-indigo-ink",
  "[&_em]:italic",
  "[&_a]:font-medium [&_a]:text-madder [&_a]:underline [&_a]:underline-offset-4",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-turmeric [&_blockquote]:pl-5 [&_blockquote]:italic",
  "[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
].join(" ");

/** Renders HTML that the server already sanitised (never pass unsanitised input here). */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${PROSE_CLASSES} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
