import { expect, test } from "@playwright/test";
import { newShopper } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { DESKTOP, PHONE, adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";
import { confirmedCodOrder } from "../fixtures/orders";

/**
 * Issue 13's bar for the whole back office: every admin screen, at 1366 px and at 390 px, shows its title
 * in the back office's own frame, never scrolls sideways, and axe finds no serious issue on it.
 */
const SCREENS = [
  { path: "/admin", title: "Dashboard" },
  { path: "/admin/orders", title: "Orders" },
  { path: "/admin/orders/:order", title: /^Order \d+/ },
  { path: "/admin/packing-slip?ids=:order", title: /Packing slip/ },
  { path: "/admin/products", title: "Products" },
  { path: "/admin/products/:product", title: /.+/ },
  { path: "/add_items", title: /.+/ },
  { path: "/admin/promo-codes", title: "Promo codes" },
  { path: "/admin/blogs", title: "Blog posts" },
  { path: "/admin/home-strip", title: "Home strip" },
  { path: "/admin/testimonials", title: "Testimonials" },
  { path: "/admin/reviews", title: "Customer reviews" },
  { path: "/admin/queries", title: "Queries" },
  { path: "/admin/sales", title: "Sales report" },
  { path: "/admin/delivery-outcomes", title: "Delivery outcomes" },
  { path: "/admin/feeds", title: "Product feeds" },
  { path: "/admin/numbers", title: "Shop numbers" },
  { path: "/admin/cod-rules", title: "Cash on delivery rules" },
  { path: "/admin/bank-transfer", title: "Bank transfer" },
  { path: "/admin/trade", title: "Trade accounts" },
  { path: "/admin/tax", title: "Tax figures" },
  { path: "/admin/customers", title: "Customers" },
  { path: "/admin/customers/:customer", title: /.+/ },
  { path: "/admin/audit-log", title: "Audit log" },
  { path: "/admin/staff", title: "Staff" },
  { path: "/admin/settings", title: "Settings" },
  { path: "/admin/tax-rules", title: "Tax rules" },
  { path: "/admin/exchange-rates", title: "Exchange rates and limits" },
  { path: "/admin/quotes", title: "Quotes" },
] as const;

let ids: Record<"order" | "product" | "customer", string>;
test.beforeAll(async ({ request }) => {
  // Its own product (accessories), away from the products other specs buy.
  const product = await productInStock(request, { currency: "INR", minStock: 3, category: 6 });
  const email = newShopper("admin-pages").email;
  const order = await confirmedCodOrder(request, product, email);
  ids = { order: String(order), product: String(product.id), customer: `email-${email.toLowerCase()}` };
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`every back-office screen passes axe and fits the screen at ${viewport.width} px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const token = await adminToken(request);
    const problems: string[] = [];
    for (const screen of SCREENS) {
      const path = screen.path.replace(/:(order|product|customer)/, (_, key: keyof typeof ids) =>
        encodeURIComponent(ids[key]),
      );
      await test.step(path, async () => {
        await openWithStorage(page, path, { token });
        // Nineteen screens in a row on a busy two-core runner: each may take longer than one screen's test would.
        await expect(title(page, screen.title).first()).toBeVisible({ timeout: 20_000 });
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        await expectNoSidewaysScroll(page);
        for (const violation of await seriousA11yViolations(page)) problems.push(`${path}: ${violation}`);
      });
    }
    expect(problems).toEqual([]);
  });
}
