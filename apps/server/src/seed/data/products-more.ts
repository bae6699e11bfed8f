import type { ProductGroup } from "./types";

const GARMENT_SIZES = ["S", "M", "L", "XL"] as const;
/** Kids' S, M, L stand for age bands (2-4, 5-7, 8-10 years). */
const KIDS_SIZES = ["S", "M", "L"] as const;

export const MEN_PRODUCTS: readonly ProductGroup[] = [
  {
    category: "men", subcategory: "pajama set", kind: "garment", shape: "set", sizes: GARMENT_SIZES, price: [34, 50], step: 2,
    names: [
      "Indigo Dabu Men's Pajama Set",
      "Sanganeri Buti Cotton Kurta Pajama Set",
      "Khadi Cotton Lounge Pajama Set",
      "Charcoal Stripe Men's Night Suit",
      "Rust Ajrakh Pajama Set",
      "Sage Check Men's Pajama Set",
    ],
  },
  {
    category: "men", subcategory: "jacket", kind: "garment", shape: "jacket", sizes: GARMENT_SIZES, price: [55, 95], step: 3,
    names: [
      "Ajrakh Print Nehru Jacket",
      "Kantha Quilted Reversible Jacket",
      "Indigo Dabu Bandhgala Jacket",
      "Khadi Cotton Sleeveless Jacket",
      "Bagru Print Quilted Bomber Jacket",
      "Mirror Work Festive Nehru Jacket",
    ],
  },
  {
    category: "men", subcategory: null, kind: "garment", shape: "kurta", sizes: GARMENT_SIZES, price: [32, 52], step: 2,
    names: [
      "Hand Block Print Men's Cotton Kurta",
      "Indigo Dabu Short Kurta",
      "Chikankari White Men's Kurta",
      "Khadi Mandarin Collar Shirt",
      "Sanganeri Buti Men's Shirt",
      "Ajrakh Print Long Kurta",
    ],
  },
];

export const KIDS_PRODUCTS: readonly ProductGroup[] = [
  {
    category: "kids", subcategory: null, kind: "kids", shape: "dress", sizes: KIDS_SIZES, price: [18, 34], step: 2,
    names: [
      "Kids Sanganeri Floral Frock",
      "Girls Leheriya Cotton Dress",
      "Kids Indigo Dabu Smock Dress",
      "Girls Mirror Work Festive Dress",
    ],
  },
  {
    category: "kids", subcategory: null, kind: "kids", shape: "set", sizes: KIDS_SIZES, price: [20, 32], step: 2,
    names: [
      "Kids Block Print Cotton Pajama Set",
      "Boys Ajrakh Kurta Pajama Set",
      "Kids Mul Cotton Night Suit",
      "Baby Bagru Print Jhabla Set",
    ],
  },
  {
    category: "kids", subcategory: null, kind: "kids", shape: "top", sizes: KIDS_SIZES, price: [14, 22], step: 1,
    names: [
      "Kids Sanganeri Buti Cotton Top",
      "Boys Block Print Cotton Shirt",
      "Girls Gota Patti Trim Blouse",
      "Kids Bandhani Print Tee",
    ],
  },
];

/** Sold by the piece: S, M, L are 2.5, 5 and 10 metre cuts. */
export const FABRIC_PRODUCTS: readonly ProductGroup[] = [
  {
    category: "fabric", subcategory: null, kind: "fabric", shape: "stack", sizes: ["S", "M", "L"], price: [9, 20], step: 8,
    names: [
      "Sanganeri Floral Hand Block Print Fabric",
      "Bagru Dabu Print Cotton Fabric",
      "Indigo Dabu Running Fabric",
      "Ajrakh Print Cotton Fabric",
      "Mul Cotton Buti Print Fabric",
      "Khadi Handloom Cotton Fabric",
      "Leheriya Cotton Dupatta Fabric",
      "Bandhani Tie Dye Fabric",
      "Kalamkari Floral Cotton Fabric",
      "Sage Stripe Block Print Fabric",
      "Chanderi Silk Cotton Buti Fabric",
      "Rust Ikat Handloom Fabric",
    ],
  },
];

export const ACCESSORY_PRODUCTS: readonly ProductGroup[] = [
  {
    category: "accessories", subcategory: "bags", kind: "accessory", shape: "bag", sizes: ["S", "M"], price: [18, 48], step: 4,
    names: [
      "Jute Tote Bag with Block Print Pocket",
      "Mirror Work Embroidered Sling Bag",
      "Kantha Patchwork Shoulder Bag",
      "Indigo Dabu Cotton Tote",
      "Banjara Embroidered Potli Bag",
      "Ajrakh Print Canvas Tote Bag",
      "Gota Patti Clutch Bag",
    ],
  },
  {
    category: "accessories", subcategory: "toiletry & make up bags", kind: "accessory", shape: "pouch", sizes: ["S", "M", "L"], price: [9, 20], step: 3,
    names: [
      "Block Print Quilted Toiletry Bag",
      "Sanganeri Floral Make Up Pouch",
      "Indigo Dabu Cosmetic Bag Set of 3",
      "Kantha Stitch Travel Pouch",
      "Mirror Work Vanity Pouch",
    ],
  },
  {
    category: "accessories", subcategory: "silk sashes", kind: "accessory", shape: "sash", sizes: ["S", "M"], price: [22, 45], step: 4,
    names: [
      "Bandhani Silk Sash",
      "Leheriya Silk Scarf Sash",
      "Ajrakh Print Modal Silk Stole",
      "Gota Patti Silk Sash Belt",
      "Indigo Shibori Silk Sash",
    ],
  },
];
