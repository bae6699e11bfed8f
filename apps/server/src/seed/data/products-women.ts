import type { ProductGroup } from "./types";

const GARMENT_SIZES = ["S", "M", "L", "XL"] as const;

export const WOMEN_PRODUCTS: readonly ProductGroup[] = [
  {
    category: "women", subcategory: "dresses", kind: "garment", shape: "dress", sizes: GARMENT_SIZES, price: [38, 72], step: 2,
    names: [
      "Indigo Dabu Print Cotton Maxi Dress",
      "Bagru Floral Tiered Midi Dress",
      "Sanganeri Buti Wrap Dress",
      "Ajrakh Print Mul Cotton Shirt Dress",
      "Madder Red Hand Block Print Sundress",
      "Leheriya Cotton Smocked Dress",
      "Chikankari Embroidered White Maxi Dress",
      "Mustard Paisley Block Print Kurta Dress",
    ],
  },
  {
    category: "women", subcategory: "lehengas", kind: "garment", shape: "skirt", sizes: ["S", "M", "L"], price: [85, 160], step: 4,
    names: [
      "Gota Patti Bandhani Lehenga Skirt",
      "Mirror Work Cotton Lehenga",
      "Leheriya Flared Lehenga with Dupatta",
      "Sanganeri Floral Block Print Lehenga",
      "Indigo Ikat Tiered Lehenga Skirt",
    ],
  },
  {
    category: "women", subcategory: "pants", kind: "garment", shape: "pants", sizes: GARMENT_SIZES, price: [28, 45], step: 2,
    names: [
      "Hand Block Print Cotton Palazzo Pants",
      "Indigo Dabu Wide Leg Pants",
      "Sanganeri Floral Straight Pants",
      "Khadi Cotton Drawstring Trousers",
      "Rust Bagru Print Culottes",
    ],
  },
  {
    category: "women", subcategory: "crop tops", kind: "garment", shape: "top", sizes: GARMENT_SIZES, price: [18, 32], step: 1,
    names: [
      "Mirror Work Cotton Crop Top",
      "Sanganeri Buti Tie Front Crop Top",
      "Indigo Dabu Crop Blouse",
      "Gota Patti Trim Crop Top",
      "Mustard Floral Block Print Crop Top",
    ],
  },
  {
    category: "women", subcategory: "harem pants", kind: "garment", shape: "pants", sizes: GARMENT_SIZES, price: [24, 38], step: 2,
    names: [
      "Indigo Stripe Cotton Harem Pants",
      "Bagru Paisley Harem Pants",
      "Ajrakh Print Afghani Harem Pants",
      "Sage Floral Harem Trousers",
      "Charcoal Ikat Harem Pants",
    ],
  },
  {
    category: "women", subcategory: "pj set", kind: "garment", shape: "set", sizes: GARMENT_SIZES, price: [34, 55], step: 2,
    names: [
      "Sanganeri Floral Cotton PJ Set",
      "Indigo Buti Block Print PJ Set",
      "Blush Rose Mul Cotton PJ Set",
      "Sage Stripe Short PJ Set",
      "Mustard Paisley Night Suit PJ Set",
    ],
  },
  {
    category: "women", subcategory: "kaftan & robes", kind: "garment", shape: "kaftan", sizes: GARMENT_SIZES, price: [36, 68], step: 2,
    names: [
      "Block Print Cotton Kaftan",
      "Indigo Dabu Long Kaftan",
      "Kantha Quilted Cotton Robe",
      "Sanganeri Floral Kimono Robe",
      "Ajrakh Print Beach Kaftan",
      "Bagru Paisley Short Kaftan",
      "Mul Cotton Block Print Bath Robe",
    ],
  },
  {
    category: "women", subcategory: "sarong", kind: "garment", shape: "skirt", sizes: ["S", "M"], price: [16, 28], step: 1,
    names: [
      "Hand Block Print Cotton Sarong",
      "Indigo Ikat Beach Sarong",
      "Leheriya Tie Dye Sarong Wrap",
      "Bandhani Mul Cotton Sarong",
      "Sage Stripe Pareo Sarong",
    ],
  },
  {
    category: "women", subcategory: "co-ord set", kind: "garment", shape: "set", sizes: GARMENT_SIZES, price: [52, 88], step: 3,
    names: [
      "Bagru Print Cotton Co-ord Set",
      "Indigo Dabu Shirt and Pants Co-ord Set",
      "Sanganeri Floral Crop Top Co-ord Set",
      "Ajrakh Kurta Pant Co-ord Set",
      "Rust Check Khadi Co-ord Set",
    ],
  },
];
