import {
  HOME_STRIP_NAMES,
  MESSAGES,
  SKELETON_COUNTS,
  TIMINGS_MS,
  type HomeCategoryResponse,
  type TestimonialListResponse,
  type TopSellingResponse,
} from "@store/shared";
import { expect, test } from "@playwright/test";
import { seriousA11yViolations } from "../fixtures/axe";
import { pauseClock } from "../fixtures/clock";
import { hydrated } from "../fixtures/hydration";
import { holdApi } from "../fixtures/hold-api";

const TOP_SELLING = "/api/product/get-top-selling-product/";
const HOME_CATEGORIES = "/api/product/product-category/";
const stripNames: readonly string[] = HOME_STRIP_NAMES;

test.describe("popular products", () => {
  test("shows 8 skeleton cards while loading, then the top-selling products", async ({ page, request }) => {
    const { data } = (await (await request.get(TOP_SELLING)).json()) as TopSellingResponse;
    const expected = data.filter((p) => p.top_selling && p.is_active).slice(0, SKELETON_COUNTS.popularProducts);
    const release = await holdApi(page, TOP_SELLING);
    await page.goto("/");

    const section = page.getByRole("region", { name: MESSAGES.popularProductsTitle });
    await expect(section.getByRole("heading", { name: MESSAGES.popularProductsTitle })).toBeVisible();
    await expect(section.getByTestId("product-card-skeleton")).toHaveCount(SKELETON_COUNTS.popularProducts);

    release();
    await expect(section.getByRole("article")).toHaveCount(expected.length);
    await expect(section.getByTestId("product-card-skeleton")).toHaveCount(0);
    const first = expected[0]!;
    await expect(section.getByRole("link", { name: first.product_name })).toHaveAttribute(
      "href",
      `/product/${first.id}`,
    );
  });

  test("leaves out products that are not both top selling and active", async ({ page }) => {
    let hidden: string[] = [];
    await page.route(
      (url) => url.pathname.startsWith(TOP_SELLING),
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as TopSellingResponse;
        body.data[0]!.is_active = false;
        body.data[1]!.top_selling = false;
        hidden = [body.data[0]!.product_name, body.data[1]!.product_name];
        await route.fulfill({ response, json: body });
      },
    );
    await page.goto("/");
    const section = page.getByRole("region", { name: MESSAGES.popularProductsTitle });
    await expect(section.getByRole("article").first()).toBeVisible();
    for (const name of hidden) await expect(section.getByRole("link", { name })).toHaveCount(0);
  });
});

test.describe("shop-by-category strip", () => {
  test("shows 'Loading...' and then only the spec's names, each linking to its navigate_link", async ({ page }) => {
    // Held to see the loading text, and given a stray category that must not show. The expected tiles are the
    // ones this page was sent: another spec (admin-content) may hide one of the ten for a moment.
    let data: HomeCategoryResponse["data"] = [];
    const release = await holdApi(page, HOME_CATEGORIES, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as HomeCategoryResponse;
      data = [...body.data];
      body.data.push({ id: 999, name: "Plastic Souvenirs", media: "/media/strip/gems.webp", navigate_link: "/women" });
      await route.fulfill({ response, json: body });
    });
    await page.goto("/");

    const strip = page.getByRole("region", { name: "Shop by craft" });
    await expect(strip.getByText(MESSAGES.homeCategoriesLoading)).toBeVisible();
    release();
    // The page has its answer (and `data` is set) once the strip shows a tile.
    await expect(strip.getByRole("link").first()).toBeVisible();

    const expected = data.filter((c) => stripNames.includes(c.name));
    expect(expected.length).toBeGreaterThanOrEqual(HOME_STRIP_NAMES.length - 1);
    await expect(strip.getByRole("link")).toHaveCount(expected.length);
    for (const category of expected) {
      await expect(strip.getByRole("link", { name: category.name, exact: true })).toHaveAttribute(
        "href",
        category.navigate_link,
      );
    }
    await expect(strip.getByRole("link", { name: "Plastic Souvenirs" })).toHaveCount(0);
    await expect(strip.getByText(MESSAGES.homeCategoriesLoading)).toHaveCount(0);
  });

  test("shows the failure text when the categories cannot be loaded", async ({ page }) => {
    await page.route(
      (url) => url.pathname.startsWith(HOME_CATEGORIES),
      (route) => route.fulfill({ status: 500, json: { message: "Internal error", code: "INTERNAL" } }),
    );
    await page.goto("/");
    const strip = page.getByRole("region", { name: "Shop by craft" });
    await expect(strip.getByText(MESSAGES.homeCategoriesFailed)).toBeVisible();
    await expect(strip.getByRole("link")).toHaveCount(0);
  });
});

