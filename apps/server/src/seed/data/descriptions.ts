/**
 * Sentence fragments the catalogue builder combines into 2-4 sentence product descriptions.
 * `{name}` is the product name and `{is}` agrees with it ("is" or "are" for trousers and napkins).
 */
import type { ProductKind } from "./types";

/** Matched against the product name; the first two that match are used, in this order. */
export const TECHNIQUES: readonly [RegExp, string][] = [
  [/dabu/i, "Dabu is a mud-resist print from Bagru and Akola: a paste of clay, lime and gum is stamped on before the cloth goes into the indigo vat, leaving soft, crackled outlines."],
  [/ajrakh/i, "Ajrakh is built up over many days in layers of madder red, indigo and iron black, with geometric blocks carried from Sindh to Barmer by generations of Khatri printers."],
  [/sanganeri/i, "Sanganeri prints are known for fine, delicate florals on a pale ground, stamped by hand in Sanganer on the southern edge of Jaipur."],
  [/bagru/i, "The print comes from Bagru, a village near Jaipur where Chhipa families have worked with wooden blocks, river clay and natural dyes for more than three hundred years."],
  [/kantha/i, "Kantha is the running-stitch embroidery of Bengal: layers of soft cotton are stitched together by hand, giving a gently rippled, quilted surface."],
  [/leheriya/i, "Leheriya, Rajasthan's wave tie-dye, is rolled, tied and dyed on the diagonal to make rippling stripes, traditionally worn in the monsoon."],
  [/bandhani/i, "Bandhani is tie-dye at its most patient: thousands of tiny knots are pinched and tied by hand before dyeing, leaving a field of dots."],
  [/gota patti/i, "The trim is gota patti, the Rajasthani applique of gold-toned woven ribbon folded and stitched into leaves and flowers."],
  [/mirror/i, "Tiny mirrors are stitched on one by one, catching the light the way they do in the folk embroideries of Rajasthan and Kutch."],
  [/chikankari/i, "Chikankari is the white-on-white shadow embroidery of Lucknow, worked by hand with fine cotton thread over several weeks."],
  [/ikat/i, "Ikat yarns are resist-dyed before weaving, so the edges of the pattern blur softly where the threads meet on the loom."],
  [/jute/i, "Natural jute is a fast-growing, biodegradable fibre with a warm golden colour and a pleasing rustic texture."],
  [/sheesham|wood/i, "The wood is seasoned sheesham, Indian rosewood, hand carved and finished with a natural wax that brings out the grain."],
  [/khadi/i, "Khadi is hand-spun and handwoven, so the cloth has a soft slub, breathes beautifully and gets better with every wash."],
  [/mul cotton/i, "Mul cotton is a featherlight, airy weave that feels cool on the skin even in the height of an Indian summer."],
  [/chanderi/i, "Chanderi's sheer silk-cotton weave has a gentle sheen and a soft, floaty drape."],
  [/kalamkari/i, "Its flowing florals echo the hand-painted kalamkari temple cloths of the Deccan, reinterpreted with carved blocks."],
  [/shibori/i, "Folding and clamping the silk before its indigo bath gives every piece its own cloudy, one-off pattern."],
  [/banjara/i, "Banjara embroidery brings bold colour, cowrie shells and mirror work from the nomadic communities of Rajasthan."],
  [/dhurrie|kilim/i, "Flat-woven on a pit loom, the weave is fully reversible and easy to shake out or roll away."],
  [/chindi/i, "Chindi rugs are woven from strips of leftover cotton fabric, giving workshop offcuts a cheerful second life."],
  [/razai/i, "A Jaipuri razai is famously light: a thin layer of carded cotton is hand quilted between two printed cotton sheets."],
  [/wool|knotted/i, "Each knot is tied by hand on a vertical loom by weavers in the villages around Jaipur."],
  [/indigo/i, "The natural indigo dye deepens and softens with every wash."],
  [/block print|printing block|print/i, "Every motif is stamped by hand with carved teak wood blocks, one colour at a time, by printers in Jaipur."],
  [/cotton/i, "The cotton is soft and breathable, woven and finished in India."],
];

export const OPENERS: Record<ProductKind, readonly string[]> = {
  garment: [
    "Our {name} {is} cut for easy, everyday comfort and finished with neat French seams.",
    "Made for long warm days, the {name} {is} relaxed and breathable enough to go from the market to the beach.",
    "The {name} {is} cut and stitched in our Jaipur workshop from pre-washed cloth, so it keeps its shape.",
    "Light, easy and quietly special, the {name} {is} the kind of piece you reach for again and again.",
  ],
  kids: [
    "Soft on little skin, the {name} {is} made for play, naps and family celebrations alike.",
    "The {name} {is} cut roomy for climbing and twirling, with no harsh finishes on the cloth.",
  ],
  home: [
    "Bring the warmth of a Rajasthani home to your own with the {name}.",
    "The {name} {is} an easy way to layer colour and texture into a room without shouting.",
    "Made in small batches in our Jaipur workshop, the {name} {is} as practical as it is pretty.",
    "The {name} {is} a simple way to add a hand-made note to a table, bedroom or veranda.",
  ],
  fabric: [
    "The {name} comes as one uncut length, ready for dresses, kurtas, cushions or curtains.",
    "Printed by the same artisans who make our clothes, the {name} is sold by the cut for your own projects.",
  ],
  accessory: [
    "The {name} has room for the everyday essentials and is finished with care inside and out.",
    "Small, light and made to travel, the {name} is an easy gift to give or keep.",
  ],
};

export const CARE: Record<ProductKind | "floor" | "wood", readonly string[]> = {
  garment: [
    "Hand wash or gentle machine wash cold with similar colours, and dry in the shade to keep the dyes bright.",
    "The fit is relaxed, so take your usual size; wash cold and dry in the shade.",
  ],
  kids: ["Machine wash cold on a gentle cycle and dry in the shade; the cotton softens with every wash."],
  home: [
    "Gentle machine wash cold, dry in the shade and iron on the reverse.",
    "Wash cold separately the first time, as a little natural dye may bleed.",
  ],
  fabric: ["Wash before sewing, cold and separately, to settle the natural dyes."],
  accessory: ["Spot clean with a damp cloth or hand wash cold."],
  floor: ["Vacuum without the beater bar and spot clean with a damp cloth."],
  wood: ["Dust with a soft dry cloth and keep out of direct sun."],
};

export const CLOSINGS: readonly string[] = [
  "Small irregularities in the print are the signature of the hand block and make each piece one of a kind.",
  "Made by artisans paid fair wages, in natural materials that age beautifully.",
  "Colours may vary slightly from batch to batch, as every piece is dyed by hand.",
  "Packed plastic-free and shipped from our studio in Jaipur.",
];
