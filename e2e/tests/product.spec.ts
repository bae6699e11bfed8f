import { DEFAULT_SIZE, formatMoney, MESSAGES, TIMINGS_MS, type ProductDetailResponse } from "@store/shared";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { pauseClock } from "../fixtures/clock";
import { seriousA11yViolations } from "../fixtures/axe";
import { hydrated } from "../fixtures/hydration";

const DETAIL = "/api/get-product-detail/";
const PRODUCT_ID = 1;

async function detailOf(
  request: APIRequestContext,
  productId: number,
  size: string = DEFAULT_SIZE,
): Promise<ProductDetailResponse> {
  return (await (await request.get(`${DETAIL}?product_pk=${productId}&size=${size}`)).json()) as ProductDetailResponse;
}

test.describe("product page", () => {
  test("renders the product on the server, with size S chosen", async ({ page, request }) => {
    const { data } = await detailOf(request, PRODUCT_ID);
    await page.goto(`/product/${PRODUCT_ID}`);
    await expect(page.getByRole("heading", { level: 1, name: data.name })).toBeVisible();
    await expect(page.getByRole("radio", { name: DEFAULT_SIZE, exact: true })).toBeChecked();
    await expect(page.getByText(`Your choice: size ${DEFAULT_SIZE}`)).toContainText(
      formatMoney(data.offer_price, "USD"),
    );
    await expect(
      page.getByRole("img", { name: `Rated ${Math.round(data.rating * 2) / 2} out of 5` }).first(),
    ).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: data.category.name })).toHaveAttribute(
      "href",
      `/${encodeURIComponent(data.category.slug)}`,
    );
  });

  test("changing the size fetches the new price once the 1 s debounce has passed", async ({ page, request }) => {
    const m = (await detailOf(request, PRODUCT_ID, "M")).data;
    const s = (await detailOf(request, PRODUCT_ID)).data;
    expect(m.offer_price).not.toBe(s.offer_price);
    await page.clock.install();
    await page.goto(`/product/${PRODUCT_ID}`);
    // The related products' fetch (after hydration) says the page is interactive.
    await page.getByRole("heading", { name: "You may also like" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("list", { name: "Related products" })).toBeVisible();
    await pauseClock(page);

    const sizeRequests: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === DETAIL && url.searchParams.get("size") !== DEFAULT_SIZE)
        sizeRequests.push(url.searchParams.get("size") ?? "");
    });
    await page.getByRole("group", { name: "Size" }).getByText("M", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "M", exact: true })).toBeChecked();

    await page.clock.runFor(TIMINGS_MS.productDetailDebounce - 100);
    expect(sizeRequests).toEqual([]);
    // Meanwhile the page keeps showing size S's data.
    await expect(page.getByText("Your choice: size S")).toContainText(formatMoney(s.offer_price, "USD"));

    await page.clock.runFor(100);
    await expect(page.getByText("Your choice: size M")).toContainText(formatMoney(m.offer_price, "USD"));
    expect(sizeRequests).toEqual(["M"]);
  });

  test("the shop's promises: the server's HTML kept, its links followed in the page, rendered after a navigation", async ({
    page,
  }) => {
    await page.goto(`/product/${PRODUCT_ID}`);
    await hydrated(page);
    await page.evaluate("window.samePage = true");
    const promises = page.getByRole("list").filter({ hasText: "Handmade in Jaipur" });
    await promises.getByRole("link", { name: /^Read the policy\s*: shipping$/ }).click();
    await expect(page).toHaveURL(/\/shipping$/);
    // Back on the product through the router: no server HTML to keep, so the promises' code renders them.
    await page.goBack();
    await expect(promises.getByRole("link", { name: /^Read the policy\s*: easy returns$/ })).toBeVisible();
    expect(await page.evaluate<boolean>("window.samePage")).toBe(true);
  });

  test("related products are from the same category and never the same product", async ({ page, request }) => {
    const { data } = await detailOf(request, PRODUCT_ID);
    await page.goto(`/product/${PRODUCT_ID}`);
    await page.getByRole("heading", { name: "You may also like" }).scrollIntoViewIfNeeded();
    const related = page.getByRole("list", { name: "Related products" });
    await expect(related.getByRole("article").first()).toBeVisible();
    const hrefs = await related.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs).not.toContain(`/product/${data.id}`);

    // Following one is a client navigation to that product.
    const first = related.getByRole("heading").first();
    const name = (await first.textContent()) ?? "";
    await first.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("radio", { name: DEFAULT_SIZE, exact: true })).toBeChecked();
  });

  test("describes the product to search engines (JSON-LD and Open Graph)", async ({ page, request }) => {
    const { data } = await detailOf(request, PRODUCT_ID);
    await page.goto(`/product/${PRODUCT_ID}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: data.name,
      offers: {
        "@type": "Offer",
        price: data.offer_price,
        priceCurrency: "USD",
        availability: data.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      },
      aggregateRating: { ratingValue: data.rating, reviewCount: data.review_count },
    });
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`${data.main_image}$`),
    );
  });

  for (const path of ["/product/999999", "/product/abc"]) {
    test(`${path} shows the failure text and the not-found page, with a 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText(MESSAGES.productDetailFailed)).toBeVisible();
      await expect(page.getByRole("heading", { name: MESSAGES.notFoundTitle })).toBeVisible();
    });
  }

  test("has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto(`/product/${PRODUCT_ID}`);
    await page.getByRole("heading", { name: "You may also like" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("list", { name: "Related products" }).getByRole("article").first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the product's details are rendered on the server; related products wait for the browser", async ({
    page,
    request,
  }) => {
    const { data } = await detailOf(request, PRODUCT_ID);
    await page.goto(`/product/${PRODUCT_ID}`);
    await expect(page.getByRole("heading", { level: 1, name: data.name })).toBeVisible();
    await expect(page.getByText(`Your choice: size ${DEFAULT_SIZE}`)).toContainText(
      formatMoney(data.offer_price, "USD"),
    );
    await expect(page.getByRole("list", { name: "Related products" })).toHaveCount(0);
  });
});
