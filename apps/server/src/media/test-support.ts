import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { MediaS3Config } from "../config";

/** s3rver's fixed credentials (it checks the signatures made with them). */
const S3RVER_KEY = "S3RVER";

/**
 * A real S3-compatible server on a free loopback port (s3rver: the S3 REST API over a temporary folder),
 * with one empty bucket, and the settings that reach it, as MEDIA_S3_* would give them.
 */
export async function startS3Server(bucket = "media"): Promise<{ config: MediaS3Config; close(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
