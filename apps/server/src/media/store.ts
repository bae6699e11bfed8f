import type { AppConfig } from "../config";
import { createLocalMediaStore } from "./local-store";
import { createS3MediaStore } from "./s3-store";
import type { MediaStore } from "./storage";

/** The S3 store when MEDIA_S3_BUCKET is set, else the local folder (decision 029). */
export function createMediaStore(config: Pick<AppConfig, "mediaDir" | "mediaS3">): MediaStore {
  return config.mediaS3 ? createS3MediaStore(config.mediaS3) : createLocalMediaStore(config.mediaDir);
}
