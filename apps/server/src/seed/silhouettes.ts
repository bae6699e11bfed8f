/**
 * Outlines of the things we sell, on a 600x750 product canvas. The printed fabric is clipped to
 * `parts`; `trims` (handles, fringes, rods, piping) are drawn over it in palette colours, so a
 * product photo reads as "a dress" or "a rug" rather than a swatch.
 */
import type { Palette } from "./patterns";

export const SHAPES = [
  "dress",
  "kaftan",
  "top",
  "kurta",
  "pants",
  "skirt",
  "set",
  "jacket",
  "cushion",
  "rug",
  "runner",
  "sash",
  "napkins",
  "curtain",
  "valence",
  "bag",
  "pouch",
  "stack",
  "pouf",
  "umbrella",
  "hoop",
  "bunting",
] as const;
export type Shape = (typeof SHAPES)[number];

export interface Part {
  d: string;
  transform?: string;
}

export interface Silhouette {
  parts: Part[];
  trims: (p: Palette) => string;
  /** Bounding box [x0, y0, x1, y1] of the parts: cloth is only printed there, halving render time. */
  box: readonly [number, number, number, number];
  /** Vertical fold lines (x positions) to shade, for drapes and curtains. */
  folds?: number[];
}

const DRESS =
  "M255,95 C270,112 330,112 345,95 L400,118 L422,232 L392,248 C386,300 389,330 396,360 L470,660 C400,692 200,692 130,660 L204,360 C211,330 214,300 208,248 L178,232 L200,118 Z";
const TOP =
  "M255,150 C270,176 330,176 345,150 L430,175 L500,290 L445,320 L415,275 L420,520 L180,520 L185,275 L155,320 L100,290 L170,175 Z";
const KURTA =
  "M258,90 C272,116 328,116 342,90 L425,112 L505,330 L452,352 L418,250 L428,660 L172,660 L182,250 L148,352 L95,330 L175,112 Z";
const PANTS = "M200,100 L400,100 L420,200 L462,650 L352,662 L306,300 L294,300 L248,662 L138,650 L180,200 Z";
const SKIRT = "M220,120 L380,120 L392,160 C450,300 500,500 540,650 C420,692 180,692 60,650 C100,500 150,300 208,160 Z";
const JACKET =
  "M250,110 L300,200 L350,110 L432,134 L522,420 L462,442 L420,300 L426,600 L174,600 L180,300 L138,442 L78,420 L168,134 Z";
const CUSHION = "M130,200 Q300,178 470,200 Q492,375 470,550 Q300,572 130,550 Q108,375 130,200 Z";
const POUCH = "M120,300 Q300,272 480,300 L468,560 Q300,592 132,560 Z";
const UMBRELLA =
  "M70,380 C70,40 530,40 530,380 Q492,350 453,380 Q415,350 377,380 Q338,350 300,380 Q262,350 223,380 Q185,350 147,380 Q108,350 70,380 Z";

function rect(x: number, y: number, w: number, h: number, r = 6): string {
  return `M${x + r},${y} L${x + w - r},${y} Q${x + w},${y} ${x + w},${y + r} L${x + w},${y + h - r} Q${x + w},${y + h} ${x + w - r},${y + h} L${x + r},${y + h} Q${x},${y + h} ${x},${y + h - r} L${x},${y + r} Q${x},${y} ${x + r},${y} Z`;
}

function fringe(x1: number, x2: number, y: number, length: number, colour: string): string {
  let out = "";
  for (let x = x1 + 4; x < x2; x += 8)
    out += `<line x1="${x}" y1="${y}" x2="${x + (x % 3) - 1}" y2="${y + length}" stroke="${colour}" stroke-width="3" stroke-linecap="round"/>`;
  return out;
}

function tassel(x: number, y: number, colour: string): string {
  return `<path d="M${x},${y} l-7,26 l14,0 Z" fill="${colour}"/><circle cx="${x}" cy="${y}" r="5" fill="${colour}"/>`;
}

/** Scalloped lower edge shared by the door valence and the bunting flags. */
function zigzagBottom(x1: number, x2: number, top: number, bottom: number, teeth: number, depth: number): string {
  const step = (x2 - x1) / teeth;
  let d = `M${x1},${top} L${x2},${top} L${x2},${bottom}`;
  for (let i = teeth - 1; i >= 0; i--)
    d += ` L${x1 + step * i + step / 2},${bottom + depth} L${x1 + step * i},${bottom}`;
  return `${d} Z`;
}

const none = (): string => "";

