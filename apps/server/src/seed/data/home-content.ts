/** Home page content: category strip targets, Instagram-style posts, listing banners and header slides. */
import { listingPath, type HOME_STRIP_NAMES } from "@store/shared";
import type { Shape } from "../silhouettes";

type StripName = (typeof HOME_STRIP_NAMES)[number];

/** Where each strip tile leads; the crafts we do not list yet point at the closest listing. */
export const STRIP_LINKS: Record<StripName, string> = {
  "Gems": listingPath("accessories"),
  "Rajasthani Puppets": listingPath("home & living", "wall decor"),
  "Jaipur Carpets": listingPath("home & living", "rugs & carpets"),
  "Jaipur Juttis": listingPath("accessories"),
  "Lac Bangles": listingPath("accessories"),
  "Rajasthani Paintings": listingPath("home & living", "wall decor"),
  "Sanganeri & Bagru Print": listingPath("fabric"),
  "Rajasthani Folk Jewellery": listingPath("accessories"),
  "Metal Crafts": listingPath("home & living"),
  "Gems & Jewellery": listingPath("accessories"),
};

export function kebabSlug(text: string): string {
  return text.toLowerCase().replace(/&/g, "and").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

export interface SocialPostSeed {
  caption: string;
  link: string;
  shape: Shape;
}

export const SOCIAL_POSTS: readonly SocialPostSeed[] = [
  { caption: "Fresh off the printing table: indigo dabu maxi dresses drying in the Bagru sun. #dabuprint #indigo #handblockprint #jaipur", link: listingPath("women", "dresses"), shape: "dress" },
  { caption: "Kantha cushions, every stitch by hand. Swipe to see the running stitch up close. #kantha #slowdecor #handmadehome", link: listingPath("home & living", "cushion cover"), shape: "cushion" },
  { caption: "Our jute braided rugs are woven from one continuous plait. Natural, biodegradable, beautiful. #jute #sustainableliving #rugs", link: listingPath("home & living", "rugs & carpets"), shape: "rug" },
  { caption: "Holiday packing list: one block print kaftan, nothing else needed. #kaftan #resortwear #sanganeri", link: listingPath("women", "kaftan & robes"), shape: "kaftan" },
  { caption: "Ajrakh takes up to 14 days and 16 stages. Worth every one. #ajrakh #naturaldyes #artisanmade", link: listingPath("men", "jacket"), shape: "jacket" },
  { caption: "Monsoon mood: leheriya waves in saffron and indigo. #leheriya #tiedye #rajasthan", link: listingPath("accessories", "silk sashes"), shape: "sash" },
  { caption: "Set the table the Jaipur way with hand block printed runners and napkins. #tablescape #blockprint #hostingseason", link: listingPath("home & living", "table runner"), shape: "runner" },
  { caption: "Totes that carry your whole day, with a printed pocket for the little things. #jutebag #ecofriendly #shopsmall", link: listingPath("accessories", "bags"), shape: "bag" },
];

export interface BannerSeed {
  segment: string;
  title: string;
  subtitle: string;
}

/** Only these listings have their own banner; the others reuse the women banner (spec section 2). */
export const BANNERS: readonly BannerSeed[] = [
  { segment: "women", title: "Women", subtitle: "Hand block printed dresses, kaftans and co-ords" },
  { segment: "home & living", title: "Home & Living", subtitle: "Cushions, rugs and bedcovers from Jaipur workshops" },
  { segment: "accessories", title: "Accessories", subtitle: "Bags, pouches and silk sashes, made by hand" },
];

export function bannerUrl(segment: string): string {
  return `/media/banners/${kebabSlug(segment)}.webp`;
}

/** Captions of the home page's header scroller, one per slide (/media/hero/<n>.webp). */
export const HERO_CAPTIONS: readonly string[] = [
  "Hand block printed\nin the heart of Jaipur",
  "Coloured by nature:\nindigo and madder",
  "Kantha and quilts,\nstitched by hand",
  "Jute and cotton\nfor a slower home",
  "Fair wages,\nauthentic craft",
];
