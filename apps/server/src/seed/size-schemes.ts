import { inArray } from "drizzle-orm";
import { SUBCATEGORIES, type SizeChart, type SizeNames } from "@store/shared";
import type { Db } from "../db/client";
import { sizeSchemes, subcategories } from "../modules/catalog/tables";

type SubcategoryName = (typeof SUBCATEGORIES)[number]["name"];

/**
 * The demo shop's size schemes (issue 40): garments keep S..XL as their names and get a body chart; home
 * textiles name their sizes by what they are. Measurements in cm, as Jaipur's printers cut them.
 */
const DEMO_SCHEMES: { name: string; names: SizeNames; chart: SizeChart; subcategories: SubcategoryName[] }[] = [
  {
    name: "Women's garments",
    names: {},
    chart: {
      measurements: ["Bust", "Waist", "Hip", "Length"],
      rows: [
        { size: "S", cm: [86, 71, 94, 112] },
        { size: "M", cm: [91, 76, 99, 114] },
        { size: "L", cm: [97, 81, 104, 116] },
        { size: "XL", cm: [102, 86, 109, 118] },
      ],
      note: "Body measurements. Measure around the fullest part of the bust and hip, and the natural waist.",
    },
    subcategories: [
      "dresses",
      "lehengas",
      "pants",
      "crop tops",
      "harem pants",
      "pj set",
      "kaftan & robes",
      "sarong",
      "co-ord set",
    ],
  },
  {
    name: "Men's garments",
    names: {},
    chart: {
      measurements: ["Chest", "Waist", "Length"],
      rows: [
        { size: "S", cm: [97, 81, 71] },
        { size: "M", cm: [102, 86, 73] },
        { size: "L", cm: [107, 91, 75] },
        { size: "XL", cm: [112, 97, 77] },
      ],
      note: "Body measurements. Length is from the shoulder to the hem of the top.",
    },
    subcategories: ["pajama set", "jacket"],
  },
  {
    name: "Bedcovers",
    names: { S: "Single", M: "Double", L: "Queen", XL: "King" },
    chart: {
      measurements: ["Width", "Length"],
      rows: [
        { size: "S", cm: [150, 228] },
        { size: "M", cm: [228, 254] },
        { size: "L", cm: [254, 274] },
        { size: "XL", cm: [274, 274] },
      ],
      note: "The finished bedcover, laid flat. Pillow covers are not included.",
    },
    subcategories: ["bedcover"],
  },
  {
    name: "Cushion covers",
    names: { S: "40 x 40 cm", M: "45 x 45 cm", L: "50 x 50 cm" },
    chart: {
      measurements: ["Width", "Height"],
      rows: [
        { size: "S", cm: [40, 40] },
        { size: "M", cm: [45, 45] },
        { size: "L", cm: [50, 50] },
      ],
      note: "The cover only; choose a filler of the same size for a full look.",
    },
    subcategories: ["cushion cover"],
  },
  {
    name: "Curtains",
    names: { S: "Window, 152 cm", M: "Door, 213 cm", L: "Long door, 274 cm" },
    chart: {
      measurements: ["Width", "Drop"],
      rows: [
        { size: "S", cm: [117, 152] },
        { size: "M", cm: [117, 213] },
        { size: "L", cm: [117, 274] },
      ],
      note: "One panel, with tab tops.",
    },
    subcategories: ["curtains"],
  },
  {
    name: "Rugs",
    names: { S: "60 x 90 cm", M: "90 x 150 cm", L: "120 x 180 cm" },
    chart: {
      measurements: ["Width", "Length"],
      rows: [
        { size: "S", cm: [60, 90] },
        { size: "M", cm: [90, 150] },
        { size: "L", cm: [120, 180] },
      ],
      note: "Without the fringe.",
    },
    subcategories: ["rugs & carpets"],
  },
  {
    name: "Table runners",
    names: { S: "33 x 152 cm", M: "33 x 183 cm" },
    chart: {
      measurements: ["Width", "Length"],
      rows: [
        { size: "S", cm: [33, 152] },
        { size: "M", cm: [33, 183] },
      ],
      note: "For tables seating four (S) or six (M).",
    },
    subcategories: ["table runner"],
  },
];

/** Writes the demo schemes once (a scheme the seller already has, by name, is left as she made it). */
export async function seedSizeSchemes(db: Db): Promise<void> {
  for (const scheme of DEMO_SCHEMES) {
    const [row] = await db
      .insert(sizeSchemes)
      .values({ name: scheme.name, names: scheme.names, chart: scheme.chart })
      .onConflictDoNothing({ target: sizeSchemes.name })
      .returning({ id: sizeSchemes.id });
    if (!row) continue;
    const ids = SUBCATEGORIES.filter((s) => (scheme.subcategories as string[]).includes(s.name)).map((s) => s.id);
    await db.update(subcategories).set({ sizeSchemeId: row.id }).where(inArray(subcategories.id, ids));
  }
}
