import type { ProductGroup } from "./types";

/** Decor uses the same size codes as clothes: S, M, L (and XL for king beds) mean small to large. */
export const HOME_PRODUCTS: readonly ProductGroup[] = [
  {
    category: "home & living", subcategory: "napkins", kind: "home", shape: "napkins", sizes: ["S", "M"], price: [14, 26], step: 4,
    names: [
      "Hand Block Print Cotton Napkins Set of 6",
      "Indigo Dabu Dinner Napkins Set of 4",
      "Sanganeri Floral Cocktail Napkins",
      "Madder Red Check Cotton Napkins",
    ],
  },
  {
    category: "home & living", subcategory: "bunting", kind: "home", shape: "bunting", sizes: ["S", "M"], price: [12, 22], step: 5,
    names: [
      "Block Print Fabric Bunting Garland",
      "Mirror Work Festive Bunting",
      "Kantha Patchwork Bunting",
      "Bandhani Triangle Flag Bunting",
    ],
  },
  {
    category: "home & living", subcategory: "door valence", kind: "home", shape: "valence", sizes: ["S", "M"], price: [22, 38], step: 6,
    names: [
      "Mirror Work Toran Door Valence",
      "Gota Patti Embroidered Door Valence",
      "Block Print Cotton Door Valence",
      "Kantha Patchwork Toran",
    ],
  },
  {
    category: "home & living", subcategory: "ottoman", kind: "home", shape: "pouf", sizes: ["S", "M"], price: [45, 80], step: 12,
    names: [
      "Kantha Patchwork Round Ottoman Pouf",
      "Jute Braided Ottoman Pouf",
      "Dhurrie Woven Cotton Ottoman Cover",
      "Ajrakh Print Floor Pouf",
    ],
  },
  {
    category: "home & living", subcategory: "table runner", kind: "home", shape: "runner", sizes: ["S", "M"], price: [18, 34], step: 6,
    names: [
      "Indigo Dabu Cotton Table Runner",
      "Sanganeri Floral Block Print Table Runner",
      "Jute and Cotton Woven Table Runner",
      "Ajrakh Print Table Runner",
      "Kantha Stitch Table Runner",
    ],
  },
  {
    category: "home & living", subcategory: "umbrellas", kind: "home", shape: "umbrella", sizes: ["S", "M"], price: [60, 120], step: 20,
    names: [
      "Block Print Cotton Garden Umbrella",
      "Mirror Work Rajasthani Parasol",
      "Mandala Print Patio Umbrella",
      "Indigo Stripe Sun Parasol",
    ],
  },
  {
    category: "home & living", subcategory: "curtains", kind: "home", shape: "curtain", sizes: ["S", "M", "L"], price: [26, 48], step: 6,
    names: [
      "Sanganeri Floral Cotton Curtain",
      "Indigo Dabu Block Print Curtain",
      "Sheer Mul Cotton Buti Curtain",
      "Bagru Paisley Door Curtain",
      "Sage Stripe Khadi Window Curtain",
    ],
  },
  {
    category: "home & living", subcategory: "cushion cover", kind: "home", shape: "cushion", sizes: ["S", "M", "L"], price: [12, 26], step: 3,
    names: [
      "Kantha Stitch Cushion Cover",
      "Indigo Dabu Cushion Cover",
      "Mirror Work Embroidered Cushion Cover",
      "Jute Braided Cushion Cover",
      "Ajrakh Print Cotton Cushion Cover",
      "Bagru Floral Cushion Cover",
      "Mandala Block Print Cushion Cover",
      "Bandhani Silk Cushion Cover",
    ],
  },
  {
    category: "home & living", subcategory: "wall decor", kind: "home", shape: "hoop", sizes: ["S", "M", "L"], price: [28, 70], step: 12,
    names: [
      "Sheesham Wood Hand Carved Wall Panel",
      "Mandala Block Print Wall Hanging",
      "Mirror Work Embroidered Wall Hoop",
      "Wooden Printing Block Wall Art Set",
      "Kantha Tapestry Wall Hanging",
    ],
  },
  {
    category: "home & living", subcategory: "rugs & carpets", kind: "home", shape: "rug", sizes: ["S", "M", "L"], price: [40, 110], step: 25,
    names: [
      "Jute Braided Rug",
      "Hand Knotted Wool Jaipur Carpet",
      "Cotton Dhurrie Stripe Rug",
      "Indigo Chindi Rag Rug",
      "Jute Round Braided Floor Mat",
      "Kilim Style Handwoven Rug",
      "Sage Stripe Cotton Bath Mat",
    ],
  },
  {
    category: "home & living", subcategory: "bedcover", kind: "home", shape: "stack", sizes: ["S", "M", "L", "XL"], price: [48, 95], step: 14,
    names: [
      "Sanganeri Floral Hand Block Print Bedcover",
      "Kantha Quilt Bedspread",
      "Indigo Dabu Cotton Bedsheet Set",
      "Jaipuri Razai Quilted Bedcover",
      "Ajrakh Print King Bedcover",
      "Bagru Paisley Cotton Bedcover",
    ],
  },
];
