import { UPLOAD_MAX_BYTES, parseImageDataUrl, type UploadRequest, type UploadResponse } from "@store/shared";
import type { Db } from "../../db/client";
import { storeImage } from "../../media/images";
import type { MediaStore } from "../../media/storage";
import { recordAudit } from "./audit";
import { invalidField } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";

/** Stores an uploaded image as WebP under uploads/ in the media store (media/images.ts), audited. */
export function createUploads(db: Db, media: MediaStore) {
  return {
    async store(actor: SessionUser, input: UploadRequest): Promise<UploadResponse> {
      const parsed = parseImageDataUrl(input.data_url);
      if (!parsed) throw invalidField("data_url", "Send the image as a base64 data: URL");
      const bytes = Buffer.from(parsed.base64, "base64");
      if (bytes.length > UPLOAD_MAX_BYTES) throw invalidField("data_url", "The image is larger than 5 MB");
      const image = await storeImage(media, bytes, "uploads");
      if (!image) throw invalidField("data_url", "This file is not an image we can read");
      const name = image.key.slice("uploads/".length);
      await db.transaction((tx) =>
        recordAudit(tx, actor, {
          action: "upload",
          entity: "upload",
          entityId: name,
          before: null,
          after: { url: image.url, type: parsed.type },
        }),
      );
      return { url: image.url, width: image.width, height: image.height, bytes: image.bytes };
    },
  };
}
