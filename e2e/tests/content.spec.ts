import { expect, test, type APIRequestContext, type Route } from "@playwright/test";
import {
  MESSAGES,
  MISSION_POINTS,
  SELLER,
  WHY_US_POINTS,
  type Blog,
  type BlogListResponse,
  type CustomerReviewListResponse,
} from "@store/shared";
import { seriousA11yViolations } from "../fixtures/axe";

async function allBlogs(request: APIRequestContext): Promise<Blog[]> {
  const response = await request.get("/api/get-all-blogs/");
  expect(response.ok()).toBe(true);
  const blogs = ((await response.json()) as BlogListResponse).data;
  expect(blogs.length).toBeGreaterThan(0);
  return blogs;
}

/** The text of the first <h2> of a post's HTML body, to prove the body is rendered as HTML. */
function firstHeadingOf(html: string): string {
  const match = html.match(/<h2>([^<]+)<\/h2>/);
  if (!match?.[1]) throw new Error("The seeded post has no <h2> to look for");
  return match[1];
}

test.describe("blog list", () => {
  test("shows a card per post with Read More, and Buy only when the post has a product link", async ({
    page,
    request,
  }) => {
    const blogs = await allBlogs(request);
    await page.goto("/blog");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(blogs.length);
    for (const blog of blogs) {
      const card = cards.filter({ has: page.getByRole("heading", { name: blog.title, exact: true }) });
      await expect(card.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", `/blog/${blog.id}`);
      await expect(card.getByText(blog.excerpt.slice(0, 40))).toBeVisible();
      const buy = card.getByRole("link", { name: /^Buy/ });
      if (blog.product_link) await expect(buy).toHaveAttribute("href", blog.product_link);
      else await expect(buy).toHaveCount(0);
    }
    expect(blogs.some((blog) => blog.product_link === null)).toBe(true);
    const image = cards.first().locator("img");
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "630");
  });

  test("Read More opens the post in the browser (client-side navigation through the API)", async ({
    page,
    request,
  }) => {
    const [blog] = await allBlogs(request);
    await page.goto("/blog");
    const apiCall = page.waitForRequest(
      (r) => r.url().includes("/api/get-blog-detail/") && r.url().includes(`blog_pk=${blog!.id}`),
    );
    await page.getByRole("link", { name: `Read More about ${blog!.title}` }).click();
    await apiCall;
    await expect(page).toHaveURL(`/blog/${blog!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: blog!.title })).toBeVisible();
  });

  for (const [fault, fail] of [
    ["a network error", (route: Route) => route.abort("connectionreset")],
    [
      "a 500",
      (route: Route) =>
        route.fulfill({
          status: 500,
          json: { message: "Something went wrong on our side. Please try again.", code: "INTERNAL" },
        }),
    ],
  ] as const) {
    test(`a list that cannot load (${fault}) says so inside the page, layout intact`, async ({ page }) => {
      await page.route((url) => url.pathname === "/api/get-all-blogs/", fail);
      await page.goto("/about-us");
      // A client-side navigation: the list comes from the public API.
      await page
        .getByRole("navigation", { name: "Main", exact: true })
        .getByRole("link", { name: "Blog", exact: true })
        .click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(MESSAGES.blogListFailed);
      await expect(page.getByRole("heading", { level: 1, name: "Stories from the Workshop" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.getByRole("heading", { name: MESSAGES.pageFailedTitle })).toHaveCount(0);
    });
  }
});

test.describe("blog detail", () => {
  test("renders the title, image, HTML body, key features, quote and Shop Now", async ({ page, request }) => {
    const blog = (await allBlogs(request)).find((b) => b.product_link !== null)!;
    const response = await page.goto(`/blog/${blog.id}`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: blog.title })).toBeVisible();
    await expect(main.getByRole("img", { name: blog.title })).toHaveAttribute("src", blog.image);
    await expect(main.getByRole("heading", { level: 2, name: firstHeadingOf(blog.description) })).toBeVisible();
    const features = main.getByRole("region", { name: "Key features" });
    await expect(features.getByRole("listitem")).toHaveCount(4);
    await expect(features).toContainText("Handmade by Jaipur artisans");
    await expect(main.getByRole("blockquote")).toBeVisible();
    await expect(main.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", blog.product_link!);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(ld).toMatchObject({ "@type": "BlogPosting", headline: blog.title });
  });

  test("Shop Now goes to the collections when the post has no product link", async ({ page, request }) => {
    const blog = (await allBlogs(request)).find((b) => b.product_link === null)!;
    await page.goto(`/blog/${blog.id}`);
    await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/collections");
  });

  for (const path of ["/blog/999999", "/blog/abc"]) {
    test(`${path} answers 404 with '${MESSAGES.blogNotFound}'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: MESSAGES.blogNotFound })).toBeVisible();
    });
  }

  test("a broken image falls back to the placeholder at the same size", async ({ page, request }) => {
    const [blog] = await allBlogs(request);
    // The picture and its smaller copy (srcset): the browser takes whichever fits the page.
    const copy = blog!.image.replace(/\.webp$/, "-800w.webp");
    for (const url of [blog!.image, copy])
      await page.route(`**${url}`, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(`/blog/${blog!.id}`);
    const image = page.getByRole("main").getByRole("img", { name: blog!.title });
    await expect(image).toHaveAttribute("src", /^data:image\/svg\+xml/);
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "630");
    await expect(image).toHaveJSProperty("naturalWidth", 1200);
  });
});

