import { readdirSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { auditLog } from "./tables";
import { call, roles } from "./test-support";
import { IMAGE_MAX_WIDTH } from "../../media/images";

let app: FastifyInstance;
let mediaDir: string;
let who: Awaited<ReturnType<typeof roles>>;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), "admin-uploads-"));
  app = await createTestApp({ seed: false, config: { mediaDir } });
  who = await roles(app);
});
afterAll(async () => {
  await app.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;
const upload = (data_url: string, headers = who.admin) =>
  call(app, headers, "POST", "/api/admin/uploads", { data_url });

describe("POST /api/admin/uploads", () => {
  it("stores a large photo as WebP at most 1200 px wide under /media/uploads and serves it", async () => {
    const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
    const res = await upload(dataUrl("image/png", png));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      width: IMAGE_MAX_WIDTH,
      height: 800,
      url: expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{32}\.webp$/),
    });
    const stored = await readFile(join(mediaDir, body.url.replace("/media/", "")));
    expect((await sharp(stored).metadata()).format).toBe("webp");
    const served = await app.inject(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    const [audit] = await app.database.db.select().from(auditLog).where(eq(auditLog.entity, "upload"));
    expect(audit).toMatchObject({
      action: "upload",
      actorUserId: who.adminId,
      changes: { url: { before: null, after: body.url } },
    });
  });

  it("keeps a small image's size (no enlargement)", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#1e3a8a" } })
      .jpeg()
      .toBuffer();
    expect((await upload(dataUrl("image/jpeg", jpeg))).json()).toMatchObject({ width: 300, height: 200 });
  });

  it("refuses what is not an image, a type we do not take, and anything over 5 MB", async () => {
    const notImage = await upload(dataUrl("image/png", Buffer.from("<svg onload=alert(1)>")));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().errors).toEqual([{ path: "data_url", message: "This file is not an image we can read" }]);
    const svg = await upload(dataUrl("image/svg+xml", Buffer.from("<svg/>")));
    expect(svg.json().errors).toEqual([
      { path: "body.data_url", message: "Upload a JPEG, PNG, WebP, GIF or AVIF image" },
    ]);
    const plain = await upload("https://example.in/a.png");
    expect(plain.statusCode).toBe(400);
    const huge = await upload(dataUrl("image/png", Buffer.alloc(5 * 1024 * 1024 + 10)));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors[0].message).toBe("The image is larger than 5 MB");
    // Only the two good uploads above were written.
    expect(readdirSync(join(mediaDir, "uploads"))).toHaveLength(2);
  });

  it("is for administrators only", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect((await upload(dataUrl("image/png", png), who.shopper)).statusCode).toBe(403);
  });
});
