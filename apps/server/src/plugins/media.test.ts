import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../testing/test-app";

let app: FastifyInstance;
let mediaDir: string;
const ORIGINAL = Buffer.from("original picture bytes");
const COPY = Buffer.from("copy bytes");

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), "media-"));
  await mkdir(join(mediaDir, "products"));
  await mkdir(join(mediaDir, "hero"));
  // 1001-1 has no smaller copy (a media folder from before the copies); the hero slide has one.
  await writeFile(join(mediaDir, "products/1001-1.webp"), ORIGINAL);
  await writeFile(join(mediaDir, "hero/1.webp"), ORIGINAL);
  await writeFile(join(mediaDir, "hero/1-800w.webp"), COPY);
  app = await createTestApp({ seed: false, config: { mediaDir } });
});
afterAll(async () => {
  await app.close();
  await rm(mediaDir, { recursive: true, force: true });
  await rm(join(mediaDir, "..", `${basename(mediaDir)}-secret.txt`), { force: true });
});

describe("media", () => {
  it("sends a browser asking for a copy that was never rendered to the original", async () => {
    const res = await app.inject({ method: "GET", url: "/media/products/1001-1-360w.webp" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/media/products/1001-1.webp");
    const original = await app.inject({ method: "GET", url: res.headers.location as string });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload).toEqual(ORIGINAL);
  });

  it("serves a copy that exists as it is", async () => {
    const res = await app.inject({ method: "GET", url: "/media/hero/1-800w.webp" });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(COPY);
  });

  it("serves from the local folder with a week's caching and validators, 304 for a current copy", async () => {
    const res = await app.inject({ method: "GET", url: "/media/products/1001-1.webp" });
    expect(res.headers).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=604800",
      etag: expect.stringMatching(/^W\/"/),
      "last-modified": expect.stringMatching(/ GMT$/),
    });
    const again = await app.inject({
      method: "GET",
      url: "/media/products/1001-1.webp",
      headers: { "if-none-match": res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it("never serves a file outside the media folder", async () => {
    await writeFile(join(mediaDir, "..", `${basename(mediaDir)}-secret.txt`), "the secret contents");
    for (const url of [
      `/media/..%2f${basename(mediaDir)}-secret.txt`,
      `/media/%2e%2e/${basename(mediaDir)}-secret.txt`,
      "/media/../package.json",
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("the secret contents");
    }
  });

  it("answers 404 for a missing picture that is not a copy, or a copy of a width nobody renders", async () => {
    for (const url of [
      "/media/products/9999-1.webp",
      "/media/products/1001-1-999w.webp",
      "/media/uploads/ab-360w.webp",
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: "NOT_FOUND" });
    }
  });
});
