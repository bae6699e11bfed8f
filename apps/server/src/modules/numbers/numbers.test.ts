import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { NumbersEvent, NumbersReport } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, istDayOf } from "../../lib/seller-time";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  verifyPayment,
  webhooksSettled,
} from "../checkout/test-support";
import { createEventBuffer } from "./buffer";
import { numbersDaily, numbersEvents, numbersSalts } from "./tables";
import { createSalts } from "./visitor";

/** Each test's shopper is a browser of its own (the session is the day's hash of IP and user agent). */
const browser = (name: string) => ({
  "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 ${name}`,
});

let app: FastifyInstance;
let admin: Record<string, string>;
let bought: PickedVariant;
let browsed: PickedVariant;
const today = istDayOf(new Date());

const send = (events: unknown[], headers: Record<string, string> = browser("plain")) =>
  app.inject({ method: "POST", url: "/api/events", payload: { events }, headers });
/** The rows whose path starts with `path`, once the buffer has written what it holds. */
const rowsWith = async (path: string) => {
  await app.services.numbers.flush();
  return app.database.db
    .select()
    .from(numbersEvents)
    .where(sql`${numbersEvents.path} like ${`${path}%`}`)
    .orderBy(numbersEvents.id);
};
const report = async (query: string): Promise<NumbersReport> => {
  const res = await call(app, admin, "GET", `/api/admin/numbers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [bought, browsed] = (await pickVariants(app, { minStock: 10, count: 2 })) as [PickedVariant, PickedVariant];
});
afterAll(async () => {
  await webhooksSettled(app);
  await app.close();
});

describe("POST /api/events", () => {
  it("keeps a batch's events, one session for one browser's day, and answers 204", async () => {
    const events: NumbersEvent[] = [
      { type: "visit", path: "/batch-a", referrer: "https://l.instagram.com/x", utm_source: "Instagram" },
      { type: "visit", path: "/batch-a/2" },
    ];
    expect((await send(events)).statusCode).toBe(204);
    expect((await send([{ type: "visit", path: "/batch-a/3" }])).statusCode).toBe(204);
    const rows = await rowsWith("/batch-a");
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.session)).size).toBe(1);
    expect(rows[0]).toMatchObject({
      referrerHost: "l.instagram.com",
      utmSource: "instagram",
      device: "desktop",
      day: today,
    });
    // No identifier is sent or set: the answer carries no cookie.
    expect((await send(events)).headers["set-cookie"]).toBeUndefined();
  });

  it("writes waiting events in one insert when flushed, none before", async () => {
    const buffer = createEventBuffer(app.database.db, { info() {}, warn() {}, error() {} }, { flushMs: 60_000 });
    const row = { day: today, kind: "visit", device: "desktop", country: "--", session: "s", path: "/buffered" };
    buffer.push([row, { ...row, path: "/buffered/2" }]);
    buffer.push([{ ...row, path: "/buffered/3" }]);
    const count = async () =>
      (
        await app.database.db
          .select()
          .from(numbersEvents)
          .where(sql`${numbersEvents.path} like '/buffered%'`)
      ).length;
    expect(await count()).toBe(0);
    await buffer.flush();
    expect(await count()).toBe(3);
  });

  it.each([
    ["an unknown type", [{ type: "scroll" }]],
    ["a product view without its product", [{ type: "product_view" }]],
    ["a path that is not a path", [{ type: "visit", path: "https://evil.example/" }]],
    ["a search without a query", [{ type: "search", query: " ", results: 0 }]],
    ["no events", []],
    ["more than 30 events", Array.from({ length: 31 }, () => ({ type: "checkout_started" }))],
  ])("refuses %s with a 400 naming the problem", async (_, events) => {
    const res = await send(events, browser("bad"));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it("refuses a body that is not JSON with a 400", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/events",
      payload: "{not json",
      headers: { "content-type": "application/json", ...browser("bad") },
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ["Do Not Track", { dnt: "1" }],
    ["Global Privacy Control", { "sec-gpc": "1" }],
    ["a crawler", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
    ["a link preview", { "user-agent": "facebookexternalhit/1.1" }],
  ])("records nothing for %s", async (name, headers) => {
    const path = `/declined-${name.replace(/\W/g, "")}`;
    expect((await send([{ type: "visit", path }], { ...browser("declines"), ...headers })).statusCode).toBe(204);
    expect(await rowsWith(path)).toHaveLength(0);
  });
});

describe("the numbers, from a shopper's visit to the paid order", () => {
  const ua = browser("buyer-whatsapp");
  beforeAll(async () => {
    const ids = [bought.productId, browsed.productId];
    await send(
      [
        { type: "visit", path: "/", utm_source: "whatsapp", utm_medium: "social", utm_campaign: "diwali-post" },
        { type: "search", query: "  Zzqx  Unfindable ", results: 0 },
        { type: "search", query: "Block Print", results: 2, product_ids: ids },
        ...[1, 2, 3].map(() => ({ type: "product_view" as const, product_id: browsed.productId })),
        { type: "product_view", product_id: bought.productId },
        { type: "add_to_cart", product_id: bought.productId },
        { type: "checkout_started" },
      ],
      ua,
    );
    // A phone that only looked.
    await send([{ type: "visit", path: "/phone", referrer: "https://www.google.com/" }], {
      "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148",
    });
    const lines = [{ variant: bought }];
    const cartId = await fillCart(app, lines, "INR", ua);
    const total = pageTotal(lines, "INR") * 100;
    const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total), ua);
    expect(created.statusCode, created.body).toBe(200);
    const { data } = created.json();
    const paid = await payByCard(app, data.data.id, data.key);
    const verified = await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid }, ua);
    expect(verified.json().status).toBe("paid");
  });

  it("counts the funnel's steps per day, with the paid order recorded by the server", async () => {
    const paidRows = await app.database.db.select().from(numbersEvents).where(eq(numbersEvents.kind, "paid"));
    expect(paidRows.map((r) => r.productIds)).toContainEqual([bought.productId]);
    const { funnel } = await report(`from=${today}&to=${today}`);
    expect(funnel).toHaveLength(1);
    const [day] = funnel;
    expect(day!.visits).toBeGreaterThanOrEqual(2);
    expect(day!.product_views).toBeGreaterThanOrEqual(1);
    expect(day!.add_to_cart).toBeGreaterThanOrEqual(1);
    expect(day!.checkout_started).toBeGreaterThanOrEqual(1);
    expect(day!.paid).toBeGreaterThanOrEqual(1);
  });

  it("lists searches without results and the search that led to the sale", async () => {
    const numbers = await report(`from=${today}&to=${today}`);
    expect(numbers.searches_without_results).toContainEqual({ query: "zzqx unfindable", searches: 1 });
    expect(numbers.searches_with_sales).toContainEqual({ query: "block print", sales: 1 });
    expect(numbers.searches_with_sales.map((s) => s.query)).not.toContain("zzqx unfindable");
  });

  it("lists products viewed often but not bought, and the sources with their sales", async () => {
    const numbers = await report(`from=${today}&to=${today}`);
    expect(numbers.viewed_not_bought).toContainEqual({
      product_id: browsed.productId,
      name: browsed.name,
      views: 3,
      bought: 0,
    });
    expect(numbers.sources).toContainEqual({
      referrer_host: "",
      utm_source: "whatsapp",
      utm_medium: "social",
      utm_campaign: "diwali-post",
      visits: 1,
      paid: 1,
    });
    expect(numbers.sources).toContainEqual(expect.objectContaining({ referrer_host: "google.com", paid: 0 }));
  });

  it("filters by device class and country", async () => {
    const phones = await report(`from=${today}&to=${today}&device=mobile`);
    expect(phones.sources.map((s) => s.referrer_host)).toEqual(["google.com"]);
    expect(phones.searches_with_sales).toEqual([]);
    const unknown = await report(`from=${today}&to=${today}&country=--`);
    expect(unknown.funnel[0]!.visits).toBeGreaterThanOrEqual(2);
    expect((await report(`from=${today}&to=${today}&country=US`)).funnel).toEqual([]);
  });

  it.each([
    ["device=tablet", "Device is all, mobile or desktop"],
    ["country=India", "Country is a two-letter code"],
    [`from=${today}&to=${addDays(today, -1)}`, "The end date is before the start date"],
    [`from=${addDays(today, -400)}`, "at most 366 days"],
    ["from=yesterday", "Use a date like"],
  ])("refuses the filter %s with a 400", async (filter, message) => {
    const query = new URLSearchParams(`from=${today}&to=${today}`);
    for (const [key, value] of new URLSearchParams(filter)) query.set(key, value);
    const res = await call(app, admin, "GET", `/api/admin/numbers?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it("exports each table as CSV, and refuses an unknown table", async () => {
    const csv = await call(app, admin, "GET", `/api/admin/numbers/searches-with-sales.csv?from=${today}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("query,sales\r\nblock print,1");
    const funnel = await call(app, admin, "GET", `/api/admin/numbers/funnel.csv?from=${today}&to=${today}`);
    expect(funnel.body).toContain("day,visits,product_views,add_to_cart,checkout_started,paid");
    const bad = await call(app, admin, "GET", `/api/admin/numbers/orders.csv?from=${today}&to=${today}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe("the day's salt", () => {
  it("is one for every replica: the first creates it, the others read that one", async () => {
    const day = addDays(today, 5);
    const [first, second] = [createSalts(app.database.db), createSalts(app.database.db)];
    const made = await first.forDay(day);
    expect(made).toMatch(/^[0-9a-f]{64}$/);
    expect(await second.forDay(day)).toBe(made);
    expect(await app.database.db.select().from(numbersSalts).where(eq(numbersSalts.day, day))).toEqual([
      { day, salt: made },
    ]);
    await app.database.db.delete(numbersSalts).where(eq(numbersSalts.day, day));
  });
});

describe("retention", () => {
  it("keeps the daily rollups, prunes raw events past the seller's days and discards past days' salts", async () => {
    const db = app.database.db;
    const old = addDays(today, -40);
    const base = { day: old, device: "desktop", country: "IN", session: "old-session" };
    await db.insert(numbersEvents).values([
      { ...base, kind: "visit", path: "/old", utmCampaign: "old-campaign" },
      { ...base, kind: "search", query: "old nothing", resultCount: 0 },
    ]);
    await db.insert(numbersSalts).values({ day: old, salt: "yesterday's" });
    expect((await call(app, admin, "PUT", "/api/admin/numbers/settings", { retention_days: 3 })).statusCode).toBe(400);
    const set = await call(app, admin, "PUT", "/api/admin/numbers/settings", { retention_days: 30 });
    expect(set.json()).toEqual({ retention_days: 30 });

    expect(await app.services.numbers.upkeep()).toMatchObject({ pruned: 2 });
    expect(await db.select().from(numbersEvents).where(eq(numbersEvents.day, old))).toEqual([]);
    expect(await db.select().from(numbersSalts).where(eq(numbersSalts.day, old))).toEqual([]);
    expect((await db.select().from(numbersDaily).where(eq(numbersDaily.day, old))).length).toBeGreaterThan(0);
    const numbers = await report(`from=${old}&to=${old}`);
    expect(numbers.funnel).toEqual([
      { day: old, visits: 1, product_views: 0, add_to_cart: 0, checkout_started: 0, paid: 0 },
    ]);
    expect(numbers.searches_without_results).toEqual([{ query: "old nothing", searches: 1 }]);

    // Within the days kept, raw events stay.
    await db.insert(numbersEvents).values({ ...base, day: addDays(today, -10), kind: "visit", path: "/kept" });
    await app.services.numbers.upkeep();
    expect(await db.select().from(numbersEvents).where(eq(numbersEvents.path, "/kept"))).toHaveLength(1);
    await call(app, admin, "PUT", "/api/admin/numbers/settings", { retention_days: 90 });
  });
});
