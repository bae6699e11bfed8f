/** The spec's category and subcategory tables (section 2), with the subcategory -> category assignment. */
export const CATEGORIES = [
  { id: 1, segment: "women", name: "Women" },
  { id: 2, segment: "home & living", name: "Home & Living" },
  { id: 3, segment: "men", name: "Men" },
  { id: 4, segment: "kids", name: "Kids" },
  { id: 5, segment: "fabric", name: "Fabric" },
  { id: 6, segment: "accessories", name: "Accessories" },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]["id"];

export const SUBCATEGORIES = [
  { id: 1, name: "dresses", categoryId: 1 },
  { id: 2, name: "lehengas", categoryId: 1 },
  { id: 3, name: "pants", categoryId: 1 },
  { id: 4, name: "crop tops", categoryId: 1 },
  { id: 5, name: "harem pants", categoryId: 1 },
  { id: 6, name: "pj set", categoryId: 1 },
  { id: 7, name: "kaftan & robes", categoryId: 1 },
  { id: 8, name: "sarong", categoryId: 1 },
  { id: 9, name: "napkins", categoryId: 2 },
  { id: 10, name: "bunting", categoryId: 2 },
  { id: 11, name: "door valence", categoryId: 2 },
  { id: 12, name: "ottoman", categoryId: 2 },
  { id: 13, name: "table runner", categoryId: 2 },
  { id: 14, name: "umbrellas", categoryId: 2 },
  { id: 15, name: "curtains", categoryId: 2 },
  { id: 16, name: "cushion cover", categoryId: 2 },
  { id: 17, name: "wall decor", categoryId: 2 },
  { id: 18, name: "bags", categoryId: 6 },
  { id: 19, name: "pajama set", categoryId: 3 },
  { id: 20, name: "jacket", categoryId: 3 },
  { id: 21, name: "toiletry & make up bags", categoryId: 6 },
  { id: 22, name: "rugs & carpets", categoryId: 2 },
  { id: 23, name: "co-ord set", categoryId: 1 },
  { id: 24, name: "bedcover", categoryId: 2 },
  { id: 25, name: "silk sashes", categoryId: 6 },
] as const satisfies readonly { id: number; name: string; categoryId: CategoryId }[];

/** Categories with their own listing banner; the rest use the women banner. */
export const BANNER_SEGMENTS = ["women", "home & living", "accessories"] as const;

export function categoryBySegment(segment: string) {
  return CATEGORIES.find((c) => c.segment === segment);
}
