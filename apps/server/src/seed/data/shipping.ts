/**
 * The demo catalogue's packed weights, packages and handling surcharges by subcategory: the figures migration
 * 0027 gives existing products (decision 080). A subcategory not listed is a soft piece of 500 g folded into
 * the mailer, with no package of its own and no surcharge.
 */
const BY_SUBCATEGORY: Record<string, [grams: number, cm: [number, number, number] | null, paise: number, cents: number]> =
  {
    ottoman: [2500, [45, 45, 35], 40000, 500],
    "rugs & carpets": [2000, [60, 20, 20], 0, 0],
    umbrellas: [1500, [100, 15, 15], 0, 0],
    "wall decor": [600, [35, 35, 10], 0, 0],
    bedcover: [1200, null, 0, 0],
    curtains: [800, null, 0, 0],
    napkins: [300, null, 0, 0],
    "table runner": [300, null, 0, 0],
    "cushion cover": [250, null, 0, 0],
    bunting: [200, null, 0, 0],
    "toiletry & make up bags": [250, null, 0, 0],
    "silk sashes": [150, null, 0, 0],
  };

export function shippingOf(subcategory: string | null) {
  const [grams, cm, paise, cents] = (subcategory && BY_SUBCATEGORY[subcategory]) || [500, null, 0, 0];
  return {
    shippingGrams: grams,
    packageLengthCm: cm?.[0] ?? null,
    packageWidthCm: cm?.[1] ?? null,
    packageHeightCm: cm?.[2] ?? null,
    handlingPaise: paise,
    handlingCents: cents,
  };
}
