import { CATEGORIES, MESSAGES, SUBCATEGORIES, listingPath } from "@store/shared";
import { expect, test } from "@playwright/test";

const withSubcategories = CATEGORIES.filter((c) => SUBCATEGORIES.some((s) => s.categoryId === c.id));

test.describe("home page navigation", () => {
  test("shows every category that has subcategories, with their links", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const category of withSubcategories) {
      await expect(nav.getByRole("link", { name: category.name, exact: true })).toBeVisible();
    }
    for (const category of CATEGORIES.filter((c) => !withSubcategories.includes(c))) {
      await expect(nav.getByRole("link", { name: category.name, exact: true })).toHaveCount(0);
    }
    await nav.getByRole("button", { name: "Women subcategories" }).click();
    const dresses = nav.getByRole("link", { name: "dresses" });
    await expect(dresses).toHaveAttribute("href", listingPath("women", "dresses"));
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(nav.getByRole("link", { name: "Wholesale Query" })).toHaveAttribute("href", "/trade");
  });

  test("unknown paths answer 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no/such/page/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: MESSAGES.notFoundTitle })).toBeVisible();
    await page.getByRole("link", { name: /homepage/ }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the navigation is rendered on the server", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const sub of SUBCATEGORIES) {
      const category = CATEGORIES.find((c) => c.id === sub.categoryId)!;
      await expect(nav.locator(`a[href="${listingPath(category.segment, sub.name)}"]`)).toHaveCount(1);
    }
  });
});
