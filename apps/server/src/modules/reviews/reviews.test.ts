import { and, asc, count, eq } from "drizzle-orm";
import {
  REVIEW_PLAIN_TEXT,
  REVIEW_THANKS,
  REVIEWS_PAGE_SIZE,
  type AdminReview,
  type OrderDetail,
  type ProductReviewsResponse,
} from "@store/shared";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { users } from "../accounts/tables";
import { call, insertOrder, newAdmin } from "../admin/test-support";
import { auditLog } from "../admin/tables";
import { products } from "../catalog/tables";
import { orderEvents, orderLines } from "../orders/tables";
import { createTestApp } from "../../testing/test-app";
import { customerReviews } from "./tables";

let app: FastifyInstance;
let admin: Record<string, string>;
let png: string;
/** Products of this file's own: their reviews are cleared first, so every number below is worked out here. */
let rated: number;
let listed: number;

beforeAll(async () => {
  app = await createTestApp();
  admin = (await newAdmin(app)).headers;
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2040c0" } })
    .png()
    .toBuffer();
  png = `data:image/png;base64,${bytes.toString("base64")}`;
  const active = await db()
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id));
  rated = active[40]!.id;
  listed = active[41]!.id;
});
afterAll(() => app.close());

const db = () => app.database.db;
const reviewCount = async () => (await db().select({ n: count() }).from(customerReviews))[0]!.n;
const productRow = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0]!;
const body = (overrides: Record<string, unknown> = {}) => ({
  rating: 5,
  title: "Lovely colours",
  body: "Soft cotton, and the block print is crisp.",
  fit: "true_to_size",
  ...overrides,
});

interface Bought {
  orderId: number;
  lineId: number;
  headers: Record<string, string>;
  token: string;
}

/** A shopper's order of one piece of `productId`, delivered (its delivered step recorded) unless told otherwise. */
async function bought(productId: number, delivered = true): Promise<Bought> {
  const shopper = await newShopper(app);
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, shopper.email));
  const { order } = await insertOrder(app, {
    userId: user!.id,
    status: delivered ? "delivered" : "shipped",
    deliveryName: "Asha Meena",
  });
  const [line] = await db()
    .update(orderLines)
    .set({ productId, size: "M" })
    .where(eq(orderLines.orderId, order.id))
    .returning();
  if (delivered)
    await db().insert(orderEvents).values({ orderId: order.id, fromStatus: "shipped", toStatus: "delivered" });
  return { orderId: order.id, lineId: line!.id, headers: tokenHeader(shopper.token), token: order.viewToken };
}

const send = (b: Bought, payload: unknown, options: { headers?: Record<string, string>; query?: string } = {}) =>
  call(
    app,
    options.headers ?? b.headers,
    "POST",
    `/api/orders/${b.orderId}/lines/${b.lineId}/review${options.query ?? ""}`,
    payload,
  );

const moderate = (id: number, action: "approve" | "hide") =>
  call(app, admin, "POST", `/api/admin/customer-reviews/${id}/${action}`, {});

