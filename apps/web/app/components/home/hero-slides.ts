import { listingPath } from "@store/shared";

/** One slide of the header scroller: its picture (whose lettering `alt` repeats), a line about it and where it leads. */
export interface HeroSlide {
  image: string;
  alt: string;
  blurb: string;
  link: { to: string; label: string };
}

export const HERO_SIZE = { width: 1600, height: 600 } as const;
/** Not a spec timing: long enough to read a slide's line and its link. */
export const HERO_ADVANCE_MS = 6000;

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    image: "/media/hero/1.webp",
    alt: "Hand block printed in the heart of Jaipur",
    blurb: "Dresses, kaftans and co-ords, printed by hand in Sanganer and Bagru.",
    link: { to: listingPath("women"), label: "Shop women's wear" },
  },
  {
    image: "/media/hero/2.webp",
    alt: "Indigo, madder and turmeric: dyed by nature",
    blurb: "Natural-dye cotton by the metre, for your own dresses and quilts.",
    link: { to: listingPath("fabric"), label: "Shop fabric" },
  },
  {
    image: "/media/hero/3.webp",
    alt: "Kantha and quilts, stitched by hand",
    blurb: "Bedcovers and cushions finished with running-stitch kantha.",
    link: { to: listingPath("home & living", "bedcover"), label: "Shop bedcovers" },
  },
  {
    image: "/media/hero/4.webp",
    alt: "Jute and cotton for a slower home",
    blurb: "Braided jute rugs and block printed table linen.",
    link: { to: listingPath("home & living", "rugs & carpets"), label: "Shop rugs & carpets" },
  },
  {
    image: "/media/hero/5.webp",
    alt: "Fair wages, authentic craft",
    blurb: "Since June 2018, every piece is made by artisans who are paid fairly.",
    link: { to: "/about-us", label: "Read our story" },
  },
];
