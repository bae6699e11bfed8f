/**
 * Smaller copies ("renditions") of the seeded pictures, so a phone downloads a picture near the size it
 * shows. The seed renders each copy next to its original (`/media/products/1001-1.webp` gets
 * `/media/products/1001-1-360w.webp`); the web app offers them in `srcset`. Only these folders have
 * copies: uploads and outside addresses are served as they are.
 */
const RENDITIONS: readonly { folder: string; width: number; copies: readonly number[] }[] = [
  // Product cards are about 180 px wide on phones (about 320 device pixels) and the gallery thumbnails smaller.
  { folder: "/media/products/", width: 600, copies: [360] },
  // Header slides and listing banners span a phone's width: about 380 px, 660-1100 device pixels.
  { folder: "/media/hero/", width: 1600, copies: [800] },
  { folder: "/media/banners/", width: 1600, copies: [800] },
  // Blog pictures (1200x630) span a phone's width in the list and in a post: 660-1100 device pixels again.
  { folder: "/media/blog/", width: 1200, copies: [800] },
];

/** An original in a folder with copies (a copy's own address has none: `1001-1-360w.webp` is not an original). */
function renditionsOf(url: string) {
  if (!url.endsWith(".webp") || /-\d+w\.webp$/.test(url) || url.includes("?")) return undefined;
  return RENDITIONS.find((r) => url.startsWith(r.folder));
}

/** `/media/hero/1.webp`, 800 -> `/media/hero/1-800w.webp`. */
export function renditionUrl(url: string, width: number): string {
  return `${url.slice(0, -".webp".length)}-${width}w.webp`;
}

/**
 * The original of a copy's address (`/media/hero/1-800w.webp` -> `/media/hero/1.webp`), or undefined
 * when the address is not a copy in a folder with copies. The server sends a browser asking for a copy
 * that was never rendered (a media folder from before the copies) to the original.
 */
export function originalOfRendition(url: string): string | undefined {
  const match = /^(.+)-(\d+)w\.webp$/.exec(url);
  if (!match?.[1] || !match[2]) return undefined;
  const original = `${match[1]}.webp`;
  return renditionWidths(original).includes(Number(match[2])) ? original : undefined;
}

/** The copies the seed renders for a picture: none for a picture outside the seeded folders. */
export function renditionWidths(url: string): readonly number[] {
  return renditionsOf(url)?.copies ?? [];
}

/** A `srcset` offering the copies and the original (with its width), or undefined when there are no copies. */
export function imageSrcSet(url: string): string | undefined {
  const renditions = renditionsOf(url);
  if (!renditions) return undefined;
  return [...renditions.copies.map((w) => `${renditionUrl(url, w)} ${w}w`), `${url} ${renditions.width}w`].join(", ");
}
