/**
 * SVG builders for block-print textile patterns. Motifs are stamped one by one with a little jitter
 * in position, angle and ink density, the way a hand-held wooden block lands on cloth, instead of an
 * SVG <pattern> whose perfect repeats read as digital wallpaper.
 */
import { createRng, type Rng } from "./random";

export interface Palette {
  name: string;
  ground: string;
  ink: string;
  accent: string;
  detail: string;
}

/** Natural-dye colourways: indigo, madder, turmeric, sage, charcoal, rust on cream, plus dark grounds. */
export const PALETTES: readonly Palette[] = [
  { name: "indigo on cream", ground: "#f1e8d4", ink: "#233f73", accent: "#c0892b", detail: "#7b8c66" },
  { name: "madder on cream", ground: "#f3e7d0", ink: "#a33a2b", accent: "#2b3f6b", detail: "#d6a02a" },
  { name: "turmeric on linen", ground: "#efe3c8", ink: "#c98f1a", accent: "#8b3a24", detail: "#4a5a3c" },
  { name: "sage on cream", ground: "#eee7d3", ink: "#6f8260", accent: "#b5562b", detail: "#2f3a4a" },
  { name: "charcoal and rust", ground: "#ece2cc", ink: "#3a3633", accent: "#b5562b", detail: "#c9a24a" },
  { name: "rust and indigo", ground: "#f0e4cc", ink: "#b5562b", accent: "#223a66", detail: "#7e8f6a" },
  { name: "blush madder", ground: "#f4e2d6", ink: "#9c3a33", accent: "#5c7b6a", detail: "#d6a347" },
  { name: "dabu indigo", ground: "#1f3561", ink: "#efe5cf", accent: "#8fa7c9", detail: "#c9a24a" },
  { name: "ajrakh madder", ground: "#7e2a22", ink: "#f0e2c6", accent: "#1e2f55", detail: "#d2a23a" },
  { name: "bandhani red", ground: "#a8322a", ink: "#f6ead2", accent: "#e0b33a", detail: "#2a2a2a" },
  { name: "indigo night", ground: "#16254a", ink: "#e8d9b8", accent: "#b8562f", detail: "#8aa07a" },
  { name: "sage ground", ground: "#5f7052", ink: "#f1e6cc", accent: "#d19a2a", detail: "#9c3f2a" },
];

export const MOTIFS = [
  "buti",
  "floral",
  "mandala",
  "dabu",
  "bandhani",
  "ajrakh",
  "stripes",
  "checks",
  "leheriya",
  "ikat",
  "kantha",
] as const;
export type Motif = (typeof MOTIFS)[number];

/** [x0, y0, x1, y1] */
export type Box = readonly [number, number, number, number];

export interface FabricOptions {
  motif: Motif;
  palette: Palette;
  width: number;
  height: number;
  /** Motif size multiplier: product close-ups use ~2, banners ~1.2. */
  scale?: number;
  seed: number;
  /** Only this part of the canvas needs printing (the rest is clipped away); defaults to all of it. */
  area?: Box;
  /** Prefix for element ids, so two fabrics can share one SVG document. */
  idPrefix?: string;
}

export interface Fabric {
  defs: string;
  body: string;
}

const PAISLEY = "M3,-22 C17,-16 19,4 8,15 C-1,24 -17,18 -15,4 C-13,-7 -2,-6 0,-13 C1,-17 0,-20 3,-22Z";

/** `count` copies of a shape arranged around the origin, each turned to face outwards. */
function ring(count: number, radius: number, shape: () => string): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    out += `<g transform="rotate(${(360 / count) * i}) translate(0 ${-radius})">${shape()}</g>`;
  }
  return out;
}

