import { MESSAGES, type ProductDetail } from "@store/shared";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminToken, title } from "../fixtures/back-office";
import { addToCart, openWithStorage, productInStock } from "../fixtures/cart";
import { CARD, checkout, CONTINUE, fillDelivery, orderNumber } from "../fixtures/checkout";
import { setCurrencyCookie } from "../fixtures/currency";

/**
 * Issue 45 point 3's done-when (decision 105): a shopper arrives from a WhatsApp post, searches twice (one
 * search finds nothing, the other finds the product), buys it through the simulated card widget, and the
 * seller reads the visit, the searches and the sale in the back office's numbers.
 */
test.describe.configure({ timeout: 90_000 });

const PAID_NOTICE = /^Payment successful! Your order #(\d+) is confirmed\.$/;
const run = Date.now().toString(36);
const campaign = `diwali-post-${run}`;
const nothing = `zqxv${run}`;

// A browser of its own: the day's session is a hash of IP and user agent, and every spec's browser shares both.
test.use({
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 numbers-${run}`,
});

let product: ProductDetail;
test.beforeAll(async ({ request }) => {
  // Its own product (home decor, the second page), away from the products other specs buy.
  product = await productInStock(request, { currency: "INR", minStock: 3, category: 1, page: 2, skip: 2 });
});

/**
 * Runs `step` and waits for the beacon it causes to be sent while the page is open: a beacon sent as a page
 * unloads leaves without the user agent the test gives its browser, and the session is a hash of it.
 */
async function withBeacon(page: Page, step: () => Promise<unknown>): Promise<void> {
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/events");
  await step();
  await sent;
}

/** A row of the table captioned `caption`, holding `text`. */
const rowOf = (page: Page, caption: string, text: string): Locator =>
  page.getByRole("table", { name: caption }).getByRole("row").filter({ hasText: text });

test("a shopper's searches and purchase show in the seller's numbers", async ({ page, context, baseURL, request }) => {
  await setCurrencyCookie(context, baseURL!, "INR");
  await withBeacon(page, () =>
    openWithStorage(page, `/?utm_source=whatsapp&utm_medium=social&utm_campaign=${campaign}`, {}),
  );

  // A search that finds nothing, then one that finds the product: both through the search form.
  const search = async (query: string) => {
    await page.goto(`/search?query=${encodeURIComponent(query)}`);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
  };
  await withBeacon(page, () => search(nothing));
  await expect(page.getByRole("status").filter({ hasText: MESSAGES.searchEmpty })).toBeVisible();
  await withBeacon(page, () => search(product.name));
  const results = page.getByRole("region", { name: "Search results" });
  await results.getByRole("link", { name: product.name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();
  await withBeacon(page, () => addToCart(page));

  await page.goto("/cart");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await withBeacon(page, () => page.getByRole("button", { name: CONTINUE }).click());
  await fillDelivery(page);
  await checkout(page).getByRole("radio", { name: CARD }).check();
  await checkout(page).getByRole("button", { name: /^Pay / }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pay now" }).click();
  await orderNumber(page, PAID_NOTICE);

  // The seller's back office, in a page of its own.
  const admin = await context.newPage();
  await openWithStorage(admin, "/admin/numbers", { token: await adminToken(request) });
  await expect(title(admin, "Shop numbers")).toBeVisible();
  // The beacon sends after a few seconds: read again until the shopper's events are in.
  await expect(async () => {
    await admin.reload();
    await expect(rowOf(admin, "Where shoppers came from", campaign)).toContainText(/whatsapp \/ social/, {
      timeout: 2000,
    });
  }).toPass({ timeout: 30_000 });

  const source = rowOf(admin, "Where shoppers came from", campaign);
  await expect(source.getByRole("rowheader")).toHaveText("–");
  await expect(source.getByRole("cell")).toHaveText(["whatsapp / social", campaign, "1", "1"]);
  await expect(rowOf(admin, "Searches with no results", nothing).getByRole("cell")).toHaveText(["1"]);
  const sold = product.name.toLowerCase().replace(/\s+/g, " ");
  await expect(rowOf(admin, "Searches that led to a sale", sold).getByRole("rowheader")).toHaveText(sold);
  // Today's funnel counts this shopper at every step (other specs' shoppers may be counted too).
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const cells = rowOf(admin, "Funnel by day", today).getByRole("cell");
  await expect(cells).toHaveCount(5);
  for (const i of [0, 1, 2, 3, 4]) expect(Number(await cells.nth(i).textContent())).toBeGreaterThanOrEqual(1);

  // A bad filter says what is wrong instead of a report.
  await admin.goto("/admin/numbers?country=India");
  await expect(admin.getByRole("alert").first()).toHaveText("Country is a two-letter code like IN, or -- for unknown");
});
