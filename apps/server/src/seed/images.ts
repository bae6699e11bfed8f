/** Writes the seeded pictures as WebP files into the media store (served at /media/...). */
import sharp from "sharp";
import { mediaKeyOfUrl } from "../media/keys";
import type { MediaStore } from "../media/storage";
import { renditionUrl, renditionWidths } from "@store/shared/media";
import { renderSvg, type MediaItem } from "./artwork";

export type { MediaItem } from "./artwork";

export interface GenerateOptions {
  /** Files rendered at once; sharp already spreads each one over threads, so more only costs memory. */
  concurrency?: number;
  /** Re-render files that already exist (for art changes); off so re-seeding is nearly free. */
  overwrite?: boolean;
}

/** The keys of one picture: the original at its drawn size, then its smaller copies (see @store/shared/media). */
function filesOf(item: MediaItem): { key: string; width?: number }[] {
  const copies = renditionWidths(item.url).map((width) => ({
    key: mediaKeyOfUrl(renditionUrl(item.url, width)),
    width,
  }));
  return [{ key: mediaKeyOfUrl(item.url) }, ...copies];
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
  // effort 2: the seed encodes hundreds of pictures, and the default effort's slightly smaller files are not worth
  // its time; smartSubsample is left off for the same reason (decision 066 has the figures).
  return (width ? image.resize({ width }) : image).webp({ quality, effort: 2 }).toBuffer();
}

/** Writes the picture's missing files (all of them with `overwrite`); false when none was missing. */
async function writeOne(store: MediaStore, item: MediaItem, overwrite: boolean): Promise<boolean> {
  const missing = [];
  for (const output of filesOf(item)) if (overwrite || !(await store.exists(output.key))) missing.push(output);
  if (missing.length === 0) return false;
  // A media folder from before the copies existed gets just the copies.
  const picture = await draw(item);
  // The store writes each file whole, so an interrupted run never leaves a truncated one that later runs would skip.
  for (const output of missing) await store.put(output.key, await encodeWebp(picture, output.width), "image/webp");
  return true;
}

/** Renders every missing picture file; returns how many pictures needed any file written. */
export async function generateMediaImages(
  store: MediaStore,
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
      if (item && (await writeOne(store, item, overwrite))) written++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return written;
}
