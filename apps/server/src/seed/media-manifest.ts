/** Every picture the seeded rows (and the web app's banners and header slides) point at. */
import { HOME_STRIP_NAMES } from "@store/shared";
import type { MediaItem } from "./artwork";
import { demoCatalogue } from "./catalogue";
import { BLOGS, blogImageUrl } from "./data/blogs";
import { BANNERS, bannerUrl, HERO_CAPTIONS, kebabSlug, SOCIAL_POSTS } from "./data/home-content";

export function stripImageUrl(name: string): string {
  return `/media/strip/${kebabSlug(name)}.webp`;
}

export function socialImageUrl(n: number): string {
  return `/media/social/${n}.webp`;
}

export function heroImageUrl(n: number): string {
  return `/media/hero/${n}.webp`;
}

export function demoMediaItems(): MediaItem[] {
  const items: MediaItem[] = [];
  for (const product of demoCatalogue()) {
    for (const image of product.images)
      items.push({ kind: "product", url: image.url, art: product.art, view: image.view });
  }
  for (const name of HOME_STRIP_NAMES) items.push({ kind: "strip", url: stripImageUrl(name), name });
  BLOGS.forEach((_, i) => items.push({ kind: "blog", url: blogImageUrl(i + 1), seed: 101 + i }));
  SOCIAL_POSTS.forEach((post, i) =>
    items.push({ kind: "social", url: socialImageUrl(i + 1), seed: 201 + i, shape: post.shape }),
  );
  for (const banner of BANNERS)
    items.push({ kind: "banner", url: bannerUrl(banner.segment), title: banner.title, subtitle: banner.subtitle });
  HERO_CAPTIONS.forEach((caption, i) => items.push({ kind: "hero", url: heroImageUrl(i + 1), caption, seed: 301 + i }));
  return items;
}
