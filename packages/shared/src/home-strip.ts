/**
 * Only these names appear in the home page's shop-by-category strip (spec section 2, Home). A module of
 * its own, apart from the category tables: a browser chunk carries whole modules, and the home page needs
 * only these names (decision 047).
 */
export const HOME_STRIP_NAMES = [
  "Gems",
  "Rajasthani Puppets",
  "Jaipur Carpets",
  "Jaipur Juttis",
  "Lac Bangles",
  "Rajasthani Paintings",
  "Sanganeri & Bagru Print",
  "Rajasthani Folk Jewellery",
  "Metal Crafts",
  "Gems & Jewellery",
] as const;
