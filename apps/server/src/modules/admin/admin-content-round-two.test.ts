import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeCategories } from "../catalog/tables";
import { blogs } from "../content/tables";
import { promoCodes } from "../promo/tables";
import { createTestApp } from "../../testing/test-app";
import { call, roles } from "./test-support";

/** Issue 13, points 2, 8 and 9: promo amounts name their currency, the blog editor's fields, the strip. */

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  ({ admin } = await roles(app));
});
afterAll(() => app.close());

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, payload?: unknown) =>
  call(app, admin, method, `/api/admin${path}`, payload);
const errorsOf = (body: string) => JSON.parse(body).errors as { path: string; message: string }[];
const check = (promo_code: string, amount: number, currency: "INR" | "USD") =>
  app.inject({
    method: "POST",
    url: "/api/validate-promo-code/",
    payload: { promo_code, amount, no_of_products: 1, currency },
  });

describe("promo amounts name their currency", () => {
  it("applies an INR minimum to an INR cart as set and to a USD cart at 33.6, at the boundary", async () => {
    const res = await api("POST", "/promo-codes", {
      code: "RUPEEMIN",
      kind: "percent",
      value: 10,
      min_amount: 1999,
      min_amount_currency: "INR",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ min_amount: 1999, min_amount_currency: "INR", currency: null });

    const inrShort = await check("RUPEEMIN", 1998, "INR");
    expect(inrShort.json()).toMatchObject({
      reason: "below_minimum",
      message: "This promo code needs an order of at least ₹1,999.",
    });
    expect((await check("RUPEEMIN", 1999, "INR")).json()).toMatchObject({ amount: 199 });
    // Rs 1999 / 33.6 = $59.494..., rounded up to the cent: $59.50, never "$1,999" nor "₹67,169".
    expect((await check("RUPEEMIN", 59, "USD")).json()).toMatchObject({
      reason: "below_minimum",
      message: "This promo code needs an order of at least $59.50.",
    });
    expect((await check("RUPEEMIN", 59.49, "USD")).statusCode).toBe(422);
    expect((await check("RUPEEMIN", 59.5, "USD")).statusCode).toBe(200);
    expect((await check("RUPEEMIN", 60, "USD")).json()).toMatchObject({ amount: 6 });
  });

  it("applies a USD minimum to an INR cart by the catalogue's INR rule", async () => {
    await api("POST", "/promo-codes", {
      code: "DOLLARMIN",
      kind: "percent",
      value: 10,
      min_amount: 100,
      min_amount_currency: "USD",
    });
    expect((await check("DOLLARMIN", 99, "USD")).json()).toMatchObject({ message: expect.stringContaining("$100.") });
    expect((await check("DOLLARMIN", 3368, "INR")).json()).toMatchObject({
      message: "This promo code needs an order of at least ₹3,369.",
    });
    expect((await check("DOLLARMIN", 3369, "INR")).statusCode).toBe(200);
  });

  it("asks which currency a minimum is in when the code has none, and changes nothing", async () => {
    const res = await api("POST", "/promo-codes", { code: "VAGUEMIN", kind: "percent", value: 5, min_amount: 1999 });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)).toContainEqual({
      path: "body.min_amount_currency",
      message: "Choose INR or USD for the minimum",
    });
    const wrong = await api("POST", "/promo-codes", {
      code: "VAGUEMIN",
      kind: "percent",
      value: 5,
      min_amount: 10,
      min_amount_currency: "EUR",
    });
    expect(wrong.statusCode).toBe(400);
    expect(await app.database.db.select().from(promoCodes).where(eq(promoCodes.code, "VAGUEMIN"))).toEqual([]);
  });

  it("keeps a flat code's value and minimum in its own currency (seeded FLAT200 as before)", async () => {
    const seeded = (await api("GET", "/promo-codes")).json().data.find((p: { code: string }) => p.code === "FLAT200");
    expect(seeded).toMatchObject({ kind: "flat", value: 200, currency: "INR", min_amount_currency: "INR" });
    expect((await check("FLAT200", 999, "INR")).json()).toMatchObject({ amount: 200 });
    expect((await check("FLAT200", 100, "USD")).json()).toMatchObject({ reason: "wrong_currency" });

    const flat = await api("POST", "/promo-codes", { code: "FIVEOFF", kind: "flat", value: 5, currency: "USD" });
    expect(flat.json()).toMatchObject({ currency: "USD", min_amount_currency: "USD" });
    expect((await check("FIVEOFF", 40, "USD")).json()).toMatchObject({
      amount: 5,
      message: "Promo code applied: $5 off",
    });
  });

  it("reports expired, not-yet-started, used-up and switched-off codes as inactive, with the reason", async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const make = async (code: string, extra: object) =>
      (await api("POST", "/promo-codes", { code, kind: "percent", value: 5, ...extra })).json();
    const soon = await make("SOONCODE", { starts_at: future });
    const open = await make("OPENCODE", { max_uses: 1 });
    expect(soon.inactive_reason).toBe("not_started");
    expect(open.inactive_reason).toBeNull();
    await app.database.db.update(promoCodes).set({ usedCount: 1 }).where(eq(promoCodes.id, open.id));

    const list = (await api("GET", "/promo-codes")).json().data as { code: string; inactive_reason: string | null }[];
    const reason = (code: string) => list.find((p) => p.code === code)?.inactive_reason;
    expect(reason("EXPIRED5")).toBe("expired");
    expect(reason("INACTIVE50")).toBe("inactive");
    expect(reason("OPENCODE")).toBe("used_up");
    expect(reason("WELCOME10")).toBeNull();
  });
});

