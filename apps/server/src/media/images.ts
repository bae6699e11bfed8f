import { randomBytes } from "node:crypto";
import type { OutputInfo } from "sharp";
import { mediaUrlOfKey } from "./keys";
import type { MediaStore } from "./storage";

/** Pages show images at most this wide; anything larger only costs shoppers bandwidth. */
export const IMAGE_MAX_WIDTH = 1200;
/** A small file can still decode to a huge bitmap (a "decompression bomb"); sharp refuses beyond this. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface StoredImage {
  key: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Stores an image as WebP under `<folder>/<random>.webp` in the media store (the folder or the bucket), at
 * most 1200 px wide. Re-encoding drops whatever else the file carried (metadata such as a phone's location,
 * scripts in SVG-like payloads, trailing bytes), and the random 128-bit name means one never replaces
 * another. Answers null when the bytes are not an image sharp can read.
 */
export async function storeImage(media: MediaStore, bytes: Buffer, folder: string): Promise<StoredImage | null> {
  let output: { data: Buffer; info: OutputInfo };
  // libvips loads with the first upload, not with every replica.
  const { default: sharp } = await import("sharp");
  try {
    output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // honour the camera's orientation before the metadata is dropped
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const key = `${folder}/${randomBytes(16).toString("hex")}.webp`;
  await media.put(key, output.data, "image/webp");
  return {
    key,
    url: mediaUrlOfKey(key),
    width: output.info.width,
    height: output.info.height,
    bytes: output.data.length,
  };
}
