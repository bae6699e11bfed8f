import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { HOME_STRIP_NAMES } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeCategories } from "../catalog/tables";
import { customerReviews } from "../reviews/tables";
import { createTestApp } from "../../testing/test-app";
import { auditLog } from "./tables";
import { call, roles } from "./test-support";

let app: FastifyInstance;
let admin: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  app = await createTestApp();
  ({ admin, adminId } = await roles(app));
});
afterAll(() => app.close());

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, payload?: unknown) =>
  call(app, admin, method, `/api/admin${path}`, payload);
const audits = (entity: string, id: number | string) =>
  app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
const errorsOf = (body: string) => JSON.parse(body).errors as { path: string; message: string }[];

describe("promo codes", () => {
  it("creates a code (upper-cased) that the shop's promo box applies at once", async () => {
    const res = await api("POST", "/promo-codes", { code: "diwali15", kind: "percent", value: 15 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      code: "DIWALI15",
      kind: "percent",
      value: 15,
      currency: null,
      max_uses: null,
      used_count: 0,
      is_active: true,
    });
    const promo = await app.inject({
      method: "POST",
      url: "/api/validate-promo-code/",
      payload: { promo_code: "diwali15", amount: 1000, no_of_products: 1, currency: "INR" },
    });
    expect(promo.json()).toMatchObject({ amount: 150 });
    expect((await audits("promo_code", res.json().id))[0]).toMatchObject({ action: "create", actorUserId: adminId });
  });

  it.each([
    [{ kind: "percent", value: 15 }, "body.code", "Please enter the promo code!"],
    [{ code: "A!", kind: "percent", value: 5 }, "body.code", "Use 3 to 40 letters, digits, - or _"],
    [{ code: "BIG", kind: "percent", value: 150 }, "body.value", "A percent discount cannot exceed 100"],
    [{ code: "FLATNOCUR", kind: "flat", value: 100 }, "body.currency", "A flat discount needs its currency"],
    [
      {
        code: "BACKWARDS",
        kind: "percent",
        value: 5,
        starts_at: "2026-05-01T00:00:00Z",
        ends_at: "2026-04-01T00:00:00Z",
      },
      "body.ends_at",
      "The end must be after the start",
    ],
    [{ code: "ZERO", kind: "percent", value: 0 }, "body.value", "The discount must be at least 1"],
    [{ code: "NOUSE", kind: "percent", value: 5, max_uses: 0 }, "body.max_uses", "Allow at least one use"],
  ])("refuses %j", async (body, path, message) => {
    const res = await api("POST", "/promo-codes", body);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)).toContainEqual({ path, message });
  });

  it("refuses a code that exists in any case with a 409", async () => {
    const res = await api("POST", "/promo-codes", { code: "welcome10", kind: "percent", value: 5 });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res.body)).toEqual([{ path: "code", message: "This promo code already exists." }]);
  });

  it("checks an edit together with the stored code, then audits what changed; delete removes it", async () => {
    const { id } = (await api("POST", "/promo-codes", { code: "SPRING", kind: "percent", value: 10 })).json();
    const refused = await api("PATCH", `/promo-codes/${id}`, { kind: "flat" });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused.body)).toEqual([{ path: "currency", message: "A flat discount needs its currency" }]);
    const changed = await api("PATCH", `/promo-codes/${id}`, {
      kind: "flat",
      value: 200,
      currency: "INR",
      is_active: false,
    });
    expect(changed.json()).toMatchObject({ kind: "flat", value: 200, currency: "INR", is_active: false });
    expect((await audits("promo_code", id)).at(-1)?.changes).toEqual({
      kind: { before: "percent", after: "flat" },
      value: { before: 10, after: 200 },
      currency: { before: null, after: "INR" },
      is_active: { before: true, after: false },
    });
    expect((await api("DELETE", `/promo-codes/${id}`)).statusCode).toBe(204);
    expect((await api("GET", `/promo-codes/${id}`)).statusCode).toBe(404);
    expect((await audits("promo_code", id)).at(-1)).toMatchObject({
      action: "delete",
      changes: { code: { before: "SPRING", after: null } },
    });
  });
});

