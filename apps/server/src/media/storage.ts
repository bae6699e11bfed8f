import type { Readable } from "node:stream";

/** One stored picture, ready to stream. */
export interface MediaObject {
  body: Readable;
  contentType: string;
  /** Bytes, when the store knows them. */
  size?: number;
  /** The store's validator, quoted (`"..."` or `W/"..."`), when it has one. */
  etag?: string;
  lastModified?: Date;
}

/** A browser's validators: a store answers "not-modified" instead of the object when they still hold. */
export interface MediaConditions {
  ifNoneMatch?: string;
  ifModifiedSince?: Date;
}

/**
 * Where the pictures live: the local folder (default) or an S3 bucket shared by every replica. Keys are
 * `folder/name.ext` (media/keys.ts); each method refuses any other key by throwing.
 */
export interface MediaStore {
  readonly kind: "local" | "s3";
  /** For log lines: the folder, or `s3://bucket`. Never a credential. */
  readonly location: string;
  /** Stores the bytes under the key, replacing what was there; readers never see half a file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, "not-modified" when `conditions` hold, or null when nothing is stored under the key. */
  get(key: string, conditions?: MediaConditions): Promise<MediaObject | "not-modified" | null>;
  /** Whether a non-empty object is stored under the key. */
  exists(key: string): Promise<boolean>;
  close(): void;
}
