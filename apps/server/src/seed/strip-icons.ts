/**
 * Simple emblem drawings for the home page's shop-by-category strip, centred on (0,0) within about
 * +-60 units, so each round tile says what it links to (bangles, juttis, puppets...) at a glance.
 */
import type { Palette } from "./patterns";

type Icon = (p: Palette) => string;

const WOOD = "#8a6a45";
const BRASS = "#b08a3e";

const gem: Icon = (p) =>
  `<path d="M-45,-15 L-25,-40 L25,-40 L45,-15 L0,45 Z" fill="${p.accent}"/>` +
  `<path d="M-45,-15 L45,-15 M-25,-40 L-10,-15 L0,45 L10,-15 L25,-40 M-10,-15 L0,-40 L10,-15" fill="none" stroke="${p.ink}" stroke-width="3"/>`;

const puppet: Icon = (p) =>
  `<path d="M-30,-62 L-30,-10 M30,-62 L30,-10 M0,-62 L0,-50" stroke="${p.detail}" stroke-width="1.5"/>` +
  `<ellipse cx="0" cy="-46" rx="15" ry="7" fill="${p.accent}"/><circle cx="0" cy="-34" r="11" fill="#d9b48f"/>` +
  `<path d="M-9,-22 L9,-22 L40,42 L-40,42 Z" fill="${p.ink}"/><path d="M-9,-18 L-30,-10 M9,-18 L30,-10" stroke="${p.ink}" stroke-width="5" stroke-linecap="round"/>` +
  `<path d="M-40,42 L40,42" stroke="${p.accent}" stroke-width="6"/>`;

const carpet: Icon = (p) => {
  let fringe = "";
  for (let x = -36; x <= 36; x += 8)
    fringe += `<path d="M${x},-44 v-8 M${x},44 v8" stroke="${p.detail}" stroke-width="2.5"/>`;
  return (
    `<rect x="-40" y="-44" width="80" height="88" fill="${p.accent}"/><rect x="-30" y="-34" width="60" height="68" fill="none" stroke="${p.ink}" stroke-width="6"/>` +
    `<path d="M0,-18 L16,0 L0,18 L-16,0 Z" fill="${p.ink}"/>${fringe}`
  );
};

const jutti: Icon = (p) =>
  `<path d="M-58,18 C-58,-4 -34,-12 -12,-12 C8,-12 24,-30 46,-22 C60,-16 62,6 52,20 L-52,24 Z" fill="${p.accent}"/>` +
  `<path d="M46,-22 C56,-34 66,-30 62,-20" fill="none" stroke="${p.accent}" stroke-width="5"/>` +
  `<path d="M-30,-8 C-10,8 20,6 40,-14" fill="none" stroke="${p.ink}" stroke-width="4" stroke-dasharray="2 5" stroke-linecap="round"/>` +
  `<path d="M-56,24 L54,20" stroke="${p.ink}" stroke-width="6" stroke-linecap="round"/>`;

const bangles: Icon = (p) =>
  `<ellipse cx="-18" cy="4" rx="34" ry="38" fill="none" stroke="${p.ink}" stroke-width="9"/>` +
  `<ellipse cx="0" cy="0" rx="34" ry="38" fill="none" stroke="${p.accent}" stroke-width="9"/>` +
  `<ellipse cx="18" cy="-4" rx="34" ry="38" fill="none" stroke="${p.detail}" stroke-width="9"/>`;

const painting: Icon = (p) =>
  `<rect x="-44" y="-52" width="88" height="104" fill="${p.ground}" stroke="${p.accent}" stroke-width="7"/>` +
  `<path d="M-28,40 L-28,-14 C-28,-40 28,-40 28,-14 L28,40 Z" fill="${p.ink}"/>` +
  `<circle cx="0" cy="-10" r="9" fill="${p.accent}"/><path d="M-28,40 L-10,16 L4,30 L16,20 L28,40 Z" fill="${p.detail}"/>`;

const printBlock: Icon = (p) =>
  `<rect x="-42" y="18" width="84" height="30" fill="${p.ground}" stroke="${p.ink}" stroke-width="2"/>` +
  `<path d="M-8,28 C0,24 10,28 8,36 C6,44 -8,44 -10,36 Z" fill="${p.ink}"/><circle cx="-26" cy="33" r="4" fill="${p.accent}"/><circle cx="26" cy="33" r="4" fill="${p.accent}"/>` +
  `<rect x="-36" y="-16" width="72" height="28" rx="3" fill="${WOOD}"/><rect x="-10" y="-46" width="20" height="32" rx="8" fill="${WOOD}"/>`;

const necklace: Icon = (p) => {
  let drops = "";
  for (let i = -4; i <= 4; i++) {
    const angle = (i * 16 * Math.PI) / 180;
    const x = Math.sin(angle) * 48;
    const y = Math.cos(angle) * 40 - 20;
    drops += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="6" fill="${p.accent}"/><path d="M${x.toFixed(1)},${(y + 6).toFixed(1)} l-4,10 l8,0 Z" fill="${p.ink}"/>`;
  }
  return `<path d="M-50,-48 C-56,10 56,10 50,-48" fill="none" stroke="${p.detail}" stroke-width="4"/>${drops}`;
};

const lota: Icon = () =>
  `<path d="M-16,-48 L16,-48 L12,-30 C44,-22 48,30 24,44 L-24,44 C-48,30 -44,-22 -12,-30 Z" fill="${BRASS}"/>` +
  `<rect x="-20" y="-54" width="40" height="8" rx="3" fill="${BRASS}"/><path d="M-22,-10 C-10,-4 10,-4 22,-10" stroke="#7a5b22" stroke-width="3" fill="none"/>` +
  `<ellipse cx="-14" cy="8" rx="6" ry="16" fill="#fff" opacity="0.35"/>`;

const ring: Icon = (p) =>
  `<circle cx="0" cy="14" r="34" fill="none" stroke="${p.accent}" stroke-width="10"/>` +
  `<path d="M-18,-24 L-8,-42 L8,-42 L18,-24 L0,-6 Z" fill="${p.ink}"/><path d="M-18,-24 L18,-24" stroke="${p.ground}" stroke-width="2"/>`;

/** One emblem per strip name (spec section 2, Home); unknown names fall back to the print block. */
const ICONS: Record<string, Icon> = {
  Gems: gem,
  "Rajasthani Puppets": puppet,
  "Jaipur Carpets": carpet,
  "Jaipur Juttis": jutti,
  "Lac Bangles": bangles,
  "Rajasthani Paintings": painting,
  "Sanganeri & Bagru Print": printBlock,
  "Rajasthani Folk Jewellery": necklace,
  "Metal Crafts": lota,
  "Gems & Jewellery": ring,
};

export function stripIcon(name: string, p: Palette): string {
  return (ICONS[name] ?? printBlock)(p);
}
