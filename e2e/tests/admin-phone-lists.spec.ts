import { expect, test, type Locator, type Page } from "@playwright/test";
import { newShopper } from "../fixtures/accounts";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { DESKTOP, PHONE, adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";
import { paidCardOrder } from "../fixtures/orders";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 40 point 16: every back-office list is usable on a phone. At 390 px (and at 1366 px) each list's
 * first row shows its primary action inside the viewport, with no sideways scrolling of the page or of the
 * list's own box. `action` finds the row's primary control; a list without one checks its last cell.
 */
type List = {
  path: string;
  title: string | RegExp;
  table: string | RegExp;
  action?: (row: Locator) => Locator;
  screen?: string;
};
const firstLink = (row: Locator) => row.getByRole("link").first();
const edit = (row: Locator) => row.getByRole("button", { name: /^Edit / });
const LISTS: List[] = [
  { path: "/admin", title: "Dashboard", table: /^Best sellers/, action: firstLink },
  { path: "/admin/orders", title: "Orders", table: "Orders", action: firstLink, screen: "orders" },
  { path: "/admin/orders/:order", title: /^Order \d+/, table: "Payments for this order", screen: "payments" },
  { path: "/admin/products", title: "Products", table: "Products", action: firstLink, screen: "products" },
  { path: "/admin/promo-codes", title: "Promo codes", table: "Promo codes", action: edit, screen: "promo-codes" },
  { path: "/admin/blogs", title: "Blog posts", table: "Blog posts", action: edit },
  { path: "/admin/home-strip", title: "Home strip", table: "Home strip", action: edit },
  { path: "/admin/testimonials", title: "Testimonials", table: "Testimonials", action: edit },
  {
    path: "/admin/reviews",
    title: "Customer reviews",
    table: "Customer reviews",
    action: (row) => row.getByRole("button", { name: /^(Approve|Hide) review by / }),
    screen: "reviews",
  },
  {
    path: "/admin/queries",
    title: "Queries",
    table: "Open queries",
    action: (row) => row.getByRole("button", { name: /^Mark query from .+ handled$/ }),
  },
  { path: "/admin/sales", title: "Sales report", table: /^Sales by / },
  { path: "/admin/customers", title: "Customers", table: "Customers", action: firstLink },
  { path: "/admin/customers/:customer", title: /.+/, table: "Orders of this customer", action: firstLink },
  // The first row is the owner signed in, who has no action on their own access: its last cell is checked.
  { path: "/admin/staff", title: "Staff", table: "People with access" },
];

async function expectInViewport(page: Page, target: Locator, what: string): Promise<void> {
  await expect(target, what).toBeVisible();
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(width);
}

/** The list's own box does not scroll sideways either: its content fits its width. */
async function expectListFits(table: Locator, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await table.evaluate((element) => {
    const box = (element as unknown as { parentElement: { scrollWidth: number; clientWidth: number } }).parentElement;
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
  expect(scrollWidth, `${what}: the list scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

let ids: Record<"order" | "customer", string>;
test.beforeAll(async ({ request }) => {
  // A paid order (a payment row) from a new customer, and an open query, so those lists have a first row.
  const product = await productInStock(request, { currency: "INR", minStock: 3, category: 6 });
  const email = newShopper("phone-lists").email;
  const { orderId } = await paidCardOrder(request, product, { email });
  ids = { order: String(orderId), customer: `email-${email.toLowerCase()}` };
  const query = await request.post("/api/create-query/", {
    data: {
      name: "Meera Phone",
      email,
      country_code: "+91",
      mobile_number: "9876543210",
      query: "Do you ship to Pune?",
    },
  });
  expect(query.status()).toBe(201);
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`p16: every back-office list shows its first row's primary action at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const token = await adminToken(request);
    for (const list of LISTS) {
      const path = list.path.replace(/:(order|customer)/, (_, key: keyof typeof ids) => encodeURIComponent(ids[key]));
      await test.step(path, async () => {
        await openWithStorage(page, path, { token });
        await expect(title(page, list.title).first()).toBeVisible({ timeout: 20_000 });
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        // A list is a table, or (orders on a phone) its own list of cards under the same name.
        const table = page.getByRole("table", { name: list.table }).first();
        const asTable = (await table.count()) > 0;
        const row = asTable
          ? table.locator("tbody tr").first()
          : page.getByRole("list", { name: list.table }).first().getByRole("listitem").first();
        const target = list.action ? list.action(row).first() : row.locator("td").last();
        await target.scrollIntoViewIfNeeded();
        await expectInViewport(page, target, `${path}: first row's primary action`);
        if (asTable) await expectListFits(table, path);
        await expectNoSidewaysScroll(page);
        if (list.screen) await keepScreen(page, `issue40-p16-${list.screen}`);
      });
    }
  });
}
