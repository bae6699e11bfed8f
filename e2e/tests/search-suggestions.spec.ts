import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, PHONE } from "../fixtures/back-office";
import { keepScreen } from "../fixtures/screens";

/** Issue 40, point 5: suggestions while typing in the search overlay, by keyboard, the submit unchanged. */
async function openOverlay(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Search products" }).click();
  const box = page.getByRole("dialog", { name: "Search the shop" }).getByRole("combobox", { name: "Search products" });
  await expect(box).toBeFocused();
  return box;
}

for (const [width, viewport] of [
  ["1366", DESKTOP],
  ["390", PHONE],
] as const) {
  test.describe(`search suggestions at ${width} px`, () => {
    test.use({ viewport });

    test("a typo suggests products and listings; arrows and Enter open one, Escape closes the list then the overlay", async ({
      page,
    }) => {
      const box = await openOverlay(page);
      await box.pressSequentially("cushon", { delay: 30 });
      const list = page.getByRole("listbox", { name: "Suggestions" });
      await expect(list.getByRole("option", { name: /Cushion Cover \(Home & Living\)/ })).toBeVisible();
      await expect(list.getByRole("option", { name: /cushion cover/i }).nth(1)).toBeVisible();
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await keepScreen(page, "issue40-p05-search-suggestions");

      await box.press("ArrowDown");
      const first = list.getByRole("option").first();
      await expect(first).toHaveAttribute("aria-selected", "true");
      await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
      await box.press("ArrowDown");
      await expect(list.getByRole("option").nth(1)).toHaveAttribute("aria-selected", "true");
      await box.press("ArrowUp");
      await expect(first).toHaveAttribute("aria-selected", "true");

      await box.press("Escape");
      await expect(list).toBeHidden();
      await expect(page.getByRole("dialog", { name: "Search the shop" })).toBeVisible();
      await box.press("Escape");
      await expect(page.getByRole("dialog", { name: "Search the shop" })).toBeHidden();

      const again = await openOverlay(page);
      await again.pressSequentially("cushon", { delay: 30 });
      await expect(list.getByRole("option").first()).toBeVisible();
      await again.press("ArrowDown");
      await again.press("Enter");
      await expect(page).toHaveURL(/\/home%20%26%20living\/cushion%20cover$/);
      await expect(page.getByRole("heading", { level: 1, name: "Cushion Cover" })).toBeVisible();
    });

    test("Enter without choosing a suggestion still submits the search", async ({ page }) => {
      const box = await openOverlay(page);
      await box.pressSequentially("kaftn", { delay: 30 });
      await expect(
        page
          .getByRole("listbox", { name: "Suggestions" })
          .getByRole("option", { name: /kaftan/i })
          .first(),
      ).toBeVisible();
      await box.press("Enter");
      await expect(page).toHaveURL(/\/search\?query=kaftn$/);
    });
  });
}