test.describe("testimonials", () => {
  test("are titled, server-rendered, exactly 8, and a dot shows its testimonial", async ({ page, request }) => {
    const { data } = (await (await request.get("/api/testimonials/")).json()) as TestimonialListResponse;
    expect(data).toHaveLength(8);
    await page.goto("/");

    const section = page.getByRole("region", { name: MESSAGES.testimonialsTitle });
    await expect(section.getByRole("heading", { name: MESSAGES.testimonialsTitle })).toBeVisible();
    const dots = section.getByRole("button", { name: /^Show testimonial \d+$/ });
    await expect(dots).toHaveCount(8);

    await section.getByRole("button", { name: "Show testimonial 5", exact: true }).click();
    await expect(dots.nth(4)).toHaveAttribute("aria-current", "true");
    await expect(section.getByRole("blockquote").first()).toHaveText(data[4]!.message);
    await expect(section.getByRole("img", { name: `Rated ${data[4]!.rating} out of 5` }).first()).toBeVisible();
  });

  test("rotate on their own every 3 s, wrapping after the last", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const section = page.getByRole("region", { name: MESSAGES.testimonialsTitle });
    await hydrated(page);
    await pauseClock(page);

    // A dot restarts the 3 s clock, so the rotation's phase is known whatever ran before the pause.
    const dots = section.getByRole("button", { name: /^Show testimonial \d+$/ });
    await dots.nth(2).click();
    await page.mouse.move(0, 0);
    await dots.nth(2).blur();
    await page.clock.runFor(TIMINGS_MS.testimonialRotation);
    // Fading out: still the same one until the fade is over.
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(TIMINGS_MS.testimonialFade);
    await expect(dots.nth(3)).toHaveAttribute("aria-current", "true");

    await dots.last().click();
    await expect(dots.last()).toHaveAttribute("aria-current", "true");
    // Pointing at or focusing the quote holds it; moving away lets it rotate on, from the last back to the first.
    await page.mouse.move(0, 0);
    await dots.last().blur();
    await page.clock.runFor(TIMINGS_MS.testimonialRotation + TIMINGS_MS.testimonialFade);
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
  });

  test("do not move for shoppers who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    const section = page.getByRole("region", { name: MESSAGES.testimonialsTitle });
    // Hydrated first, or the time below would pass before any timer could have been set.
    await hydrated(page);
    await expect(section.getByRole("button", { name: "Show testimonial 1", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await page.clock.runFor(3 * TIMINGS_MS.testimonialRotation);
    await expect(section.getByRole("button", { name: "Show testimonial 1", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(section.getByRole("button", { name: /^Pause/ })).toHaveCount(0);
  });
});

test.describe("header scroller and lazy sections", () => {
  test("the scroller moves between slides with its buttons and keys", async ({ page }) => {
    await page.goto("/");
    const scroller = page.getByRole("region", { name: "Featured collections" });
    await expect(scroller.getByRole("img", { name: "Hand block printed in the heart of Jaipur" })).toBeVisible();
    // The pause button only exists once the scroller is hydrated (the server assumes reduced motion).
    await expect(scroller.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
    // It may have advanced on its own by now (every 6 s); a dot sets where it is, and pointing at it holds it.
    await scroller.getByRole("button", { name: "Show slide 1" }).click();
    await scroller.getByRole("button", { name: "Next slide" }).click();
    await expect(scroller.getByRole("button", { name: "Show slide 2" })).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(scroller.getByRole("button", { name: "Show slide 1" })).toHaveAttribute("aria-current", "true");
    await expect(scroller.getByRole("link", { name: /Shop women's wear/ })).toHaveAttribute("href", "/women");
  });

  test("customer reviews and the feed load when scrolled near", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.goto("/");
    await expect(page.getByRole("region", { name: MESSAGES.testimonialsTitle })).toBeVisible();
    expect(requested).not.toContain("/api/social-feed/");

    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    const reviews = page.getByRole("region", { name: "What our customers say" });
    await expect(reviews.getByRole("article")).toHaveCount(3);
    const feed = page.getByRole("region", { name: "Follow our craft on Instagram" });
    await expect(
      feed
        .getByRole("link")
        .filter({ has: page.getByRole("img") })
        .first(),
    ).toBeVisible();
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(
      page.getByRole("region", { name: MESSAGES.popularProductsTitle }).getByRole("article").first(),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Shop by craft" }).getByRole("link").first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
