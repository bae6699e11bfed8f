import type { ProductListResponse } from "@store/shared";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DESKTOP, PHONE } from "../fixtures/back-office";
import { keepScreen } from "../fixtures/screens";

/** Issue 40, point 4: sort and filters with counts, in the URL, rendered on the server, paging within them. */
const WOMEN = 1;

async function productsOf(request: APIRequestContext, query: string): Promise<ProductListResponse> {
  const res = await request.get(`/api/get-all-products/?category_pk=${WOMEN}&currency=USD&${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ProductListResponse;
}

const grid = (page: Page) => page.getByRole("list", { name: "Women products" });
const cardNames = (page: Page) => grid(page).getByRole("article").getByRole("heading").allInnerTexts();
const filters = (page: Page) => page.getByRole("form", { name: "Filter and sort products" });
const option = (page: Page, group: string, value: string) =>
  filters(page)
    .getByRole("group", { name: group })
    .getByRole("checkbox", { name: new RegExp(`^${value} \\(\\d+\\)$`) });

test.describe("listing sort and filters at 1366 px", () => {
  test.use({ viewport: DESKTOP });

  test("sorting and ticking a filter change the URL, the counts and the grid; Explore More pages within them", async ({
    page,
    request,
  }) => {
    await page.goto("/women");
    const form = filters(page);
    await expect(form).toBeVisible();
    await form.getByLabel("Sort by").selectOption("price_asc");
    await expect(page).toHaveURL(/\/women\?sort=price_asc$/);

    const all = await productsOf(request, "sort=price_asc");
    const cotton = all.facets.materials.find((m) => m.value === "Cotton");
    expect(cotton?.count).toBeGreaterThan(12);
    await expect(option(page, "Material", "Cotton")).toHaveAccessibleName(`Cotton (${cotton?.count})`);
    await option(page, "Material", "Cotton").check({ force: true });
    await expect(page).toHaveURL(/\/women\?sort=price_asc&material=Cotton$/);

    const first = await productsOf(request, "sort=price_asc&material=Cotton");
    await expect(page.getByText(`Showing 1-12 out of ${first.total} products`)).toBeVisible();
    expect(await cardNames(page)).toEqual(first.data.map((p) => p.product_name));
    await keepScreen(page, "issue40-p04-listing-filters");

    await page.getByRole("button", { name: "Explore More" }).click();
    await expect(grid(page).getByRole("article")).toHaveCount(Math.min(24, first.total));
    const second = await productsOf(request, "sort=price_asc&material=Cotton&page=2");
    expect((await cardNames(page)).slice(12)).toEqual(second.data.map((p) => p.product_name));

    // A price range typed and applied; "Clear all" goes back to the whole category.
    await form.getByLabel("Highest price").fill("40");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/max_price=40/);
    const cheap = await productsOf(request, "sort=price_asc&material=Cotton&max_price=40");
    await expect(page.getByText(`out of ${cheap.total} products`)).toBeVisible();
    await form.getByRole("link", { name: "Clear all" }).click();
    await expect(page).toHaveURL(/\/women$/);
  });
});

test.describe("a shared filtered listing, without JavaScript", () => {
  test.use({ viewport: DESKTOP, javaScriptEnabled: false });

  test("is rendered on the server with the choices shown, and the GET form works", async ({ page, request }) => {
    await page.goto("/women?sort=price_desc&colour=Indigo&size=XL");
    const expected = await productsOf(request, "sort=price_desc&colour=Indigo&size=XL");
    expect(expected.total).toBeGreaterThan(0);
    expect(await cardNames(page)).toEqual(expected.data.map((p) => p.product_name));
    await expect(filters(page).getByLabel("Sort by")).toHaveValue("price_desc");
    await expect(option(page, "Colour", "Indigo")).toBeChecked();
    await expect(option(page, "Size in stock", "XL")).toBeChecked();

    // An invalid value in a hand-edited link is left out, not an error page.
    await page.goto("/women?sort=cheapest&colour=Indigo");
    const indigo = await productsOf(request, "colour=Indigo");
    await expect(page.getByText(`out of ${indigo.total} products`)).toBeVisible();
  });
});

test.describe("listing sort and filters at 390 px", () => {
  test.use({ viewport: PHONE });

  test("fold behind a toggle that stays open while boxes are ticked, without widening the page", async ({
    page,
    request,
  }) => {
    await page.goto("/women");
    await expect(filters(page)).toBeHidden();
    await page.getByText("Filter and sort", { exact: true }).click();
    await expect(filters(page)).toBeVisible();

    await option(page, "Colour", "Indigo").check({ force: true });
    await expect(page).toHaveURL(/\/women\?colour=Indigo$/);
    const indigo = await productsOf(request, "colour=Indigo");
    await expect(page.getByText(`out of ${indigo.total} products`)).toBeVisible();
    await expect(filters(page)).toBeVisible();
    await expect(page.getByText("Filter and sort (1)")).toBeVisible();
    await expect(option(page, "Colour", "Indigo")).toBeChecked();
    const pageWidth = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth,
    );
    expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
    await keepScreen(page, "issue40-p04-listing-filters");
    expect(await cardNames(page)).toEqual(indigo.data.map((p) => p.product_name));
  });
});
