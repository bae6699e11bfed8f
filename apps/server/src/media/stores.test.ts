import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalMediaStore } from "./local-store";
import { createS3MediaStore } from "./s3-store";
import type { MediaStore } from "./storage";
import { startS3Server } from "./test-support";

/** The same contract, held by the local folder and by an S3 bucket on a real S3-compatible server. */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let dir: string;
const stores: Record<string, MediaStore> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(join(tmpdir(), "media-store-"));
  stores.local = createLocalMediaStore(dir);
  stores.s3 = createS3MediaStore(s3.config);
});
afterAll(async () => {
  for (const store of Object.values(stores)) store.close();
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(["local", "s3"])("the %s media store", (name) => {
  const store = () => stores[name] as MediaStore;

  it("stores, finds and streams back an object with its type and validators", async () => {
    expect(await store().exists("products/1-1.webp")).toBe(false);
    await store().put("products/1-1.webp", Buffer.from("first"), "image/webp");
    await store().put("products/1-1.webp", Buffer.from("second picture"), "image/webp");
    expect(await store().exists("products/1-1.webp")).toBe(true);
    const found = await store().get("products/1-1.webp");
    if (!found || found === "not-modified") throw new Error(`expected the object, got ${found}`);
    expect(await text(found.body)).toBe("second picture");
    expect(found).toMatchObject({ contentType: "image/webp", size: 14, etag: expect.stringMatching(/"$/) });
    expect(found.lastModified).toBeInstanceOf(Date);
  });

  it("answers not-modified while the browser's copy is current, and the object once it is not", async () => {
    await store().put("hero/2.webp", Buffer.from("slide"), "image/webp");
    const first = await store().get("hero/2.webp");
    if (!first || first === "not-modified") throw new Error("expected the object");
    first.body.resume();
    expect(await store().get("hero/2.webp", { ifNoneMatch: first.etag })).toBe("not-modified");
    const stale = await store().get("hero/2.webp", { ifNoneMatch: '"something-else"' });
    expect(stale).toMatchObject({ contentType: "image/webp" });
    if (stale && stale !== "not-modified") stale.body.resume();
  });

  it("answers null for a missing key and refuses keys that are not plain paths", async () => {
    expect(await store().get("products/none.webp")).toBeNull();
    for (const key of ["../secret.webp", "products/../../x", "/abs.webp", ".env", "a//b.webp", "a\\b.webp", ""]) {
      await expect(store().put(key, Buffer.from("x"), "image/webp"), key).rejects.toThrow();
      await expect(store().get(key), key).rejects.toThrow();
    }
  });
});

describe("the local media store", () => {
  it("does not count an empty file (a write that never finished) as stored", async () => {
    await writeFile(join(dir, "empty.webp"), "");
    expect(await stores.local?.exists("empty.webp")).toBe(false);
    expect(await stores.local?.get("empty.webp")).toBeNull();
  });
});
