import { randomBytes } from "node:crypto";
import sharp, { type OutputInfo } from "sharp";
import { UPLOAD_MAX_BYTES, parseImageDataUrl, type UploadRequest, type UploadResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { mediaUrlOfKey } from "../../media/keys";
import type { MediaStore } from "../../media/storage";
import { recordAudit } from "./audit";
import { invalidField } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";

/** Product pages show images at most this wide; anything larger only costs shoppers bandwidth. */
export const UPLOAD_MAX_WIDTH = 1200;
/** A small file can still decode to a huge bitmap (a "decompression bomb"); sharp refuses beyond this. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Stores an uploaded image as WebP under uploads/<random>.webp in the media store (the folder or the
 * bucket), at most 1200 px wide. Re-encoding drops whatever else the file carried (metadata, scripts in
 * SVG-like payloads, trailing bytes), and the random 128-bit name means an upload never replaces another.
 */
export function createUploads(db: Db, media: MediaStore) {
  return {
    async store(actor: SessionUser, input: UploadRequest): Promise<UploadResponse> {
      const parsed = parseImageDataUrl(input.data_url);
      if (!parsed) throw invalidField("data_url", "Send the image as a base64 data: URL");
      const bytes = Buffer.from(parsed.base64, "base64");
      if (bytes.length > UPLOAD_MAX_BYTES) throw invalidField("data_url", "The image is larger than 5 MB");

      let output: { data: Buffer; info: OutputInfo };
      try {
        output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate() // honour the camera's orientation before the metadata is dropped
          .resize({ width: UPLOAD_MAX_WIDTH, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw invalidField("data_url", "This file is not an image we can read");
      }

      const name = `${randomBytes(16).toString("hex")}.webp`;
      const key = `uploads/${name}`;
      await media.put(key, output.data, "image/webp");
      const url = mediaUrlOfKey(key);
      await db.transaction((tx) =>
        recordAudit(tx, actor, {
          action: "upload",
          entity: "upload",
          entityId: name,
          before: null,
          after: { url, type: parsed.type },
        }),
      );
      return { url, width: output.info.width, height: output.info.height, bytes: output.data.length };
    },
  };
}
