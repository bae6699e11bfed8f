/**
 * The demo catalogue's colour and material (issue 40: the listing filters), read from each product's name:
 * the first rule whose words the name has wins, so a colour named outright ("Madder Red") beats what the
 * print usually is (Ajrakh is mostly madder and indigo). The seller edits them per product afterwards.
 */
const COLOUR_RULES: readonly (readonly [RegExp, string])[] = [
  [/\bindigo\b|\bdabu\b|shibori/i, "Indigo"],
  [/\bred\b|bandhani/i, "Red"],
  [/mustard|turmeric/i, "Mustard"],
  [/\brust\b|ajrakh|bagru/i, "Rust"],
  [/\bsage\b/i, "Green"],
  [/charcoal/i, "Charcoal"],
  [/white|chikankari/i, "White"],
  [/blush|\brose\b/i, "Pink"],
  [/jute|wood|khadi/i, "Natural"],
  [/sanganeri|\bbuti\b|mul\b/i, "Cream"],
];

const MATERIAL_RULES: readonly (readonly [RegExp, string])[] = [
  [/silk/i, "Silk"],
  [/wool|carpet/i, "Wool"],
  [/jute/i, "Jute"],
  [/wood/i, "Wood"],
  [/khadi/i, "Khadi"],
  [/\bmul\b/i, "Mul cotton"],
];

const firstMatch = (rules: readonly (readonly [RegExp, string])[], name: string, otherwise: string) =>
  rules.find(([words]) => words.test(name))?.[1] ?? otherwise;

/** Mixed prints (leheriya, mirror work, kantha patchwork) are many colours at once. */
export const colourOf = (name: string): string => firstMatch(COLOUR_RULES, name, "Multicolour");
/** The shop's pieces are cotton unless the name says otherwise. */
export const materialOf = (name: string): string => firstMatch(MATERIAL_RULES, name, "Cotton");
