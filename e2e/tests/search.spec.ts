import { MESSAGES, searchHeading, SKELETON_COUNTS, type SearchResponse } from "@store/shared";
import { expect, test, type Page } from "@playwright/test";
import { seriousA11yViolations } from "../fixtures/axe";
import { holdApi } from "../fixtures/hold-api";

const SEARCH = "/api/search";

async function searchFor(page: Page, query: string) {
  const box = page.getByRole("searchbox", { name: "Search products" });
  await box.fill(query);
  await box.press("Enter");
}

const results = (page: Page, query: string) => page.getByRole("list", { name: `Results for ${query}` });

test.describe("search page", () => {
  test("finds a kaftan for the typo 'kaftn', best match first", async ({ page }) => {
    await page.goto("/search?query=kaftn");
    await expect(page.getByRole("heading", { name: searchHeading("kaftn") })).toBeVisible();
    const first = results(page, "kaftn").getByRole("article").first();
    await expect(first.getByRole("heading")).toContainText(/kaftan/i);
    await expect(first.getByRole("img", { name: /^Rated / })).toBeVisible();
    await expect(first.getByRole("link", { name: /kaftan/i })).toHaveAttribute("href", /^\/product\/\d+$/);
  });

  test("says so when nothing matches", async ({ page }) => {
    await page.goto("/search?query=zzqqxxv");
    await expect(page.getByText(MESSAGES.searchEmpty)).toBeVisible();
    await expect(page.getByRole("heading", { name: searchHeading("zzqqxxv") })).toHaveCount(0);
  });

  test("does not search for an empty query", async ({ page }) => {
    const searches: string[] = [];
    page.on("request", (r) => new URL(r.url()).pathname === SEARCH && searches.push(r.url()));
    await page.goto("/search?query=");
    await expect(page.getByRole("searchbox", { name: "Search products" })).toBeVisible();
    await expect(page.getByText(MESSAGES.searchEmpty)).toHaveCount(0);
    expect(searches).toEqual([]);
  });

  test("a new query shows 12 skeleton cards while it runs, then its results", async ({ page, request }) => {
    const expected = (await (await request.get(`${SEARCH}?query=cushion`)).json()) as SearchResponse;
    await page.goto("/search?query=kaftan");
    await expect(page.getByRole("heading", { name: searchHeading("kaftan") })).toBeVisible();

    const release = await holdApi(page, SEARCH);
    await searchFor(page, "cushion");
    await expect(page).toHaveURL("/search?query=cushion");
    await expect(page.getByTestId("product-card-skeleton")).toHaveCount(SKELETON_COUNTS.search);

    release();
    await expect(page.getByRole("heading", { name: searchHeading("cushion") })).toBeVisible();
    await expect(results(page, "cushion").getByRole("article")).toHaveCount(expected.data.length);
    await expect(page.getByTestId("product-card-skeleton")).toHaveCount(0);
  });

  test("shows the failure text (and logs it) when a search fails", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto("/search?query=kaftan");
    await expect(page.getByRole("heading", { name: searchHeading("kaftan") })).toBeVisible();
    await page.route(
      (url) => url.pathname === SEARCH,
      (route) => route.fulfill({ status: 500, json: { message: "Internal error", code: "INTERNAL" } }),
    );

    await searchFor(page, "bedcover");
    await expect(page.getByText(MESSAGES.searchFailed)).toBeVisible();
    await expect(page.getByRole("heading", { name: searchHeading("bedcover") })).toHaveCount(0);
    expect(errors.some((text) => text.includes("Search failed"))).toBe(true);
  });

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto("/search?query=block%20print");
    await expect(page.getByRole("heading", { name: searchHeading("block print") })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("results are rendered on the server, and the form still searches", async ({ page }) => {
    await page.goto("/search?query=kaftan");
    await expect(page.getByRole("heading", { name: searchHeading("kaftan") })).toBeVisible();
    await searchFor(page, "cushion");
    await expect(page.getByRole("heading", { name: searchHeading("cushion") })).toBeVisible();
  });
});
