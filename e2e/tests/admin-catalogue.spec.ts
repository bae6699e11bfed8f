import { expect, test } from "@playwright/test";
import type { AdminProduct } from "@store/shared";
import { seriousA11yViolations } from "../fixtures/axe";
import { openWithStorage } from "../fixtures/cart";
import { adminToken, expectNoSidewaysScroll } from "../fixtures/back-office";
import { openNewProduct } from "../fixtures/admin-products";

/** Issue 13 points 1, 6 and 7 in the seller's back office, on a laptop and on a phone. */

const WIDTHS = [
  { name: "laptop", viewport: { width: 1366, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

for (const { name, viewport } of WIDTHS) {
  test.describe(`on a ${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("the editor shows rupees, finds the USD price for ₹899, saves a size price in one save", async ({
      page,
      request,
    }) => {
      const { product } = await openNewProduct(
        page,
        request,
        "Kantha Cushion Cover",
        "Hand stitched kantha on old cotton.",
      );
      const editor = page.getByRole("form", { name: "Edit product" });
      const offer = editor.getByRole("spinbutton", { name: "Offer price, size S" });
      await expect(offer).toHaveValue("18");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);

      const target = editor.getByRole("spinbutton", { name: "Target rupee price (INR)" });
      await target.fill("899");
      await expect(editor.getByRole("status").filter({ hasText: "₹899 comes from" })).toHaveText(
        "₹899 comes from $26.46 to $26.75 (USD shoppers pay $27).",
      );
      await target.fill("900");
      await expect(editor.getByRole("status").filter({ hasText: "not reachable" })).toContainText(
        "₹900 is not reachable (rupee prices end in 9); ₹899 ($26.46 to $26.75) or ₹909 ($26.76 to $27.05).",
      );

      await offer.fill("26.46");
      await editor.getByRole("spinbutton", { name: "MRP, size S" }).fill("30");
      await expect(
        page
          .locator("td", { has: page.getByRole("spinbutton", { name: "Offer price, size S" }) })
          .getByText("₹899", { exact: true }),
      ).toBeVisible();
      await expect(editor.getByText("Unsaved changes", { exact: true }).first()).toBeVisible();
      await editor.getByRole("button", { name: "Save product" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();

      await page.reload();
      await expect(editor.getByRole("spinbutton", { name: "Offer price, size S" })).toHaveValue("26.46");
      await expect(editor.getByRole("spinbutton", { name: "MRP, size S" })).toHaveValue("30");
      const shop = await request.get(`/api/get-product-detail/?product_pk=${product.id}&currency=INR`);
      expect((await shop.json()).data.offer_price).toBe(899);
    });

    test("a negative stock is refused with a message; leaving with unsaved changes asks first", async ({
      page,
      request,
    }) => {
      const { token, product } = await openNewProduct(
        page,
        request,
        "Kantha Cushion Cover",
        "Hand stitched kantha on old cotton.",
      );
      const editor = page.getByRole("form", { name: "Edit product" });
      const stock = editor.getByRole("spinbutton", { name: "Stock, size S" });
      await stock.fill("-5");
      await stock.blur();
      await expect(stock).toHaveValue("-5");
      await editor.getByRole("button", { name: "Save product" }).click();
      await expect(stock).toHaveAccessibleDescription("The quantity cannot be negative");
      await expect(stock).toBeFocused();

      const allProducts = page.getByRole("link", { name: "All products" });
      await allProducts.click();
      const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Stay on this page" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
      await expect(stock).toHaveValue("-5");

      // Closing the tab or reloading asks the browser's own question.
      const asked = page.waitForEvent("dialog");
      await page.close({ runBeforeUnload: true });
      const question = await asked;
      expect(question.type()).toBe("beforeunload");
      await question.accept();
      const stored = await request.get(`/api/admin/products/${product.id}`, {
        headers: { Authorization: `Token ${token}` },
      });
      expect(((await stored.json()) as AdminProduct).sizes[0]?.quantity).toBe(10);
    });

    test("duplicates a product as a draft; the list shows rupees and filters low stock", async ({ page, request }) => {
      const { product } = await openNewProduct(
        page,
        request,
        "Kantha Cushion Cover",
        "Hand stitched kantha on old cotton.",
      );
      await page.getByRole("button", { name: "Duplicate" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `${product.product_name} (copy)` })).toBeVisible();
      await expect(page).not.toHaveURL(new RegExp(`/admin/products/${product.id}$`));
      await expect(page.getByRole("status").filter({ hasText: "Copied as draft" })).toBeVisible();
      await expect(page.getByRole("switch", { name: "Shown in the shop" })).toHaveAttribute("aria-checked", "false");
      await expect(page.getByRole("spinbutton", { name: "Stock, size S" })).toHaveValue("0");

      await page.goto(`/admin/products?query=${product.product_code}`);
      // The listing-order setting shows the stored choice and saves. Its effect on listings is an API test
      // (products-tools.test.ts): flipping it here would reorder listings under the other specs running.
      const order = page.getByRole("form", { name: "Listing order" });
      const choice = order.getByRole("combobox", { name: "New products appear in category listings" });
      await expect(choice).toHaveValue("oldest_first");
      await order.getByRole("button", { name: "Save order" }).click();
      await expect(order.getByRole("status")).toHaveText("Listing order saved; the shop shows it now.");
      const table = page.getByRole("table", { name: "Products" });
      await expect(table.getByRole("row").filter({ hasText: product.product_name }).first()).toContainText(
        "$18 / ₹609",
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);

      await page.goto("/admin/products?low_stock=true");
      await expect(page.getByRole("search", { name: "Find products" }).getByLabel("Stock")).toHaveValue("true");
      await expect(table).toBeVisible();
    });

    test("the add-item form suggests the next code, shows rupees live and passes axe", async ({ page, request }) => {
      const token = await adminToken(request);
      const next = (await (
        await request.get("/api/admin/products/next-code", { headers: { Authorization: `Token ${token}` } })
      ).json()) as { product_code: number };
      await openWithStorage(page, "/add_items", { token });
      const form = page.getByRole("form", { name: "Add a product" });
      // The next free code when the form asked: the other specs (and this one's other width) add products too.
      const code = form.getByRole("textbox", { name: "Product code" });
      await expect(code).toHaveValue(/^\d+$/);
      expect(Number(await code.inputValue())).toBeGreaterThanOrEqual(next.product_code);
      await form.getByRole("spinbutton", { name: "Offer price (USD)" }).fill("26.46");
      await expect(form.getByText("₹899", { exact: true })).toBeVisible();
      await form.getByRole("spinbutton", { name: "Target rupee price (INR)" }).fill("1299");
      await form.getByRole("button", { name: /^Offer price \$/ }).click();
      await expect(form.getByRole("spinbutton", { name: "Offer price (USD)" })).toHaveValue("38.37");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
    });
  });
}