/** Stamp geometry, drawn around (0,0); `tile` is the repeat distance at scale 1. */
function stamp(motif: Motif, p: Palette): { tile: number; main: string; filler: string; halfDrop: boolean } {
  switch (motif) {
    case "buti":
      return {
        tile: 62,
        halfDrop: true,
        main:
          `<path d="${PAISLEY}" fill="${p.ink}"/><path d="${PAISLEY}" transform="translate(-1 2) scale(0.55)" fill="${p.accent}"/>` +
          `<circle cx="-3" cy="6" r="2.4" fill="${p.ground}"/>`,
        filler: `<circle r="2.6" fill="${p.detail}"/><circle cx="6" r="1.5" fill="${p.detail}"/><circle cx="-6" r="1.5" fill="${p.detail}"/>`,
      };
    case "floral":
      return {
        tile: 70,
        halfDrop: true,
        main:
          `<path d="M0,4 C8,10 18,10 24,20 C12,22 4,14 0,4Z" fill="${p.detail}"/><path d="M0,4 C-8,10 -18,10 -24,20 C-12,22 -4,14 0,4Z" fill="${p.detail}"/>` +
          ring(5, 9, () => `<ellipse rx="6" ry="9" fill="${p.ink}"/>`) +
          `<circle r="5" fill="${p.accent}"/><circle r="2" fill="${p.ground}"/>`,
        filler: `<circle r="2.2" fill="${p.accent}"/>`,
      };
    case "mandala":
      return {
        tile: 76,
        halfDrop: false,
        main:
          ring(12, 20, () => `<ellipse rx="4.5" ry="8" fill="${p.ink}"/>`) +
          `<circle r="13" fill="none" stroke="${p.accent}" stroke-width="2.5"/>` +
          ring(8, 7, () => `<ellipse rx="3" ry="5.5" fill="${p.detail}"/>`) +
          `<circle r="3" fill="${p.accent}"/>` +
          ring(12, 31, () => `<circle r="1.7" fill="${p.accent}"/>`),
        filler: `<rect x="-3.5" y="-3.5" width="7" height="7" transform="rotate(45)" fill="${p.detail}"/>`,
      };
    case "dabu":
      return {
        tile: 46,
        halfDrop: true,
        main: ring(6, 6, () => `<circle r="4.2" fill="${p.ink}"/>`) + `<circle r="3.2" fill="${p.detail}"/>`,
        filler: `<circle r="2" fill="${p.accent}"/><circle cx="5" cy="4" r="1.2" fill="${p.accent}"/>`,
      };
    case "bandhani":
      return {
        tile: 34,
        halfDrop: true,
        main: ring(8, 9, () => `<circle r="2.2" fill="${p.ink}"/>`) + `<circle r="2.6" fill="${p.accent}"/>`,
        filler: `<circle r="1.6" fill="${p.ink}"/>`,
      };
    case "ajrakh":
      return {
        tile: 48,
        halfDrop: false,
        main:
          `<rect x="-15" y="-15" width="30" height="30" fill="${p.ink}"/><rect x="-15" y="-15" width="30" height="30" transform="rotate(45)" fill="${p.ink}"/>` +
          `<circle r="10" fill="${p.accent}"/><circle r="5" fill="${p.detail}"/>` +
          ring(8, 13, () => `<circle r="1.6" fill="${p.ground}"/>`),
        filler: ring(4, 4, () => `<circle r="2.6" fill="${p.detail}"/>`),
      };
    default:
      // Structural weaves (stripes, checks, leheriya, ikat, kantha) are drawn by layoutStructure().
      return { tile: 60, halfDrop: false, main: "", filler: "" };
  }
}

