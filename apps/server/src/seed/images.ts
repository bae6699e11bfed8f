/** Writes the seeded pictures as WebP files under the media folder (served at /media/...). */
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import sharp from "sharp";
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

export async function renderWebp(item: MediaItem): Promise<Buffer> {
  const { svg, width } = renderSvg(item);
  // Wide banners and slides carry 3-4x the pixels; a lower quality keeps them near product-image weight.
  const quality = width > 1000 ? 60 : 70;
  // effort 2: a third faster than the default 4 for about 5% larger files; smartSubsample would triple the time.
  return sharp(Buffer.from(svg)).webp({ quality, effort: 2 }).toBuffer();
}

async function writeOne(mediaDir: string, item: MediaItem, overwrite: boolean): Promise<boolean> {
  const file = mediaFilePath(mediaDir, item.url);
  if (!overwrite && (await exists(file))) return false;
  await mkdir(dirname(file), { recursive: true });
  const data = await renderWebp(item);
  // Write then rename, so an interrupted run never leaves a truncated file that later runs would skip.
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
  return true;
}

/** Renders every missing picture; returns how many files were written. */
export async function generateMediaImages(mediaDir: string, items: readonly MediaItem[], options: GenerateOptions = {}): Promise<number> {
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