const SILHOUETTES: Record<Shape, Silhouette> = {
  dress: {
    box: [130, 95, 470, 692],
    parts: [{ d: DRESS }],
    trims: (p) => `<path d="M130,660 C200,692 400,692 470,660" fill="none" stroke="${p.accent}" stroke-width="10"/>`,
    folds: [250, 300, 350],
  },
  kaftan: {
    box: [40, 90, 560, 660],
    parts: [{ d: "M260,90 L300,152 L340,90 L480,110 L560,300 L470,330 L455,660 L145,660 L130,330 L40,300 L120,110 Z" }],
    trims: (p) =>
      `<path d="M260,90 L300,152 L340,90" fill="none" stroke="${p.accent}" stroke-width="8"/><path d="M145,660 L455,660" stroke="${p.accent}" stroke-width="10"/>`,
    folds: [220, 300, 380],
  },
  top: {
    box: [100, 150, 500, 520],
    parts: [{ d: TOP }],
    trims: (p) => `<path d="M255,150 C270,176 330,176 345,150" fill="none" stroke="${p.accent}" stroke-width="6"/>`,
  },
  kurta: {
    box: [95, 90, 505, 660],
    parts: [{ d: KURTA }],
    trims: (p) => `<path d="M300,112 L300,230" stroke="${p.accent}" stroke-width="5"/>`,
    folds: [240, 360],
  },
  pants: {
    box: [138, 100, 462, 662],
    parts: [{ d: PANTS }],
    trims: (p) => `<rect x="200" y="100" width="200" height="26" fill="${p.accent}" opacity="0.85"/>`,
    folds: [230, 370],
  },
  skirt: {
    box: [60, 120, 540, 692],
    parts: [{ d: SKIRT }],
    trims: (p) =>
      `<rect x="220" y="120" width="160" height="24" fill="${p.accent}"/><path d="M60,650 C180,692 420,692 540,650" fill="none" stroke="${p.accent}" stroke-width="14"/>`,
    folds: [180, 260, 340, 420],
  },
  set: {
    box: [37, 133, 532, 547],
    parts: [
      { d: TOP, transform: "translate(-25 40) scale(0.62)" },
      { d: PANTS, transform: "translate(255 150) scale(0.6)" },
    ],
    trims: none,
  },
  jacket: {
    box: [78, 110, 522, 600],
    parts: [{ d: JACKET }],
    trims: (p) =>
      `<path d="M250,110 L300,200 L350,110" fill="none" stroke="${p.accent}" stroke-width="8"/><line x1="300" y1="200" x2="300" y2="600" stroke="${p.detail}" stroke-width="5"/>`,
  },
  cushion: {
    box: [108, 178, 492, 572],
    parts: [{ d: CUSHION }],
    trims: (p) =>
      `<path d="${CUSHION}" fill="none" stroke="${p.accent}" stroke-width="8"/>${tassel(130, 200, p.accent)}${tassel(470, 200, p.accent)}${tassel(130, 550, p.accent)}${tassel(470, 550, p.accent)}`,
  },
  rug: {
    box: [130, 150, 470, 600],
    parts: [{ d: rect(130, 150, 340, 450, 2) }],
    trims: (p) =>
      `<rect x="150" y="170" width="300" height="410" fill="none" stroke="${p.ink}" stroke-width="12" opacity="0.8"/>${fringe(130, 470, 128, 22, "#e8dcc2")}${fringe(130, 470, 600, 22, "#e8dcc2")}`,
  },
  runner: {
    box: [225, 70, 375, 650],
    parts: [{ d: rect(225, 70, 150, 580, 2) }],
    trims: (p) => `${tassel(245, 650, p.accent)}${tassel(300, 650, p.accent)}${tassel(355, 650, p.accent)}`,
  },
  sash: {
    box: [205, 110, 395, 650],
    parts: [{ d: rect(205, 110, 95, 540, 2) }, { d: rect(300, 110, 95, 470, 2) }],
    trims: (p) =>
      `<line x1="300" y1="110" x2="300" y2="580" stroke="#000" stroke-opacity="0.15" stroke-width="3"/>` +
      `<line x1="170" y1="104" x2="430" y2="104" stroke="#8a6a45" stroke-width="14" stroke-linecap="round"/>${fringe(205, 300, 650, 22, p.accent)}${fringe(300, 395, 580, 22, p.accent)}`,
  },
  napkins: {
    box: [130, 170, 470, 630],
    parts: [{ d: rect(170, 330, 300, 300) }, { d: rect(150, 250, 300, 300) }, { d: rect(130, 170, 300, 300) }],
    trims: (p) =>
      `<rect x="130" y="170" width="300" height="300" rx="6" fill="none" stroke="${p.accent}" stroke-width="6"/>`,
  },
  curtain: {
    box: [110, 100, 490, 700],
    parts: [
      {
        d: "M120,100 L480,100 L490,680 Q450,700 410,680 Q370,700 330,680 Q290,700 250,680 Q210,700 170,680 Q130,700 110,680 Z",
      },
    ],
    trims: () => `<line x1="80" y1="92" x2="520" y2="92" stroke="#5a4632" stroke-width="10" stroke-linecap="round"/>`,
    folds: [160, 210, 260, 310, 360, 410, 450],
  },
  valence: {
    box: [60, 220, 540, 440],
    parts: [{ d: zigzagBottom(60, 540, 220, 380, 8, 60) }],
    trims: () => `<line x1="40" y1="214" x2="560" y2="214" stroke="#5a4632" stroke-width="10" stroke-linecap="round"/>`,
  },
  bag: {
    box: [128, 300, 472, 660],
    parts: [{ d: "M150,300 L450,300 L472,660 L128,660 Z" }],
    trims: (p) =>
      `<path d="M215,300 C215,150 385,150 385,300" fill="none" stroke="${p.detail}" stroke-width="18"/><rect x="150" y="300" width="300" height="22" fill="${p.accent}" opacity="0.9"/>`,
  },
  pouch: {
    box: [120, 272, 480, 592],
    parts: [{ d: POUCH }],
    trims: (p) =>
      `<path d="M120,300 Q300,272 480,300" fill="none" stroke="#3a3633" stroke-width="8" stroke-dasharray="4 3"/><rect x="452" y="294" width="14" height="38" rx="4" fill="${p.accent}"/>`,
  },
  stack: {
    box: [110, 240, 490, 580],
    parts: [
      { d: rect(110, 470, 380, 110, 14) },
      { d: rect(125, 355, 350, 110, 14) },
      { d: rect(140, 240, 320, 110, 14) },
    ],
    trims: () =>
      `<rect x="110" y="465" width="380" height="6" fill="#000" opacity="0.12"/><rect x="125" y="350" width="350" height="6" fill="#000" opacity="0.12"/>`,
  },
  pouf: {
    box: [130, 288, 470, 612],
    parts: [
      { d: "M150,330 L450,330 L470,560 Q300,612 130,560 Z" },
      { d: "M150,330 A150,42 0 1,0 450,330 A150,42 0 1,0 150,330 Z" },
    ],
    trims: (p) => `<ellipse cx="300" cy="330" rx="150" ry="42" fill="none" stroke="${p.accent}" stroke-width="6"/>`,
  },
  umbrella: {
    box: [70, 125, 530, 380],
    parts: [{ d: UMBRELLA }],
    trims: () =>
      `<line x1="300" y1="370" x2="300" y2="640" stroke="#5a4632" stroke-width="9"/><path d="M300,640 q0,34 -30,30" fill="none" stroke="#5a4632" stroke-width="9" stroke-linecap="round"/><line x1="300" y1="126" x2="300" y2="92" stroke="#5a4632" stroke-width="6"/>`,
    folds: [150, 225, 300, 375, 450],
  },
  hoop: {
    box: [90, 160, 510, 580],
    parts: [{ d: "M90,370 A210,210 0 1,0 510,370 A210,210 0 1,0 90,370 Z" }],
    trims: (p) =>
      `<circle cx="300" cy="370" r="210" fill="none" stroke="#8a6a45" stroke-width="12"/><path d="M300,160 L300,90" stroke="#8a6a45" stroke-width="4"/>${tassel(220, 572, p.accent)}${tassel(300, 582, p.accent)}${tassel(380, 572, p.accent)}`,
  },
  bunting: {
    box: [95, 180, 505, 594],
    parts: [150, 270, 390]
      .map((x, i) => ({ d: `M${x - 55},${180 + i * 8} L${x + 55},${180 + i * 8} L${x},${330 + i * 8} Z` }))
      .concat(
        [210, 330, 450].map((x, i) => ({
          d: `M${x - 55},${420 + i * 8} L${x + 55},${420 + i * 8} L${x},${570 + i * 8} Z`,
        })),
      ),
    trims: () =>
      `<path d="M60,176 Q300,210 540,176" fill="none" stroke="#5a4632" stroke-width="4"/><path d="M120,416 Q330,450 540,416" fill="none" stroke="#5a4632" stroke-width="4"/>`,
  },
};

export function silhouette(shape: Shape): Silhouette {
  return SILHOUETTES[shape];
}
