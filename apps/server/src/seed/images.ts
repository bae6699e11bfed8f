/** Writes the seeded pictures as WebP files under the media folder (served at /media/...). */
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import sharp from "sharp";
import { renditionUrl, renditionWidths } from "@store/shared/media";
import { renderSvg, type MediaItem } from "./artwork";

export type { MediaItem } from "./artwork";

export const MEDIA_URL_PREFIX = "/media/";

export interface GenerateOptions {
  /** Files rendered at once; sharp already spreads each one over threads, so more only costs memory. */
  concurrency?: number;
  /** Re-render files that already exist (for art changes); off so re-seeding is nearly free. */
  overwrite?: boolean;
}

/** `/media/products/1001-1.webp` -> `<mediaDir>/products/1001-1.webp`, refusing paths that escape mediaDir. */
export function mediaFilePath(mediaDir: string, url: string): string {
  if (!url.startsWith(MEDIA_URL_PREFIX)) throw new Error(`Not a media URL: ${url}`);
  const root = resolve(mediaDir);
  const file = resolve(root, url.slice(MEDIA_URL_PREFIX.length));
  const rel = relative(root, file);
  if (rel.startsWith("..") || rel === "") throw new Error(`Media URL escapes the media folder: ${url}`);
  return file;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/** The files of one picture: the original at its drawn size, then its smaller copies (see @store/shared/media). */
function filesOf(mediaDir: string, item: MediaItem): { file: string; width?: number }[] {
  const copies = renditionWidths(item.url).map((width) => ({
    file: mediaFilePath(mediaDir, renditionUrl(item.url, width)),
    width,
  }));
  return [{ file: mediaFilePath(mediaDir, item.url) }, ...copies];
}

/** A picture's SVG rasterised once, so its original and its copies do not each draw it again. */
interface Drawn {
  pixels: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

async function draw(item: MediaItem): Promise<Drawn> {
  const { data, info } = await sharp(Buffer.from(renderSvg(item).svg))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

function encodeWebp({ pixels, raw }: Drawn, width?: number): Promise<Buffer> {
  const image = sharp(pixels, { raw });
  // Wide banners and slides (and their copies) carry 3-4x the pixels; a lower quality keeps them near product-image weight.
  const quality = raw.width > 1000 ? 60 : 70;
  // effort 2: a third faster than the default 4 for about 5% larger files; smartSubsample would triple the time.
  return (width ? image.resize({ width }) : image).webp({ quality, effort: 2 }).toBuffer();
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  // Write then rename, so an interrupted run never leaves a truncated file that later runs would skip.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

/** Writes the picture's missing files (all of them with `overwrite`); false when none was missing. */
async function writeOne(mediaDir: string, item: MediaItem, overwrite: boolean): Promise<boolean> {
  const missing = [];
  for (const output of filesOf(mediaDir, item)) if (overwrite || !(await exists(output.file))) missing.push(output);
  if (missing.length === 0) return false;
  // A media folder from before the copies existed gets just the copies.
  const picture = await draw(item);
  for (const output of missing) await writeAtomically(output.file, await encodeWebp(picture, output.width));
  return true;
}

/** Renders every missing picture file; returns how many pictures needed any file written. */
export async function generateMediaImages(
  mediaDir: string,
  items: readonly MediaItem[],
  options: GenerateOptions = {},
): Promise<number> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const overwrite = options.overwrite ?? false;
  let next = 0;
  let written = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++];
      if (item && (await writeOne(mediaDir, item, overwrite))) written++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return written;
}