describe("blog posts", () => {
  it("sanitises the HTML through the content service and publishes the post", async () => {
    const res = await api("POST", "/blogs", {
      title: "Block printing in Bagru",
      image: "/media/blog/1.webp",
      description:
        '<p onclick="steal()">Hand <strong>printed</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      product_link: "/women/dresses",
    });
    expect(res.statusCode, res.body).toBe(201);
    const blog = res.json();
    expect(blog.description).toBe("<p>Hand <strong>printed</strong></p><a>x</a>");
    const pub = await app.inject(`/api/get-blog-detail/?blog_pk=${blog.id}`);
    expect(pub.json().data).toMatchObject({ title: "Block printing in Bagru", description: blog.description });
    expect((await audits("blog", blog.id))[0]).toMatchObject({ action: "create" });
  });

  it("unpublishes a post (gone from the site, still in the back office) and sanitises edits", async () => {
    const { id } = (
      await api("POST", "/blogs", {
        title: "Draft",
        image: "https://images.example.in/a.webp",
        description: "<p>x</p>",
      })
    ).json();
    const res = await api("PATCH", `/blogs/${id}`, {
      is_published: false,
      description: "<p>y</p><iframe src=x></iframe>",
    });
    expect(res.json()).toMatchObject({ is_published: false, description: "<p>y</p>" });
    expect((await app.inject(`/api/get-blog-detail/?blog_pk=${id}`)).statusCode).toBe(404);
    expect((await api("GET", "/blogs")).json().data.map((b: { id: number }) => b.id)).toContain(id);
  });

  it("refuses a post without a title, text or a safe image", async () => {
    const res = await api("POST", "/blogs", { image: "javascript:x" });
    expect(
      errorsOf(res.body)
        .map((e) => e.path)
        .sort(),
    ).toEqual(["body.description", "body.image", "body.title"]);
    const link = await api("POST", "/blogs", {
      title: "t",
      image: "/media/a.webp",
      description: "d",
      product_link: "javascript:alert(1)",
    });
    expect(link.statusCode).toBe(400);
  });
});

describe("home category strip", () => {
  it("edits the spec's ten tiles, offers no add or delete; a change shows on the strip at once", async () => {
    const strip = await app.inject("/api/product/product-category/");
    expect(strip.json().data).toHaveLength(HOME_STRIP_NAMES.length);
    const tile = { name: "Gems", media: "/media/strip/x.webp", navigate_link: "/accessories" };
    expect((await api("POST", "/home-categories", tile)).statusCode).toBe(404);

    const [gems] = await app.database.db.select().from(homeCategories).where(eq(homeCategories.name, "Gems"));
    expect((await api("DELETE", `/home-categories/${gems?.id}`)).statusCode).toBe(404);
    const moved = await api("PATCH", `/home-categories/${gems?.id}`, {
      navigate_link: "/accessories/bags",
      position: 99,
    });
    expect(moved.json()).toMatchObject({ name: "Gems", navigate_link: "/accessories/bags", position: 99 });
    const after = (await app.inject("/api/product/product-category/")).json().data;
    expect(after.at(-1)).toMatchObject({ name: "Gems", navigate_link: "/accessories/bags" });
    expect((await api("PATCH", `/home-categories/${gems?.id}`, { navigate_link: "//evil.example" })).statusCode).toBe(
      400,
    );
  });
});

