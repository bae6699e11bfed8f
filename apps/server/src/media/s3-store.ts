import type { S3Client } from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import type { MediaS3Config } from "../config";
import { loadOnce } from "../lib/load-once";
import { checkedMediaKey, contentTypeOfKey } from "./keys";
import type { MediaStore } from "./storage";

/** Set on each object too, for a CDN put in front of the bucket one day; /media/* sends the same. */
export const MEDIA_CACHE_CONTROL = "public, max-age=604800";

function keyOrThrow(key: string): string {
  const checked = checkedMediaKey(key);
  if (!checked) throw new Error(`Not a media key: ${key}`);
  return checked;
}

type S3Sdk = typeof import("@aws-sdk/client-s3");

/** S3 answers a missing key 404 (NoSuchKey on GET, a bare NotFound on HEAD) and a fresh copy 304. */
const statusOf = (sdk: S3Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/**
 * Pictures as objects in an S3 or S3-compatible bucket, under the same keys as the folder, so every
 * replica reads what any one of them stored.
 */
export function createS3MediaStore(config: MediaS3Config): MediaStore {
  // The AWS SDK (megabytes of code) loads with the bucket's first use, not with the server.
  let opened: S3Client | undefined;
  const connect = loadOnce(async () => {
    const sdk = await import("@aws-sdk/client-s3");
    opened = createS3Client(sdk, config);
    return { sdk, client: opened };
  });
  const Bucket = config.bucket;
  return {
    kind: "s3",
    location: `s3://${Bucket}`,
    async put(key, bytes, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: keyOrThrow(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async get(key, conditions) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: keyOrThrow(key),
            // RFC 9110: If-Modified-Since only counts without If-None-Match (S3 would weigh both).
            IfNoneMatch: conditions?.ifNoneMatch,
            IfModifiedSince: conditions?.ifNoneMatch === undefined ? conditions?.ifModifiedSince : undefined,
          }),
        );
        if (!(object.Body instanceof Readable)) throw new Error("The S3 client gave no stream");
        return {
          body: object.Body,
          contentType: object.ContentType ?? contentTypeOfKey(key),
          size: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (statusOf(sdk, error) === 404) return null;
        if (statusOf(sdk, error) === 304) return "not-modified";
        throw error;
      }
    },
    async exists(key) {
      const { sdk, client } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOrThrow(key) }));
        return (head.ContentLength ?? 0) > 0;
      } catch (error) {
        if (statusOf(sdk, error) === 404) return false;
        throw error;
      }
    },
    close: () => opened?.destroy(),
  };
}

function createS3Client(sdk: S3Sdk, config: MediaS3Config): S3Client {
  return new sdk.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: the CRC headers that newer SDKs add by default are unknown
    // to several S3-compatible servers (s3rver in our tests among them).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A bucket that stops answering fails a request in seconds rather than holding it (and a socket) open.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  });
}
