import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp, { type OutputInfo } from "sharp";
import { UPLOAD_MAX_BYTES, parseImageDataUrl, type UploadRequest, type UploadResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { recordAudit } from "./audit";
import { invalidField } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";

/** Product pages show images at most this wide; anything larger only costs shoppers bandwidth. */
export const UPLOAD_MAX_WIDTH = 1200;
/** A small file can still decode to a huge bitmap (a "decompression bomb"); sharp refuses beyond this. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Stores an uploaded image as WebP under <media>/uploads/<random>.webp, at most 1200 px wide. Re-encoding
 * drops whatever else the file carried (metadata, scripts in SVG-like payloads, trailing bytes), and the
 * random name means an upload can never replace another file.
 */
export function createUploads(db: Db, mediaDir: string) {
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
      const folder = join(mediaDir, "uploads");
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, name), output.data, { flag: "wx" });
      const url = `/media/uploads/${name}`;
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