describe("testimonials", () => {
  it("creates, edits and deletes, refusing ratings outside 1-5 in half steps", async () => {
    for (const rating of [0, 5.5, 4.3]) {
      const res = await api("POST", "/testimonials", { name: "Meera", rating, message: "Lovely" });
      expect(errorsOf(res.body)).toContainEqual({
        path: "body.rating",
        message: "The rating must be 1 to 5 in half steps",
      });
    }
    const { id } = (
      await api("POST", "/testimonials", { name: "Meera Joshi", rating: 4.5, message: "Beautiful quilts." })
    ).json();
    expect((await app.inject("/api/testimonials/")).json().data.map((t: { id: number }) => t.id)).toContain(id);
    expect((await api("PATCH", `/testimonials/${id}`, { message: "" })).statusCode).toBe(400);
    expect((await api("PATCH", `/testimonials/${id}`, { rating: 5 })).json()).toMatchObject({
      rating: 5,
      message: "Beautiful quilts.",
    });
    expect((await api("DELETE", `/testimonials/${id}`)).statusCode).toBe(204);
    expect((await audits("testimonial", id)).map((a) => a.action)).toEqual(["create", "update", "delete"]);
  });
});

describe("customer reviews", () => {
  it("hides and approves a review: the site follows; each is audited", async () => {
    const [review] = await app.database.db
      .select()
      .from(customerReviews)
      .where(eq(customerReviews.isApproved, true))
      .limit(1);
    const id = review?.id ?? 0;
    const hidden = await api("POST", `/customer-reviews/${id}/hide`);
    expect(hidden.json()).toMatchObject({ id, is_approved: false });
    expect((await app.inject("/api/customer-reviews/")).json().data.map((r: { id: number }) => r.id)).not.toContain(id);
    const queue = (await api("GET", "/customer-reviews?approved=false")).json();
    expect(queue.data.map((r: { id: number }) => r.id)).toContain(id);
    await api("POST", `/customer-reviews/${id}/approve`);
    expect((await app.inject("/api/customer-reviews/")).json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect((await audits("customer_review", id)).map((a) => [a.action, a.changes])).toEqual([
      ["hide", { is_approved: { before: true, after: false } }],
      ["approve", { is_approved: { before: false, after: true } }],
    ]);
    expect((await api("GET", "/customer-reviews?approved=maybe")).statusCode).toBe(400);
  });
});

describe("contact queries", () => {
  it("lists the open messages and marks one handled, once", async () => {
    const sent = await app.inject({
      method: "POST",
      url: "/api/create-query/",
      payload: {
        name: "Ravi",
        email: "ravi@example.in",
        country_code: "+91",
        mobile_number: "+91 98765 43210",
        query: "Wholesale prices for 200 cushions?",
      },
    });
    const { id } = sent.json();
    const inbox = (await api("GET", "/queries?handled=false")).json();
    expect(inbox.data[0]).toMatchObject({ id, name: "Ravi", handled_at: null });
    const handled = await api("POST", `/queries/${id}/handled`);
    const at = handled.json().handled_at;
    expect(at).toEqual(expect.any(String));
    expect((await api("POST", `/queries/${id}/handled`)).json().handled_at).toBe(at);
    expect((await api("GET", "/queries?handled=false")).json().data.map((q: { id: number }) => q.id)).not.toContain(id);
    expect((await api("GET", "/queries?handled=true")).json().data.map((q: { id: number }) => q.id)).toContain(id);
    expect(await audits("contact_query", id)).toHaveLength(1);
  });
});

describe("GET /api/admin/audit-log", () => {
  it("pages through the log, newest first, filtered by entity and record, with the actor's e-mail", async () => {
    const { id } = (await api("POST", "/testimonials", { name: "Audit Test", rating: 5, message: "m" })).json();
    await api("PATCH", `/testimonials/${id}`, { position: 3 });
    const res = (await api("GET", `/audit-log?entity=testimonial&entity_id=${id}`)).json();
    expect(res).toMatchObject({ total: 2, page: 1 });
    expect(res.data.map((e: { action: string }) => e.action)).toEqual(["update", "create"]);
    expect(res.data[0]).toMatchObject({
      actor: { id: adminId, email: expect.stringMatching(/^admin\./) },
      changes: { position: { before: 0, after: 3 } },
    });
    expect((await api("GET", "/audit-log?page=0")).statusCode).toBe(400);
  });
});
