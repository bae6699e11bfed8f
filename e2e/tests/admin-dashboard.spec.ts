import { expect, test, type Page } from "@playwright/test";
import type { ProductDetail } from "@store/shared";
import { newShopper } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { confirmedCodOrder } from "../fixtures/orders";
import { adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";

/** The shop's own frame is not part of the back office (issue 13, point 10). */
async function expectNoShopFrame(page: Page): Promise<void> {
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveCount(0);
}

let product: ProductDetail;
test.beforeAll(async ({ request }) => {
  // Its own product, away from the other specs' (admin.spec buys the first five of category 1).
  product = await productInStock(request, { currency: "INR", minStock: 3, skip: 7, category: 1 });
});

const WIDTHS = [
  { name: "desktop", viewport: { width: 1366, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    test("the seller sees orders to ship on the dashboard and follows the figure to the filtered list", async ({
      page,
      request,
    }) => {
      await confirmedCodOrder(request, product, newShopper(`dash-${name}`).email);
      await openWithStorage(page, "/admin", { token: await adminToken(request) });
      await expect(title(page, "Dashboard")).toBeVisible();
      await expectNoShopFrame(page);
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: "View shop" })).toHaveAttribute("href", "/");
      await expect(banner.getByRole("button", { name: "Sign out" })).toBeVisible();

      const toShip = page.getByRole("region", { name: "Orders to ship" });
      await expect(toShip.getByText(/^\d+$/)).toHaveText(/^[1-9]\d*$/);
      await expect(page.getByRole("region", { name: "Returns to handle" }).getByText(/^\d+$/)).toBeVisible();
      await expect(page.getByRole("region", { name: "Needs attention" }).getByText(/^\d+$/)).toBeVisible();
      await expect(page.getByRole("img", { name: /^Sales in INR by day: ₹/ })).toBeVisible();
      await expect(page.getByRole("img", { name: /^Sales in USD by day/ })).toBeVisible();
      await expect(page.getByRole("table", { name: /Best sellers of the last 30 days/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await toShip.getByRole("link", { name: "Show orders to ship" }).click();
      await expect(page).toHaveURL(/\/admin\/orders\?view=to_ship$/);
      await expect(title(page, "Orders")).toBeVisible();
      await expectNoShopFrame(page);
    });

    test("the sales report groups by product, downloads a CSV and passes axe; the menu works", async ({
      page,
      request,
    }) => {
      await openWithStorage(page, "/admin", { token: await adminToken(request) });
      await expect(title(page, "Dashboard")).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Back office" });
      if (name === "phone") {
        // A menu that opens, not a strip that scrolls sideways.
        const menu = page.getByRole("button", { name: "Menu" });
        await expect(nav).toBeHidden();
        await expect(menu).toHaveAttribute("aria-expanded", "false");
        await menu.click();
        await expect(menu).toHaveAttribute("aria-expanded", "true");
        await expectNoSidewaysScroll(page);
      } else {
        await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
      }
      for (const label of ["Orders", "Products", "Add product", "Customers", "Audit log", "Staff", "Settings"])
        await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
      await nav.getByRole("link", { name: "Sales report" }).click();
      await expect(title(page, "Sales report")).toBeVisible();
      if (name === "phone") await expect(nav).toBeHidden();
      await expectNoShopFrame(page);
      await expect(page.getByRole("table", { name: "Sales by day" })).toBeVisible();

      const filters = page.getByRole("search", { name: "Sales report period" });
      await filters.getByLabel("Group by").selectOption({ label: "Product" });
      await filters.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/group=product/);
      await expect(page.getByRole("table", { name: "Sales by product" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^sales-by-product-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);

      // A period that ends before it starts is refused with the shared schema's message, before any request.
      await filters.getByLabel("From (India time)").fill("2026-03-31");
      await filters.getByLabel("To (India time)").fill("2026-03-01");
      await filters.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByRole("alert")).toHaveText("The end date is before the start date");
    });
  });
}
