import { BANNER_SEGMENTS } from "@store/shared";
import { imageSrcSet } from "@store/shared/media";

export const BANNER_SIZE = { width: 1600, height: 400 } as const;

/** Spec: women, home & living and accessories have their own banner; other categories get the women banner. */
export function bannerUrl(segment: string): string {
  const own = (BANNER_SEGMENTS as readonly string[]).includes(segment) ? segment : "women";
  return `/media/banners/${own.replace(/ & /g, "-and-").replace(/\s+/g, "-")}.webp`;
}

/**
 * The listing banner: 4:1, its size reserved by width/height so the page does not jump as it loads. It
 * loads at once but at low priority: its lettering repeats the page heading, and on a phone the first
 * product card is the larger paint, which the banner's bytes should not delay.
 */
export function CategoryBanner({ segment, eager = true }: { segment: string; eager?: boolean }) {
  return (
    <img
      src={bannerUrl(segment)}
      srcSet={imageSrcSet(bannerUrl(segment))}
      sizes="(min-width: 1280px) 1248px, calc(100vw - 32px)"
      // The banner's lettering repeats the page heading; it is decoration for assistive technology.
      alt=""
      width={BANNER_SIZE.width}
      height={BANNER_SIZE.height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority="low"
      decoding="async"
      className="aspect-[4/1] h-auto w-full rounded-2xl bg-linen object-cover"
    />
  );
}
