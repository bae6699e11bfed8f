/**
 * Composes the SVG for every kind of seeded picture (product views, category strip, blog, social,
 * listing banners, header slides) from the textile patterns and silhouettes.
 */
import { borderBand, fabric, MOTIFS, PALETTES, type Box, type Motif, type Palette } from "./patterns";
import { createRng, hashString, type Rng } from "./random";
import { silhouette, type Shape } from "./silhouettes";
import { stripIcon } from "./strip-icons";

export interface ProductArt {
  seed: number;
  shape: Shape;
  motif: Motif;
  palette: Palette;
}

export type MediaItem =
  | { kind: "product"; url: string; art: ProductArt; view: 1 | 2 | 3 }
  | { kind: "strip"; url: string; name: string }
  | { kind: "blog"; url: string; seed: number }
  | { kind: "social"; url: string; seed: number; shape: Shape }
  | { kind: "banner"; url: string; title: string; subtitle: string }
  | { kind: "hero"; url: string; caption: string; seed: number };

export interface RenderedSvg {
  svg: string;
  width: number;
  height: number;
}

const SERIF = "Liberation Serif, DejaVu Serif, serif";
const BACKDROPS = ["#efe7d6", "#eae0cc", "#e6e3d3", "#f1e4da"] as const;

/** Name words that name a technique or dye pick the matching print, so "Indigo Dabu" looks like dabu. */
const MOTIF_WORDS: readonly [RegExp, Motif][] = [
  [/dabu/i, "dabu"],
  [/bandhani|bandhej/i, "bandhani"],
  [/ajrakh/i, "ajrakh"],
  [/leheriya/i, "leheriya"],
  [/ikat/i, "ikat"],
  [/kantha|patchwork|quilt/i, "kantha"],
  [/stripe/i, "stripes"],
  [/check|gingham|plaid/i, "checks"],
  [/mandala|medallion/i, "mandala"],
  [/paisley|buti|butti/i, "buti"],
  [/floral|flower|phool|rose|lotus/i, "floral"],
];
const PALETTE_WORDS: readonly [RegExp, string][] = [
  [/dabu|indigo|blue|neel/i, "indigo on cream"],
  [/ajrakh/i, "ajrakh madder"],
  [/bandhani|red|madder/i, "madder on cream"],
  [/mustard|turmeric|yellow|haldi/i, "turmeric on linen"],
  [/sage|green|olive/i, "sage on cream"],
  [/rust|terracotta|brick/i, "rust and indigo"],
  [/charcoal|black|grey/i, "charcoal and rust"],
  [/pink|blush|rose/i, "blush madder"],
];

function paletteNamed(name: string): Palette {
  return PALETTES.find((p) => p.name === name) ?? PALETTES[0]!;
}

/** Motif and colourway for a text: technique and dye words first, then a seeded pick. */
function pickArt(text: string, rng: Rng): { motif: Motif; palette: Palette } {
  const motif = MOTIF_WORDS.find(([re]) => re.test(text))?.[1] ?? rng.pick(MOTIFS);
  const paletteWord = PALETTE_WORDS.find(([re]) => re.test(text))?.[1];
  const palette =
    motif === "dabu" && /indigo|dabu/i.test(text)
      ? paletteNamed("dabu indigo")
      : paletteWord
        ? paletteNamed(paletteWord)
        : rng.pick(PALETTES);
  return { motif, palette };
}