/** Stamps on a (half-drop) grid anchored at the origin, so a cropped area matches the full cloth. */
function stampField(id: string, tile: number, halfDrop: boolean, area: Box, rng: Rng, offset = 0): string {
  let out = "";
  const [x0, y0, x1, y1] = area;
  for (let r = Math.floor(y0 / tile) - 1; r <= Math.ceil(y1 / tile); r++) {
    for (let c = Math.floor(x0 / tile) - 1; c <= Math.ceil(x1 / tile); c++) {
      const shift = halfDrop && r % 2 !== 0 ? tile / 2 : 0;
      const x = c * tile + shift + offset + rng.range(-1.5, 1.5);
      const y = r * tile + offset + rng.range(-1.5, 1.5);
      const angle = rng.range(-4, 4).toFixed(1);
      const opacity = rng.range(0.8, 1).toFixed(2);
      // fill-/stroke-opacity, not opacity: group opacity makes the renderer composite every stamp off-screen.
      out += `<use href="#${id}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle})" fill-opacity="${opacity}" stroke-opacity="${opacity}"/>`;
    }
  }
  return out;
}

function wavePath(y: number, w: number, amplitude: number, period: number, thickness: number, phase: number): string {
  const top: string[] = [];
  const bottom: string[] = [];
  for (let x = -period; x <= w + period; x += period / 4) {
    const dy = amplitude * Math.sin((x / period) * Math.PI * 2 + phase);
    top.push(`${x.toFixed(0)},${(y + dy).toFixed(1)}`);
    bottom.unshift(`${x.toFixed(0)},${(y + dy + thickness).toFixed(1)}`);
  }
  return `M${top.join(" L")} L${bottom.join(" L")}Z`;
}

/** Woven and dyed structures that are not single stamps. */
function layoutStructure(motif: Motif, p: Palette, w: number, h: number, rng: Rng): string {
  let out = "";
  if (motif === "stripes") {
    const unit = 96;
    for (let x = -20; x < w + unit; x += unit) {
      out += `<rect x="${x}" width="26" height="${h}" fill="${p.ink}" opacity="0.92"/>`;
      out += `<rect x="${x + 34}" width="4" height="${h}" fill="${p.accent}"/><rect x="${x + 86}" width="4" height="${h}" fill="${p.accent}"/>`;
      for (let y = 8; y < h; y += 20) {
        out += `<circle cx="${x + 62}" cy="${y + rng.range(-1, 1)}" r="3.4" fill="${p.detail}"/>`;
        out += `<circle cx="${x + 13}" cy="${y + 10}" r="2.2" fill="${p.ground}" opacity="0.85"/>`;
      }
    }
  } else if (motif === "checks") {
    const unit = 64;
    for (let x = 0; x < w + unit; x += unit)
      out += `<rect x="${x}" width="30" height="${h}" fill="${p.ink}" opacity="0.55"/>`;
    for (let y = 0; y < h + unit; y += unit)
      out += `<rect y="${y}" width="${w}" height="30" fill="${p.ink}" opacity="0.55"/>`;
    for (let x = 44; x < w + unit; x += unit) out += `<rect x="${x}" width="3" height="${h}" fill="${p.accent}"/>`;
    for (let y = 44; y < h + unit; y += unit) out += `<rect y="${y}" width="${w}" height="3" fill="${p.accent}"/>`;
  } else if (motif === "leheriya") {
    const colours = [p.ink, p.accent, p.detail, p.ink];
    const span = Math.hypot(w, h);
    let band = 0;
    for (let y = -span; y < span; y += 26) {
      out += `<path d="${wavePath(y, span * 2, 3, 70, 11, band)}" fill="${colours[band % colours.length]}"/>`;
      band++;
    }
    out = `<g transform="translate(${w / 2} ${h / 2}) rotate(-35) translate(${-span} 0)">${out}</g>`;
  } else if (motif === "ikat") {
    const step = 58;
    for (let y = -step; y < h + step; y += step) {
      const points: string[] = [];
      for (let x = -step; x < w + step; x += step / 2) points.push(`${x},${y + ((x / (step / 2)) % 2 === 0 ? 0 : 24)}`);
      const line = points.join(" ");
      // Offset ghost strokes mimic the feathered edge left when resist-tied yarn shifts on the loom.
      for (const dx of [-5, 5]) {
        out += `<polyline points="${line}" transform="translate(${dx} 0)" fill="none" stroke="${p.ink}" stroke-width="13" opacity="0.3"/>`;
      }
      out += `<polyline points="${line}" fill="none" stroke="${p.ink}" stroke-width="12"/>`;
      out += `<polyline points="${line}" transform="translate(0 29)" fill="none" stroke="${p.accent}" stroke-width="4"/>`;
    }
  } else if (motif === "kantha") {
    const colours = [p.ground, p.ink, p.accent, p.detail];
    let y = 0;
    let band = rng.int(0, 3);
    while (y < h) {
      const height = rng.int(34, 72);
      const fill = colours[band % colours.length] ?? p.ground;
      const thread = fill === p.ground ? p.ink : p.ground;
      out += `<rect y="${y}" width="${w}" height="${height}" fill="${fill}"/>`;
      for (let line = y + 8; line < y + height - 4; line += 9) {
        out += `<line x1="0" x2="${w}" y1="${line}" y2="${line}" stroke="${thread}" stroke-width="1.8" stroke-dasharray="7 5" stroke-dashoffset="${rng.int(0, 11)}" opacity="0.85"/>`;
      }
      y += height;
      band++;
    }
  }
  return out;
}

