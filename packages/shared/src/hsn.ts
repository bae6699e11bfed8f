/**
 * What an HSN code names, for the HSN summary of the monthly return (GSTR-1 table 12) and the back office:
 * the headings of the Customs Tariff (First Schedule to the Customs Tariff Act, 1975) a shop of textiles,
 * garments, bags and home decor uses, in the tariff's words, and the delivery charge's SAC. A longer code is
 * described by its heading; a code of a heading not listed has no description (the return's own HSN list
 * fills it in from the code).
 */
const DESCRIPTIONS: Record<string, string> = {
  "4202":
    "Trunks, suit-cases, vanity-cases, travelling-bags, toilet bags, rucksacks, handbags, shopping bags, wallets, purses and similar containers",
  "4414": "Wooden frames for paintings, photographs, mirrors or similar objects",
  "4420":
    "Wood marquetry and inlaid wood; caskets and cases for jewellery or cutlery, and similar articles, of wood; statuettes and other ornaments, of wood",
  "4421": "Other articles of wood",
  "5007": "Woven fabrics of silk or of silk waste",
  "5208": "Woven fabrics of cotton, containing 85% or more by weight of cotton, weighing not more than 200 g/m2",
  "5209": "Woven fabrics of cotton, containing 85% or more by weight of cotton, weighing more than 200 g/m2",
  "5701": "Carpets and other textile floor coverings, knotted, whether or not made up",
  "5702":
    "Carpets and other textile floor coverings, woven, not tufted or flocked, whether or not made up, including Kelem, Schumacks, Karamanie and similar hand-woven rugs",
  "5703": "Carpets and other textile floor coverings, tufted, whether or not made up",
  "5705": "Other carpets and other textile floor coverings, whether or not made up",
  "5805": "Hand-woven tapestries and needle-worked tapestries",
  "5810": "Embroidery in the piece, in strips or in motifs",
  "6104": "Women's or girls' suits, ensembles, jackets, dresses, skirts, trousers and shorts, knitted or crocheted",
  "6109": "T-shirts, singlets and other vests, knitted or crocheted",
  "6117": "Other made up clothing accessories, knitted or crocheted",
  "6203":
    "Men's or boys' suits, ensembles, jackets, blazers, trousers, bib and brace overalls, breeches and shorts (other than swimwear)",
  "6204":
    "Women's or girls' suits, ensembles, jackets, blazers, dresses, skirts, divided skirts, trousers, bib and brace overalls, breeches and shorts (other than swimwear)",
  "6205": "Men's or boys' shirts",
  "6206": "Women's or girls' blouses, shirts and shirt-blouses",
  "6207":
    "Men's or boys' singlets and other vests, underpants, briefs, nightshirts, pyjamas, bathrobes, dressing gowns and similar articles",
  "6208":
    "Women's or girls' singlets and other vests, slips, petticoats, briefs, panties, nightdresses, pyjamas, negligees, bathrobes, dressing gowns and similar articles",
  "6209": "Babies' garments and clothing accessories",
  "6211": "Track suits, ski suits and swimwear; other garments",
  "6214": "Shawls, scarves, mufflers, mantillas, veils and the like",
  "6217": "Other made up clothing accessories; parts of garments or of clothing accessories",
  "6301": "Blankets and travelling rugs",
  "6302": "Bed linen, table linen, toilet linen and kitchen linen",
  "6303": "Curtains (including drapes) and interior blinds; curtain or bed valances",
  "6304": "Other furnishing articles, excluding those of heading 9404",
  "6307": "Other made up articles, including dress patterns",
  "6601": "Umbrellas and sun umbrellas (including walking-stick umbrellas, garden umbrellas and similar umbrellas)",
  "9404":
    "Mattress supports; articles of bedding and similar furnishing (mattresses, quilts, cushions, pouffes, pillows)",
  "996812": "Courier services",
};

/** The description of an HSN code or SAC: its own, else its heading's (first four digits), else "". */
export function hsnDescription(code: string): string {
  return DESCRIPTIONS[code] ?? DESCRIPTIONS[code.slice(0, 4)] ?? "";
}