describe("blog editor fields", () => {
  const post = { title: "Indigo days", image: "/media/blog/1.webp", description: "<p>One</p><p>Two</p>" };

  it.each([
    ["http://localhost:3000/product/12", "/product/12"],
    ["https://www.jaipurkalahouse.in/product/12?size=M#reviews", "/product/12?size=M#reviews"],
    ["https://jaipurkalahouse.in/women/dresses", "/women/dresses"],
    ["  /product/12?ref=blog  ", "/product/12?ref=blog"],
  ])("stores the shop address %s as the path %s", async (link, path) => {
    const res = await api("POST", "/blogs", { ...post, product_link: link });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().product_link).toBe(path);
    const [row] = await app.database.db.select().from(blogs).where(eq(blogs.id, res.json().id));
    expect(row?.productLink).toBe(path);
  });

  it.each([
    "https://evil.example/product/12",
    "//evil.example/x",
    "javascript:alert(1)",
    "product/12",
    "ftp://localhost/x",
  ])("refuses %s with a message and stores nothing", async (link) => {
    const before = (await app.database.db.select().from(blogs)).length;
    const res = await api("POST", "/blogs", { ...post, product_link: link });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)).toContainEqual({
      path: "body.product_link",
      message: "Use an address of this shop, e.g. /product/12 or a link copied from the shop",
    });
    expect((await app.database.db.select().from(blogs)).length).toBe(before);
  });

  it("keeps the post's own key features, as plain text, and serves them on the detail", async () => {
    const res = await api("POST", "/blogs", {
      ...post,
      key_features: [
        { title: "Hand <b>printed</b>", text: "<script>alert(1)</script>In Bagru" },
        { title: "Indigo", text: "" },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const features = [
      { title: "Hand printed", text: "In Bagru" },
      { title: "Indigo", text: "" },
    ];
    expect(res.json().key_features).toEqual(features);
    const detail = (await app.inject(`/api/get-blog-detail/?blog_pk=${res.json().id}`)).json().data;
    expect(detail).toMatchObject({ key_features: features, description: "<p>One</p><p>Two</p>" });

    const cleared = await api("PATCH", `/blogs/${res.json().id}`, { key_features: [] });
    expect(cleared.json().key_features).toBeNull();
    const refused = await api("PATCH", `/blogs/${res.json().id}`, { key_features: [{ title: " ", text: "x" }] });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused.body)[0]?.message).toBe("Give each key feature a title");
    expect((await api("GET", `/blogs/${res.json().id}`)).json().key_features).toBeNull();
  });
});

describe("home strip: edit, reorder, hide", () => {
  it("hides a tile from the public strip, shows it again, and keeps the public fields", async () => {
    const tiles = (await api("GET", "/home-categories")).json().data as { id: number; name: string }[];
    const [first, second] = tiles;
    if (!first || !second) throw new Error("the seed has the strip");
    const hidden = await api("PATCH", `/home-categories/${first.id}`, { is_shown: false });
    expect(hidden.json()).toMatchObject({ id: first.id, is_shown: false });
    const strip = (await app.inject("/api/product/product-category/")).json().data as Record<string, unknown>[];
    expect(strip.map((t) => t.name)).not.toContain(first.name);
    expect(Object.keys(strip[0] ?? {}).sort()).toEqual(["id", "media", "name", "navigate_link"]);

    await api("PATCH", `/home-categories/${first.id}`, { is_shown: true, position: 500 });
    const reordered = (await app.inject("/api/product/product-category/")).json().data as { name: string }[];
    expect(reordered).toHaveLength(tiles.length);
    expect(reordered.at(-1)?.name).toBe(first.name);
    expect(reordered[0]?.name).toBe(second.name);
  });

  it("refuses bad edits with a 400 and changes no row", async () => {
    const [tile] = await app.database.db.select().from(homeCategories).where(eq(homeCategories.name, "Gems"));
    for (const patch of [{ is_shown: "no" }, { media: "javascript:x" }, { position: "first" }, { position: -1 }]) {
      expect((await api("PATCH", `/home-categories/${tile?.id}`, patch)).statusCode).toBe(400);
    }
    // A tile keeps its name: the field is not part of an edit.
    expect((await api("PATCH", `/home-categories/${tile?.id}`, { name: "Camel" })).json().name).toBe("Gems");
    const [after] = await app.database.db.select().from(homeCategories).where(eq(homeCategories.name, "Gems"));
    expect(after).toEqual(tile);
  });
});
