import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { MediaS3Config } from "../config";
import type { Database } from "../db/client";
import { call, roles } from "../modules/admin/test-support";
import { generateMediaImages } from "../seed/images";
import { demoMediaItems } from "../seed/media-manifest";
import { openTestDatabase, testConfig } from "../testing/test-app";
import { createS3MediaStore } from "./s3-store";
import { startS3Server } from "./test-support";

/**
 * Two replicas of the store on one database and one bucket (a real S3-compatible server, s3rver), each
 * with its own, different local media folder: what one stores, the other serves.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let database: Database;
let folders: string[];
let one: FastifyInstance;
let two: FastifyInstance;

async function replica(mediaS3: MediaS3Config, mediaDir: string): Promise<FastifyInstance> {
  // The database is the test's to close, after both replicas.
  const app = await buildApp({
    config: testConfig({ mediaDir, mediaS3 }),
    database: { ...database, close: async () => undefined },
    logger: false,
  });
  await app.ready();
  return app;
}

/** The object's bytes as the bucket holds them, read with a client of our own. */
async function bucketObject(key: string): Promise<Buffer> {
  const client = new S3Client({ ...s3.config, requestChecksumCalculation: "WHEN_REQUIRED" });
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } finally {
    client.destroy();
  }
}

beforeAll(async () => {
  s3 = await startS3Server();
  database = await openTestDatabase();
  folders = [await mkdtemp(join(tmpdir(), "replica-one-")), await mkdtemp(join(tmpdir(), "replica-two-"))];
  one = await replica(s3.config, folders[0] as string);
  two = await replica(s3.config, folders[1] as string);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.close();
  await s3?.close();
  for (const folder of folders ?? []) await rm(folder, { recursive: true, force: true });
});

describe("media in an S3 bucket shared by two replicas", () => {
  it("serves an image uploaded through one replica from the other, with the caching headers", async () => {
    const who = await roles(one);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
    const upload = await call(one, who.admin, "POST", "/api/admin/uploads", {
      data_url: `data:image/png;base64,${png.toString("base64")}`,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const url: string = upload.json().url;
    expect(url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.webp$/);

    const served = await two.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(await bucketObject(url.slice("/media/".length)));
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");
    expect(served.headers).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=604800",
      "content-length": String(served.rawPayload.length),
      etag: expect.stringMatching(/^"[^"]+"$/),
      "last-modified": expect.stringMatching(/ GMT$/),
    });

    const again = await two.inject({ url, headers: { "if-none-match": served.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    const changed = await two.inject({ url, headers: { "if-none-match": '"another"' } });
    expect(changed.statusCode).toBe(200);
    const head = await two.inject({ method: "HEAD", url });
    expect([head.statusCode, head.headers["content-type"], head.rawPayload.length]).toEqual([200, "image/webp", 0]);

    // Neither replica wrote the upload to its own folder.
    for (const folder of folders) expect(await readdir(folder)).toEqual([]);
  });

  it("answers a missing picture or a key that is not a plain path with the JSON 404", async () => {
    for (const url of [
      "/media/uploads/0123456789abcdef0123456789abcdef.webp",
      "/media/%2e%2e/%2e%2e/package.json",
      "/media/products/..%2f..%2fpackage.json",
      "/media/.hidden.webp",
      "/media/a%5cb.webp",
    ]) {
      const res = await two.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("takes the seed's pictures and their smaller copies into the bucket, once", async () => {
    const items = demoMediaItems()
      .filter((item) => item.kind === "product")
      .slice(0, 2);
    const store = createS3MediaStore(s3.config);
    try {
      expect(await generateMediaImages(store, items)).toBe(2);
      expect(await generateMediaImages(store, items)).toBe(0);
    } finally {
      store.close();
    }
    for (const { url } of items) {
      const copy = url.replace(/\.webp$/, "-360w.webp");
      for (const [address, width] of [
        [url, 600],
        [copy, 360],
      ] as const) {
        const res = await one.inject(address);
        expect(res.statusCode, address).toBe(200);
        expect((await sharp(res.rawPayload).metadata()).width, address).toBe(width);
      }
    }
  });

  it("sends a browser asking for a copy that was never rendered to the original, as from the folder", async () => {
    const store = createS3MediaStore(s3.config);
    try {
      await store.put("hero/9.webp", Buffer.from("slide"), "image/webp");
    } finally {
      store.close();
    }
    const res = await two.inject("/media/hero/9-800w.webp");
    expect([res.statusCode, res.headers.location]).toEqual([302, "/media/hero/9.webp"]);
  });

  it("answers 503 when the bucket does not answer, not 500", async () => {
    const folder = await mkdtemp(join(tmpdir(), "replica-down-"));
    const down = await replica({ ...s3.config, endpoint: "http://127.0.0.1:9" }, folder);
    try {
      const res = await down.inject("/media/products/1001-1.webp");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: "MEDIA_UNAVAILABLE" });
      expect(res.headers["retry-after"]).toBe("5");
    } finally {
      await down.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