test("about page: title, founding story, three mission points, signature and image", async ({ page }) => {
  await page.goto("/about-us");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: MESSAGES.aboutTitle })).toBeVisible();
  await expect(main).toContainText(`founded in ${SELLER.foundedText} in ${SELLER.foundedCity}`);
  const mission = main.getByRole("region", { name: "Our mission" });
  await expect(mission.getByRole("heading", { level: 3 })).toHaveText([...MISSION_POINTS]);
  await expect(main.getByText(/, Founder$/)).toBeVisible();
  await expect(main.getByRole("img").first()).toHaveAttribute("width", "1200");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SELLER.website}/about-us`);
});

test("why-us page lists the seven points in order", async ({ page }) => {
  await page.goto("/query");
  const points = page.getByRole("main").getByRole("list").first().getByRole("listitem");
  await expect(points).toHaveCount(WHY_US_POINTS.length);
  await expect(points.getByRole("heading", { level: 2 })).toHaveText([...WHY_US_POINTS]);
  for (const [index, point] of WHY_US_POINTS.entries()) {
    await expect(points.nth(index).locator("span").first()).toHaveText(String(index + 1));
    await expect(points.nth(index).getByRole("heading")).toHaveText(point);
  }
});

test("customer reviews: every approved review and the average rating", async ({ page, request }) => {
  const reviews = ((await (await request.get("/api/customer-reviews/")).json()) as CustomerReviewListResponse).data;
  expect(reviews.length).toBeGreaterThan(0);
  await page.goto("/customer-reviews");
  const list = page.getByRole("region", { name: "All reviews" }).getByRole("article");
  await expect(list).toHaveCount(reviews.length);
  const first = reviews[0]!;
  await expect(list.first()).toContainText(first.name);
  await expect(list.first()).toContainText(first.body);
  const average = Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10;
  const summary = page.getByRole("region", { name: "Average rating" });
  await expect(summary).toContainText(average.toFixed(1));
  await expect(summary).toContainText(`Based on ${reviews.length} reviews`);
});

test.describe("accessibility (axe: no serious or critical violations)", () => {
  const pages = [
    "/blog",
    "/blog/1",
    "/blog/999999",
    "/about-us",
    "/query",
    "/contact-us",
    "/customer-reviews",
    "/privacy",
    "/refund",
    "/shipping",
    "/terms-and-conditions",
  ];
  for (const path of pages) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});
