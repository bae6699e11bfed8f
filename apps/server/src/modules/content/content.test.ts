import { count, desc, eq } from "drizzle-orm";
import { MESSAGES, type Blog, type CreateQueryRequest } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogs, contactQueries, socialPosts, testimonials } from "../../schema";
import { AppError } from "../../errors";
import { createTestApp } from "../../testing/test-app";
import { EXCERPT_LENGTH } from "./sanitize";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const db = () => app.database.db;
const validationError = { message: expect.any(String), code: "VALIDATION_FAILED", errors: expect.any(Array) };
const MALICIOUS_HTML =
  '<p onclick="x()">Hello</p><script>alert(1)</script><img src="/a.webp" onerror="alert(2)"><a href="javascript:alert(3)">bad</a>';

describe("blogs", () => {
  it("lists published posts newest first, with sanitised HTML and a plain-text excerpt", async () => {
    const res = await app.inject("/api/get-all-blogs/");
    expect(res.statusCode).toBe(200);
    const data: Blog[] = res.json().data;
    const published = await db().select().from(blogs).where(eq(blogs.isPublished, true)).orderBy(desc(blogs.date));
    expect(data.length).toBe(published.length);
    expect(data.length).toBeGreaterThanOrEqual(7);
    expect(data.map((b) => b.id)).toEqual(published.map((b) => b.id));
    for (const blog of data) {
      expect(blog).toMatchObject({
        title: expect.any(String),
        image: expect.stringMatching(/^\/media\//),
        date: expect.any(String),
      });
      expect(Number.isNaN(Date.parse(blog.date))).toBe(false);
      expect(blog.excerpt.length).toBeGreaterThan(0);
      expect(blog.excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 1);
      expect(blog.excerpt).not.toMatch(/[<>]/);
      expect(blog.description).toMatch(/<p>/);
    }
  });

  it("answers one post by id, the same as in the list", async () => {
    const list: Blog[] = (await app.inject("/api/get-all-blogs")).json().data;
    const res = await app.inject(`/api/get-blog-detail/?blog_pk=${list[1]?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(list[1]);
  });

  it("answers unknown and unpublished posts with 404 'Blog not found'", async () => {
    const draft = await app.services.content.createBlog({
      title: "Draft",
      image: "/media/blog/1.webp",
      description: "<p>Soon</p>",
      is_published: false,
    });
    for (const id of [draft.id, 99_999]) {
      const res = await app.inject(`/api/get-blog-detail/?blog_pk=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.blogNotFound, code: "NOT_FOUND", errors: [] });
    }
    const list: Blog[] = (await app.inject("/api/get-all-blogs/")).json().data;
    expect(list.map((b) => b.id)).not.toContain(draft.id);
  });

  it.each(["", "blog_pk=abc", "blog_pk=-1", "blog_pk=0", "blog_pk=123456789012"])(
    "answers bad input (%s) with 400",
    async (query) => {
      const res = await app.inject(`/api/get-blog-detail/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(validationError);
    },
  );

  it("sanitises a post's HTML before storing it (createBlog)", async () => {
    const blog = await app.services.content.createBlog({
      title: " Safe ",
      image: "/media/blog/2.webp",
      description: MALICIOUS_HTML,
      product_link: "/women",
    });
    const [row] = await db().select().from(blogs).where(eq(blogs.id, blog.id));
    expect(row?.description).toBe('<p>Hello</p><img src="/a.webp" /><a>bad</a>');
    expect(row?.title).toBe("Safe");
    expect(blog).toMatchObject({
      title: "Safe",
      description: row?.description,
      excerpt: "Hello bad",
      product_link: "/women",
    });
  });

  it("sanitises changed HTML before storing it (updateBlog) and refuses unknown posts and unsafe links", async () => {
    const blog = await app.services.content.createBlog({
      title: "Edit me",
      image: "/media/blog/3.webp",
      description: "<p>v1</p>",
    });
    const updated = await app.services.content.updateBlog(blog.id, { description: `<h2>v2</h2>${MALICIOUS_HTML}` });
    const [row] = await db().select().from(blogs).where(eq(blogs.id, blog.id));
    expect(row?.description).not.toMatch(/script|onerror|onclick|javascript/);
    expect(updated).toMatchObject({ title: "Edit me", description: row?.description });
    await expect(app.services.content.updateBlog(99_999, { title: "x" })).rejects.toMatchObject({
      kind: "not_found",
      message: MESSAGES.blogNotFound,
    });
    const unsafe = app.services.content.updateBlog(blog.id, { product_link: "javascript:alert(1)" });
    await expect(unsafe).rejects.toBeInstanceOf(AppError);
    await expect(unsafe).rejects.toMatchObject({ kind: "bad_request" });
  });

  it("sanitises again when serving, so a row written some other way is still safe", async () => {
    const [row] = await db()
      .insert(blogs)
      .values({
        title: "Imported",
        image: "/media/blog/4.webp",
        description: MALICIOUS_HTML,
        productLink: "javascript:alert(4)",
        date: new Date("2030-01-01T00:00:00Z"),
      })
      .returning();
    const res = await app.inject(`/api/get-blog-detail/?blog_pk=${row?.id}`);
    expect(res.json().data).toMatchObject({
      description: '<p>Hello</p><img src="/a.webp" /><a>bad</a>',
      product_link: null,
    });
    const list: Blog[] = (await app.inject("/api/get-all-blogs/")).json().data;
    expect(list[0]?.id).toBe(row?.id); // the newest date leads
    expect(JSON.stringify(list)).not.toMatch(/<script|onerror|javascript:/);
  });
});

describe("testimonials, reviews and the social feed", () => {
  it("answers the 8 fixed testimonials in their order, each rated 4 or 5", async () => {
    const res = await app.inject("/api/testimonials/");
    expect(res.statusCode).toBe(200);
    const data: { id: number; name: string; rating: number; message: string }[] = res.json().data;
    expect(data).toHaveLength(8);
    const stored = await db().select().from(testimonials).orderBy(testimonials.position);
    expect(data.map((t) => t.id)).toEqual(stored.map((t) => t.id));
    expect(data.every((t) => t.rating >= 4 && t.rating <= 5 && t.message.length > 0)).toBe(true);
  });

  it("answers the social feed in its order", async () => {
    const res = await app.inject("/api/social-feed/");
    expect(res.statusCode).toBe(200);
    const stored = await db().select().from(socialPosts).orderBy(socialPosts.position);
    expect(stored.length).toBeGreaterThan(0);
    expect(res.json().data).toEqual(
      stored.map((p) => ({ id: p.id, image: p.image, caption: p.caption, link: p.link })),
    );
  });
});

describe("POST /api/create-query/", () => {
  const valid: CreateQueryRequest = {
    name: "Asha Verma",
    email: "asha@example.in",
    country_code: "+91",
    mobile_number: "98290 41234",
    query: "Do you ship rugs to Pune?",
  };
  // Each test posts from its own address, so the route's rate limit only meets the test that is about it.
  let address = 0;
  const post = (payload: unknown, remoteAddress = `10.0.0.${++address}`) =>
    app.inject({ method: "POST", url: "/api/create-query/", payload: payload as object, remoteAddress });
  const storedCount = async () => (await db().select({ n: count() }).from(contactQueries))[0]?.n ?? 0;

  it("stores the message and answers 201 with the spec's success text", async () => {
    const res = await post({ ...valid, name: "  Asha Verma  " });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), message: MESSAGES.contactSuccess });
    const [row] = await db().select().from(contactQueries).where(eq(contactQueries.id, body.id));
    expect(row).toMatchObject({
      name: "Asha Verma",
      email: valid.email,
      countryCode: "+91",
      mobileNumber: valid.mobile_number,
      query: valid.query,
      handledAt: null,
    });
  });

  it("accepts the path without its trailing slash", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/create-query",
      payload: valid,
      remoteAddress: "10.0.1.1",
    });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ["an invalid e-mail", { ...valid, email: "not-an-email" }, "body.email"],
    ["a missing name", { ...valid, name: undefined }, "body.name"],
    ["a blank message", { ...valid, query: "   " }, "body.query"],
    ["a 10k-character message", { ...valid, query: "x".repeat(10_000) }, "body.query"],
    ["a letter-only phone number", { ...valid, mobile_number: "call me" }, "body.mobile_number"],
    ["a number where text belongs", { ...valid, country_code: 91 }, "body.country_code"],
    ["a NUL character", { ...valid, query: "hello\u0000world" }, "body.query"],
  ])("answers %s with 400 and stores nothing", async (_label, payload, path) => {
    const before = await storedCount();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ...validationError,
      errors: expect.arrayContaining([expect.objectContaining({ path })]),
    });
    expect(await storedCount()).toBe(before);
  });

  it("answers an empty or non-JSON body with 400, never 500", async () => {
    for (const payload of ["", "{oops", "[]", "null"]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/create-query/",
        headers: { "content-type": "application/json" },
        payload,
        remoteAddress: "10.0.2.1",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty("message");
    }
  });

  it("allows CONTACT_RATE_LIMIT_MAX (default 10) submissions a minute from one address, then 429", async () => {
    expect(app.config.contactRateLimitMax).toBe(10);
    const before = await storedCount();
    for (let i = 0; i < app.config.contactRateLimitMax; i++) expect((await post({}, "10.9.9.9")).statusCode).toBe(400);
    const limited = await post(valid, "10.9.9.9");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    expect(await storedCount()).toBe(before);
    expect((await post(valid, "10.9.9.10")).statusCode).toBe(201);
  });
});
