import { imageSrcSet } from "@store/shared/media";
import { useEffect, useState } from "react";
import { useNearViewport } from "../../lib/use-near-viewport";

/** Blog images are stored at 1200x630 (the Open Graph size); explicit dimensions keep the layout still. */
export const BLOG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** A calm block-print motif at the image's own size, shown when the real image cannot load. */
export const BLOG_IMAGE_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#f1e8d8"/>` +
    `<g fill="none" stroke="#d99a1e" stroke-width="6" opacity=".55"><circle cx="600" cy="315" r="120"/><circle cx="600" cy="315" r="70"/>` +
    `<path d="M600 150v330M435 315h330M483 198l234 234M717 198 483 432"/></g>` +
    `<text x="600" y="540" text-anchor="middle" font-family="Georgia,serif" font-size="34" fill="#1f2f5c">Jaipur Kala House</text></svg>`,
)}`;

type BlogImageProps = {
  src: string;
  alt: string;
  className?: string;
  /**
   * The first image on a page loads at once, at high priority. The others are fetched once they come near
   * the viewport after hydration: fetched at the first layout (native lazy loading reaches well below the
   * first screen), the blog list's other six pictures shared a phone's connection with the first one, the
   * page's largest paint (decision 047).
   */
  priority?: boolean;
  /** The image's width in the page (the `sizes` attribute), so a phone takes the 800 px copy (decision 047). */
  sizes: string;
};

/** How far below the viewport a deferred picture starts loading: about a card ahead of the shopper. */
const NEAR = "600px";

/** A blog image that swaps to the placeholder when it fails, keeping its dimensions. */
export function BlogImage({ src, alt, className = "", priority = false, sizes }: BlogImageProps) {
  // Remember which src failed, so navigating to another post tries its image again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const { ref: image, near } = useNearViewport<HTMLImageElement>(NEAR);
  const shown = priority || near;

  // A server-rendered image can fail before hydration, when React was not yet listening for `error`.
  useEffect(() => {
    const element = image.current;
    if (!shown || !element?.getAttribute("src")) return;
    if (element.complete && element.naturalWidth === 0 && !element.src.startsWith("data:")) setFailedSrc(src);
  }, [src, shown, image]);

  const failed = failedSrc === src;
  const srcSet = shown && !failed ? imageSrcSet(src) : undefined;
  return (
    <img
      // The placeholder is a new element: an image that chose a srcset copy keeps that copy's density
      // after losing the srcset, and the placeholder would not have its own size (1200 px).
      key={failed ? "placeholder" : "picture"}
      ref={image}
      src={!shown ? undefined : failed ? BLOG_IMAGE_PLACEHOLDER : src}
      srcSet={srcSet}
      sizes={srcSet && sizes}
      alt={alt}
      width={BLOG_IMAGE_SIZE.width}
      height={BLOG_IMAGE_SIZE.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      data-fallback={failed ? "true" : undefined}
      onError={() => setFailedSrc(src)}
      className={`aspect-[1200/630] w-full bg-linen object-cover ${className}`}
    />
  );
}