async function written(b: Bought, payload: Record<string, unknown> = {}): Promise<number> {
  const res = await send(b, body(payload));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const page = async (productId: number, query = ""): Promise<ProductReviewsResponse> => {
  const res = await app.inject(`/api/products/${productId}/reviews${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("a buyer's review", () => {
  it("is written once per delivered line, waits for the seller, and stores its photos as WebP", async () => {
    const b = await bought(rated);
    const before = (await app.inject({ url: `/api/orders/${b.orderId}`, headers: b.headers })).json()
      .data as OrderDetail;
    expect(before.reviewable_line_ids).toEqual([b.lineId]);

    const res = await send(b, body({ photos: [png] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(REVIEW_THANKS);
    const [row] = await db().select().from(customerReviews).where(eq(customerReviews.id, res.json().id));
    expect(row).toMatchObject({
      productId: rated,
      orderLineId: b.lineId,
      verified: true,
      isApproved: false,
      name: "Asha M.",
      size: "M",
      fit: "true_to_size",
      rating: 5,
    });
    expect(row!.photos).toHaveLength(1);
    expect(row!.photos[0]).toMatch(/^\/media\/reviews\/[0-9a-f]{32}\.webp$/);
    const served = await app.inject(row!.photos[0]!);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");

    const after = (await app.inject({ url: `/api/orders/${b.orderId}`, headers: b.headers })).json()
      .data as OrderDetail;
    expect(after.reviewable_line_ids).toEqual([]);
    expect((await page(rated)).data.map((r) => r.id)).not.toContain(row!.id);

    const again = await send(b, body());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("REVIEW_EXISTS");
  });

  it("can be written by a guest holding the order page's link", async () => {
    const b = await bought(listed);
    const res = await send(b, body({ fit: undefined }), { headers: {}, query: `?token=${b.token}` });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("refuses bad input with a clear 4xx and stores nothing", async () => {
    const b = await bought(listed);
    const stranger = tokenHeader((await newShopper(app)).token);
    const shipped = await bought(listed, false);
    const cases: [string, () => ReturnType<typeof send>, number, string?][] = [
      ["someone else's order", () => send(b, body(), { headers: stranger }), 404],
      ["a wrong link", () => send(b, body(), { headers: {}, query: "?token=nope" }), 404],
      ["no one signed in", () => send(b, body(), { headers: {} }), 401],
      ["an unknown order", () => send({ ...b, orderId: 2_000_000_000 }, body()), 404],
      ["a line of another order", () => send({ ...b, lineId: shipped.lineId }, body()), 404],
      ["a line not delivered yet", () => send(shipped, body()), 422, "REVIEW_NOT_DELIVERED"],
      ["0 stars", () => send(b, body({ rating: 0 })), 400],
      ["6 stars", () => send(b, body({ rating: 6 })), 400],
      ["half a star", () => send(b, body({ rating: 4.5 })), 400],
      ["a script", () => send(b, body({ body: "Nice <script>alert(1)</script>" })), 400],
      ["a tag in the title", () => send(b, body({ title: "<b>Great</b>" })), 400],
      ["a control character", () => send(b, body({ title: "Great\u0007" })), 400],
      ["no title", () => send(b, body({ title: "  " })), 400],
      ["an unknown fit", () => send(b, body({ fit: "baggy" })), 400],
      ["four photos", () => send(b, body({ photos: [png, png, png, png] })), 400],
      [
        "a photo that is not an image",
        () => send(b, body({ photos: [`data:image/png;base64,${Buffer.from("hello").toString("base64")}`] })),
        422,
        "PHOTO_NOT_AN_IMAGE",
      ],
      [
        "a 20 MB photo",
        () => send(b, body({ photos: [`data:image/png;base64,${Buffer.alloc(20 * 1024 * 1024).toString("base64")}`] })),
        413,
      ],
    ];
    for (const [what, attempt, status, code] of cases) {
      const rows = await reviewCount();
      const res = await attempt();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().message, what).toEqual(expect.any(String));
      if (code) expect(res.json().code, what).toBe(code);
      expect(await reviewCount(), what).toBe(rows);
    }
    const script = await send(b, body({ body: "<script>alert(1)</script>" }));
    expect(JSON.stringify(script.json())).toContain(REVIEW_PLAIN_TEXT);
    // "<3" and "a < b" are not markup.
    expect((await send(b, body({ body: "Love it <3, the size S < M as the chart says" }))).statusCode).toBe(201);
  });

  it("is rate-limited", async () => {
    const limited = await createTestApp({ seed: false, config: { authRateLimitMax: 2 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await limited.inject({ method: "POST", url: "/api/orders/1/lines/1/review", payload: body() })).statusCode,
        );
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("moderation", () => {
  it("keeps the product's rating and count exact as reviews are approved and hidden", async () => {
    await db().delete(customerReviews).where(eq(customerReviews.productId, rated));
    await db().update(products).set({ rating: 0, reviewCount: 0 }).where(eq(products.id, rated));
    const ids = [];
    for (const rating of [5, 4, 4]) ids.push(await written(await bought(rated), { rating }));
    const [five, fourA, fourB] = ids as [number, number, number];
    expect(await productRow(rated)).toMatchObject({ rating: 0, reviewCount: 0 });
    // Read (and cached) before the approvals: the page must not keep the old numbers.
    const detailUrl = `/api/get-product-detail/?product_pk=${rated}&size=S&currency=INR`;
    expect((await app.inject(detailUrl)).json().data).toMatchObject({ rating: 0, review_count: 0 });

    for (const id of ids) expect((await moderate(id, "approve")).statusCode).toBe(200);
    // 13 / 3 = 4.33...
    expect(await productRow(rated)).toMatchObject({ rating: 4.3, reviewCount: 3 });
    expect((await app.inject(detailUrl)).json().data).toMatchObject({ rating: 4.3, review_count: 3 });

    const hidden = await moderate(fourA, "hide");
    expect(hidden.json<AdminReview>().is_approved).toBe(false);
    // (5 + 4) / 2 = 4.5, rounded from the sum in tenths, not a float.
    expect(await productRow(rated)).toMatchObject({ rating: 4.5, reviewCount: 2 });
    await moderate(fourA, "hide");
    expect(await productRow(rated)).toMatchObject({ rating: 4.5, reviewCount: 2 });

    const two = await written(await bought(rated), { rating: 2 });
    await moderate(two, "approve");
    // (5 + 4 + 2) / 3 = 3.67
    expect(await productRow(rated)).toMatchObject({ rating: 3.7, reviewCount: 3 });
    for (const id of [five, fourB, two]) await moderate(id, "hide");
    expect(await productRow(rated)).toMatchObject({ rating: 0, reviewCount: 0 });

    const audited = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customer_review"), eq(auditLog.entityId, String(fourA))))
      .orderBy(asc(auditLog.id));
    // Hiding it again changed nothing, so nothing was recorded.
    expect(audited.map((a) => a.action)).toEqual(["approve", "hide"]);
  });

  it("shows the seller's reply under the review; an empty reply removes it", async () => {
    const id = await written(await bought(listed), { rating: 3 });
    await moderate(id, "approve");
    const reply = (text: string) =>
      call(app, admin, "POST", `/api/admin/customer-reviews/${id}/reply`, { reply: text });
    const replied = await reply("Thank you! Our sizes run snug: size up next time.");
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json<AdminReview>().seller_reply).toBe("Thank you! Our sizes run snug: size up next time.");
    const shown = (await page(listed, "?stars=3")).data.find((r) => r.id === id);
    expect(shown).toMatchObject({ seller_reply: "Thank you! Our sizes run snug: size up next time.", verified: true });
    expect(shown?.seller_reply_at).toEqual(expect.any(String));

    expect((await reply("<a href=x>spam</a>")).statusCode).toBe(400);
    expect(
      (await call(app, admin, "POST", `/api/admin/customer-reviews/2000000000/reply`, { reply: "x" })).statusCode,
    ).toBe(404);
    expect((await reply("")).json<AdminReview>().seller_reply).toBeNull();
    expect((await page(listed, "?stars=3")).data.find((r) => r.id === id)?.seller_reply).toBeNull();
    const audited = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customer_review"), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(audited.map((a) => a.action)).toEqual(["approve", "reply", "reply"]);
  });
});

describe("a product's reviews", () => {
  it("pages the approved reviews newest first, filters by stars, and sums up stars and fit", async () => {
    const approved = await db()
      .select()
      .from(customerReviews)
      .where(and(eq(customerReviews.productId, listed), eq(customerReviews.isApproved, true)));
    expect(approved.length).toBeGreaterThan(REVIEWS_PAGE_SIZE);
    const newestFirst = [...approved].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);

    const first = await page(listed);
    expect(first.total).toBe(approved.length);
    expect(first.summary.review_count).toBe(approved.length);
    expect(first.summary.rating).toBe((await productRow(listed)).rating);
    expect(first.data.map((r) => r.id)).toEqual(newestFirst.slice(0, REVIEWS_PAGE_SIZE).map((r) => r.id));
    const second = await page(listed, "?page=2");
    expect(second.data.map((r) => r.id)).toEqual(
      newestFirst.slice(REVIEWS_PAGE_SIZE, 2 * REVIEWS_PAGE_SIZE).map((r) => r.id),
    );

    for (const stars of [5, 4, 3, 2, 1] as const) {
      const expected = approved.filter((r) => Math.floor(r.rating) === stars).length;
      expect(first.summary.distribution[stars]).toBe(expected);
      const filtered = await page(listed, `?stars=${stars}`);
      expect(filtered.total).toBe(expected);
      expect(filtered.data.every((r) => Math.floor(r.rating) === stars)).toBe(true);
    }
    for (const fit of ["small", "true_to_size", "large"] as const)
      expect(first.summary.fit[fit]).toBe(approved.filter((r) => r.fit === fit).length);
  });

  it("answers 404 for an unknown product and 400 for a bad filter", async () => {
    expect((await app.inject("/api/products/2000000000/reviews")).statusCode).toBe(404);
    expect((await app.inject(`/api/products/${listed}/reviews?stars=6`)).statusCode).toBe(400);
    expect((await app.inject(`/api/products/${listed}/reviews?page=0`)).statusCode).toBe(400);
  });

  it("lists the shop's newest approved reviews for /customer-reviews", async () => {
    const res = await app.inject("/api/customer-reviews/");
    const data: { date: string }[] = res.json().data;
    const [approved] = await db()
      .select({ n: count() })
      .from(customerReviews)
      .where(eq(customerReviews.isApproved, true));
    expect(data.length).toBe(Math.min(100, approved!.n));
    const dates = data.map((r) => Date.parse(r.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});