/** Deterministic art for a product, so "Indigo Dabu ..." is printed in dabu on indigo. */
export function productArt(code: number, name: string, shape: Shape): ProductArt {
  const rng = createRng(hashString(`${code}:${name}`));
  const { motif, palette } = pickArt(name, rng);
  return { seed: rng.int(1, 2 ** 31), shape, motif, palette };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function svgDoc(width: number, height: number, defs: string, body: string): RenderedSvg {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
  return { svg, width, height };
}

/** The garment or object on a 600x750 canvas: clipped cloth, volume shading, folds and trims. */
function dressedSilhouette(
  art: ProductArt,
  prefix: string,
  visible: Box = [0, 0, 600, 750],
): { defs: string; body: string } {
  const { palette } = art;
  const shape = silhouette(art.shape);
  const area: Box = [
    Math.max(shape.box[0], visible[0]),
    Math.max(shape.box[1], visible[1]),
    Math.min(shape.box[2], visible[2]),
    Math.min(shape.box[3], visible[3]),
  ];
  const cloth = fabric({
    motif: art.motif,
    palette,
    width: 600,
    height: 750,
    seed: art.seed,
    area,
    idPrefix: `${prefix}c`,
  });
  const clip = shape.parts
    .map((part) => `<path d="${part.d}"${part.transform ? ` transform="${part.transform}"` : ""}/>`)
    .join("");
  const folds = (shape.folds ?? [])
    .map((x) => `<rect x="${x - 14}" width="28" height="750" fill="url(#${prefix}fold)"/>`)
    .join("");
  const defs =
    `${cloth.defs}<clipPath id="${prefix}clip">${clip}</clipPath>` +
    `<linearGradient id="${prefix}vol"><stop offset="0" stop-color="#fff" stop-opacity="0.14"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient>` +
    `<linearGradient id="${prefix}fold"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.5" stop-color="#000" stop-opacity="0.13"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="${prefix}shadow"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;
  const body =
    `<ellipse cx="300" cy="700" rx="250" ry="26" fill="url(#${prefix}shadow)"/>` +
    `<g clip-path="url(#${prefix}clip)">${cloth.body}<rect width="600" height="750" fill="url(#${prefix}vol)"/>${folds}</g>` +
    shape.trims(palette);
  return { defs, body };
}

/** Gallery: 1 the whole piece, 2 a close-up of the print, 3 a zoomed detail of the piece. */
function productSvg(art: ProductArt, view: 1 | 2 | 3): RenderedSvg {
  const backdrop = `<rect width="600" height="750" fill="${BACKDROPS[art.seed % BACKDROPS.length]}"/>`;
  if (view === 2) {
    const cloth = fabric({
      motif: art.motif,
      palette: art.palette,
      width: 600,
      height: 750,
      scale: 2.8,
      seed: art.seed + view,
    });
    return svgDoc(600, 750, cloth.defs, cloth.body);
  }
  // The detail view zooms into the upper middle, where necklines, piping and borders sit.
  const zoom = 1.7;
  const focus = { x: 300, y: 330 };
  const visible: Box = [focus.x - 300 / zoom, focus.y - 375 / zoom, focus.x + 300 / zoom, focus.y + 375 / zoom];
  const piece = dressedSilhouette(art, "p", view === 1 ? undefined : visible);
  const body =
    view === 1
      ? piece.body
      : `<g transform="translate(300 375) scale(${zoom}) translate(${-focus.x} ${-focus.y})">${piece.body}</g>`;
  return svgDoc(600, 750, piece.defs, backdrop + body);
}

function stripSvg(name: string): RenderedSvg {
  const rng = createRng(hashString(name));
  const palette = rng.pick(PALETTES.slice(0, 7));
  const cloth = fabric({
    motif: rng.pick(MOTIFS),
    palette,
    width: 300,
    height: 300,
    scale: 0.8,
    seed: rng.int(1, 1e6),
  });
  const body =
    `${cloth.body}<circle cx="150" cy="150" r="98" fill="#f6efe0" stroke="${palette.ink}" stroke-width="6"/>` +
    `<circle cx="150" cy="150" r="88" fill="none" stroke="${palette.accent}" stroke-width="2" stroke-dasharray="3 5"/>` +
    `<g transform="translate(150 152)">${stripIcon(name, palette)}</g>`;
  return svgDoc(300, 300, cloth.defs, body);
}

function blogSvg(seed: number): RenderedSvg {
  const rng = createRng(seed);
  const palette = rng.pick(PALETTES);
  const cloth = fabric({ motif: MOTIFS[seed % MOTIFS.length]!, palette, width: 1200, height: 630, scale: 2.2, seed });
  const border = rng.pick(PALETTES.filter((p) => p !== palette));
  return svgDoc(
    1200,
    630,
    cloth.defs,
    `${cloth.body}${borderBand(0, 0, 70, 630, border, true)}${borderBand(1130, 0, 70, 630, border, true)}`,
  );
}

function socialSvg(seed: number, shape: Shape): RenderedSvg {
  const rng = createRng(seed);
  const art = productArt(seed, `social ${seed}`, shape);
  const piece = dressedSilhouette(art, "s");
  const frame = rng.pick(PALETTES);
  const body =
    `<rect width="600" height="600" fill="${BACKDROPS[seed % BACKDROPS.length]}"/>` +
    `${borderBand(0, 0, 600, 26, frame, false)}${borderBand(0, 574, 600, 26, frame, false)}` +
    `<g transform="translate(90 38) scale(0.7)">${piece.body}</g>`;
  return svgDoc(600, 600, piece.defs, body);
}

function bannerSvg(title: string, subtitle: string): RenderedSvg {
  const rng = createRng(hashString(title));
  const palette = rng.pick(PALETTES);
  const cloth = fabric({
    motif: rng.pick(MOTIFS),
    palette,
    width: 1600,
    height: 400,
    scale: 1.7,
    seed: rng.int(1, 1e6),
  });
  const body =
    `${cloth.body}${borderBand(0, 0, 1600, 24, palette, false)}${borderBand(0, 376, 1600, 24, palette, false)}` +
    `<rect x="420" y="90" width="760" height="220" rx="14" fill="#f6efe0" opacity="0.94" stroke="${palette.accent}" stroke-width="4"/>` +
    `<text x="800" y="205" text-anchor="middle" font-family="${SERIF}" font-size="76" fill="#2a2622">${escapeXml(title)}</text>` +
    `<text x="800" y="262" text-anchor="middle" font-family="${SERIF}" font-style="italic" font-size="30" fill="#8b3a24">${escapeXml(subtitle)}</text>`;
  return svgDoc(1600, 400, cloth.defs, body);
}

function heroSvg(caption: string, seed: number): RenderedSvg {
  const { motif, palette } = pickArt(caption, createRng(seed));
  const panel = 700;
  const cloth = fabric({ motif, palette, width: 1600, height: 600, scale: 2, seed, area: [panel, 0, 1600, 600] });
  const lines = caption.split("\n");
  // Serif glyphs average about half an em; shrink long captions to stay inside the text panel.
  const fontSize = Math.min(62, Math.floor((panel - 150) / (0.5 * Math.max(...lines.map((l) => l.length)))));
  const lineHeight = Math.round(fontSize * 1.18);
  const text = lines
    .map(
      (line, i) =>
        `<text x="90" y="${250 + i * lineHeight}" font-family="${SERIF}" font-size="${fontSize}" fill="#2a2622">${escapeXml(line)}</text>`,
    )
    .join("");
  const body =
    `${cloth.body}<rect width="${panel}" height="600" fill="#f6efe0"/>${borderBand(panel, 0, 34, 600, palette, true)}` +
    `<text x="92" y="170" font-family="${SERIF}" font-style="italic" font-size="28" fill="#8b3a24">Handcrafted in Jaipur</text>${text}` +
    `<rect x="92" y="${250 + (lines.length - 1) * lineHeight + 50}" width="120" height="4" fill="${palette.accent}"/>`;
  return svgDoc(1600, 600, cloth.defs, body);
}

export function renderSvg(item: MediaItem): RenderedSvg {
  switch (item.kind) {
    case "product":
      return productSvg(item.art, item.view);
    case "strip":
      return stripSvg(item.name);
    case "blog":
      return blogSvg(item.seed);
    case "social":
      return socialSvg(item.seed, item.shape);
    case "banner":
      return bannerSvg(item.title, item.subtitle);
    case "hero":
      return heroSvg(item.caption, item.seed);
  }
}