/** A full rectangle of printed cloth: ground, stamps (or weave), and a soft uneven-dye wash. */
export function fabric(options: FabricOptions): Fabric {
  const { motif, palette: p, width, height, seed } = options;
  const scale = options.scale ?? 1;
  const prefix = options.idPrefix ?? "f";
  const rng = createRng(seed);
  const w = width / scale;
  const h = height / scale;
  const s = stamp(motif, p);
  let defs =
    `<radialGradient id="${prefix}-wash" cx="${rng.range(0.2, 0.8).toFixed(2)}" cy="${rng.range(0.2, 0.8).toFixed(2)}" r="0.8">` +
    `<stop offset="0" stop-color="#fff" stop-opacity="0.10"/><stop offset="1" stop-color="#000" stop-opacity="0.08"/></radialGradient>`;
  let inner = "";
  if (s.main) {
    defs += `<g id="${prefix}-m">${s.main}</g><g id="${prefix}-x">${s.filler}</g>`;
    const [ax0, ay0, ax1, ay1] = options.area ?? [0, 0, width, height];
    const area: Box = [ax0 / scale, ay0 / scale, ax1 / scale, ay1 / scale];
    inner += stampField(`${prefix}-x`, s.tile, s.halfDrop, area, rng, s.tile / 2);
    inner += stampField(`${prefix}-m`, s.tile, s.halfDrop, area, rng);
  } else {
    inner = layoutStructure(motif, p, w, h, rng);
  }
  const body =
    `<rect width="${width}" height="${height}" fill="${p.ground}"/>` +
    `<g transform="scale(${scale})">${inner}</g>` +
    `<rect width="${width}" height="${height}" fill="url(#${prefix}-wash)"/>`;
  return { defs, body };
}

/** A narrow printed border like a sari or dupatta edge, for banners and blog art. */
export function borderBand(x: number, y: number, width: number, height: number, p: Palette, vertical: boolean): string {
  const along = vertical ? height : width;
  const across = vertical ? width : height;
  let marks = "";
  for (let t = 10; t < along; t += 22) {
    const [cx, cy] = vertical ? [x + across / 2, y + t] : [x + t, y + across / 2];
    marks += `<rect x="${cx - 5}" y="${cy - 5}" width="10" height="10" transform="rotate(45 ${cx} ${cy})" fill="${p.accent}"/>`;
  }
  const edge = vertical
    ? `<rect x="${x}" y="${y}" width="4" height="${height}" fill="${p.detail}"/><rect x="${x + width - 4}" y="${y}" width="4" height="${height}" fill="${p.detail}"/>`
    : `<rect x="${x}" y="${y}" width="${width}" height="4" fill="${p.detail}"/><rect x="${x}" y="${y + height - 4}" width="${width}" height="4" fill="${p.detail}"/>`;
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${p.ink}"/>${edge}${marks}`;
}
