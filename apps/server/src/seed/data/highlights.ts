/** Products flagged for the home page's popular grid (spec: top_selling and is_active both true). */
export const TOP_SELLING_NAMES: readonly string[] = [
  "Indigo Dabu Print Cotton Maxi Dress",
  "Block Print Cotton Kaftan",
  "Bagru Print Cotton Co-ord Set",
  "Mirror Work Cotton Crop Top",
  "Hand Block Print Cotton Palazzo Pants",
  "Kantha Stitch Cushion Cover",
  "Jute Braided Rug",
  "Sanganeri Floral Hand Block Print Bedcover",
  "Indigo Dabu Cotton Table Runner",
  "Mandala Block Print Wall Hanging",
  "Ajrakh Print Nehru Jacket",
  "Hand Block Print Men's Cotton Kurta",
  "Kids Block Print Cotton Pajama Set",
  "Sanganeri Floral Hand Block Print Fabric",
  "Jute Tote Bag with Block Print Pocket",
  "Bandhani Silk Sash",
];

/** Withdrawn pieces: kept in the table (old orders point at them) but hidden from listings. */
export const INACTIVE_NAMES: readonly string[] = [
  "Indigo Ikat Tiered Lehenga Skirt",
  "Sage Floral Harem Trousers",
  "Sage Stripe Cotton Bath Mat",
  "Kids Bandhani Print Tee",
  "Chanderi Silk Cotton Buti Fabric",
  "Indigo Shibori Silk Sash",
];
