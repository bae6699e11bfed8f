import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  formatMoney,
  type ProductDetail,
  type ProductDetailResponse,
  type ProductListResponse,
  type WishlistResponse,
} from "@store/shared";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { adminToken, DESKTOP, expectNoSidewaysScroll, PHONE } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { setCurrencyCookie } from "../fixtures/currency";
import { hydrated } from "../fixtures/hydration";
import { mailsTo } from "../fixtures/mail";
import { paidCardOrder } from "../fixtures/orders";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 40, the product page and the review form: the photo gallery (point 2), sizes named for the piece
 * with a size chart (point 3), the wishlist keeping the chosen size (point 6) and the review form's stars
 * and photo previews (point 9). Each at 1366 and 390 px.
 */

test.describe.configure({ timeout: 120_000 });
const WIDTHS = [DESKTOP, PHONE] as const;
const BEDCOVERS = 24;

async function detail(request: APIRequestContext, id: number): Promise<ProductDetail> {
  return ((await (await request.get(`/api/get-product-detail/?product_pk=${id}`)).json()) as ProductDetailResponse)
    .data;
}

/** The first product of a subcategory of Home & Living whose every size is in stock. */
async function productOf(request: APIRequestContext, subcategory: number): Promise<ProductDetail> {
  const list = (await (
    await request.get(`/api/get-all-products/?category_pk=2&sub_category_pk=${subcategory}`)
  ).json()) as ProductListResponse;
  for (const item of list.data) {
    const found = await detail(request, item.id);
    if (found.sizes.every((s) => s.stock > 2)) return found;
  }
  throw new Error(`no product of subcategory ${subcategory} has every size in stock`);
}

test("point 2: the main photo swipes, zooms and works from the keyboard", async ({ page, request }) => {
  let product: ProductDetail | undefined;
  const list = (await (await request.get("/api/get-all-products/?category_pk=1")).json()) as ProductListResponse;
  for (const item of list.data) {
    const found = await detail(request, item.id);
    if (found.images.length > 2) product = found;
    if (product) break;
  }
  if (!product) throw new Error("a product with three photos is needed");
  const count = product.images.length;

  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(`/product/${product.id}`);
    await hydrated(page);
    const row = page.getByRole("group", { name: new RegExp(`^Photos of ${product.name}`) });
    await expect(page.getByText(`1 / ${count}`)).toBeVisible();

    // A swipe is the browser scrolling the row; the counter and thumbnails follow where it snaps.
    await row.evaluate((el) => el.scrollTo({ left: el.clientWidth }));
    await expect(page.getByText(`2 / ${count}`)).toBeVisible();
    await expect(page.getByRole("button", { name: `Show image 2 of ${count}` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // The keyboard: focus the row (a visible ring), the arrows move.
    await row.focus();
    await expect(row).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText(`3 / ${count}`)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByText(`2 / ${count}`)).toBeVisible();
    await page.getByRole("button", { name: "Next photo" }).click();
    await expect(page.getByText(`3 / ${count}`)).toBeVisible();
    await page.getByRole("button", { name: `Show image 1 of ${count}` }).click();
    await expect(page.getByText(`1 / ${count}`)).toBeVisible();
    await keepScreen(page, "issue40-p02-gallery");

    // Zoom: full screen; a tap zooms in at that point, the buttons and keys zoom too, Escape closes.
    await page.getByRole("button", { name: `Zoom photo 1 of ${count}` }).click();
    const zoom = page.getByRole("dialog", { name: `Photos of ${product.name}, zoomable` });
    await expect(zoom).toBeVisible();
    const stage = zoom.getByTestId("zoom-stage");
    await expect(stage).toHaveAttribute("data-scale", "1.00");
    const box = (await stage.boundingBox())!;
    await page.mouse.click(box.x + box.width / 3, box.y + box.height / 3);
    await expect(stage).toHaveAttribute("data-scale", "2.50");
    await keepScreen(page, "issue40-p02-zoomed");
    await zoom.getByRole("button", { name: "Zoom out" }).click();
    await expect(stage).toHaveAttribute("data-scale", "1.67");
    await page.keyboard.press("-");
    await expect(stage).toHaveAttribute("data-scale", "1.11");
    await page.keyboard.press("+");
    await expect(stage).toHaveAttribute("data-scale", "1.67");
    await zoom.getByRole("button", { name: "Next photo" }).click();
    await expect(zoom.getByText(`Photo 2 of ${count}`)).toBeVisible();
    await expect(stage).toHaveAttribute("data-scale", "1.00");
    await page.keyboard.press("Escape");
    await expect(zoom).toBeHidden();
    await expectNoSidewaysScroll(page);
  }
});

test("point 3: a bedcover's sizes read Single to King, with a size chart in cm and inches, in the cart too", async ({
  page,
  request,
}) => {
  const bedcover = await productOf(request, BEDCOVERS);
  expect(bedcover.sizes.map((s) => s.size_name)).toEqual(["Single", "Double", "Queen", "King"]);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.context().clearCookies();
    await page.goto(`/product/${bedcover.id}`);
    await hydrated(page);
    const sizes = page.getByRole("group", { name: "Size" });
    for (const name of ["Single", "Double", "Queen", "King"])
      await expect(sizes.getByRole("radio", { name })).toBeAttached();
    // Clicked until chosen: a click that lands while the page is still hydrating is undone by React.
    await expect(async () => {
      await sizes
        .locator("label")
        .filter({ has: page.getByRole("radio", { name: "Double" }) })
        .click();
      await expect(sizes.getByRole("radio", { name: "Double" })).toBeChecked({ timeout: 2000 });
    }).toPass();
    await expect(page.getByText("Your choice: Double")).toBeVisible();

    await page.getByRole("button", { name: "Size chart" }).click();
    const chart = page.getByRole("dialog", { name: /^Size chart/ });
    await expect(chart).toBeVisible();
    const double = chart.getByRole("row", { name: /^Double/ });
    await expect(double).toContainText("228 cm");
    await expect(double).toContainText("89.75 in");
    await keepScreen(page, "issue40-p03-size-chart");
    await chart.getByRole("button", { name: "Close size chart" }).click();

    await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.goto("/cart");
    await expect(page.getByText("Double", { exact: true }).first()).toBeVisible();
    await keepScreen(page, "issue40-p03-cart");
  }

  // The seller edits the schemes in the back office.
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await openWithStorage(page, "/admin/size-charts", { token: await adminToken(request) });
    const form = page.getByRole("form", { name: "Bedcovers" });
    await expect(form.getByLabel("Name of M")).toHaveValue("Double");
    await expect(form.getByLabel("Chart columns, comma-separated (empty: no chart)")).toHaveValue("Width, Length");
    await form.scrollIntoViewIfNeeded();
    await keepScreen(page, "issue40-p03-admin-size-charts");
    await expectNoSidewaysScroll(page);
  }
});

test("point 6: the wishlist's heart saves the size chosen, for a guest and for an account", async ({
  page,
  request,
}) => {
  const bedcover = await productOf(request, BEDCOVERS);
  const account = await createAccount(request, "wish-size");
  const { token } = await logInByApi(request, account);

  for (const [i, size] of WIDTHS.entries()) {
    await page.setViewportSize(size);
    await page.context().clearCookies();
    // 1366: signed in (the server keeps the size); 390: a guest (the browser keeps it).
    await page
      .evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear())
      .catch(() => {});
    if (i === 0) await openWithStorage(page, `/product/${bedcover.id}`, { token });
    else {
      await page.goto(`/product/${bedcover.id}`);
      await hydrated(page);
    }
    await page
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: "Queen" }) })
      .click();
    await page.getByRole("button", { name: `Save to wishlist: ${bedcover.name}` }).click();
    await expect(page.getByRole("button", { name: `Remove from wishlist: ${bedcover.name}` })).toBeVisible();
    await page.goto("/wishlist");
    const line = page.getByTestId("wishlist-line").filter({ hasText: bedcover.name });
    await expect(line.getByRole("combobox", { name: "Size" })).toHaveValue("L");
    await keepScreen(page, "issue40-p06-wishlist-size");
  }
  const saved = (await (
    await request.get("/api/wishlist/", { headers: { Authorization: `Token ${token}` } })
  ).json()) as WishlistResponse;
  expect(saved.data.find((item) => item.id === bedcover.id)?.saved_size).toBe("L");
});

test("point 6: a size chosen while the page's data reloads in another currency stays chosen and is saved", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const bedcover = await productOf(request, BEDCOVERS);
  const largeInRupees = (
    (await (
      await request.get(`/api/get-product-detail/?product_pk=${bedcover.id}&size=L&currency=INR`)
    ).json()) as ProductDetailResponse
  ).data;
  await page.setViewportSize(DESKTOP);
  await setCurrencyCookie(context, baseURL!, "USD");
  await page.goto(`/product/${bedcover.id}`);
  await hydrated(page);

  // The switch reloads the route's data (size S, in rupees): held back until the shopper has chosen a size,
  // as a slow network did in CI on a first visit's switch from dollars to rupees.
  const reloadOfS = /\/api\/get-product-detail\/\?.*size=S.*currency=INR/;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(reloadOfS, async (route) => {
    await held;
    await route.continue();
  });
  const reloadAsked = page.waitForRequest(reloadOfS);
  const reloaded = page.waitForResponse(reloadOfS);
  await page.getByRole("banner").getByRole("combobox", { name: "Currency" }).selectOption("INR");
  await reloadAsked;
  await page
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: "Queen" }) })
    .click();
  await expect(page.getByRole("radio", { name: "Queen" })).toBeChecked();
  release();
  await reloaded;

  // The reload landed after the choice: the choice stays, priced in rupees once its own answer arrives.
  await expect(page.getByRole("radio", { name: "Queen" })).toBeChecked();
  await expect(page.getByRole("main").getByText(formatMoney(largeInRupees.offer_price, "INR")).first()).toBeVisible();
  await expect(page.getByRole("radio", { name: "Queen" })).toBeChecked();
  await page.getByRole("button", { name: `Save to wishlist: ${bedcover.name}` }).click();
  await expect(page.getByRole("button", { name: `Remove from wishlist: ${bedcover.name}` })).toBeVisible();
  await page.goto("/wishlist");
  const line = page.getByTestId("wishlist-line").filter({ hasText: bedcover.name });
  await expect(line.getByRole("combobox", { name: "Size" })).toHaveValue("L");
});

test("point 9: the review form's stars are tapped or chosen by keyboard, photos previewed and removable", async ({
  page,
  request,
}) => {
  const product = await productInStock(request, { currency: "INR", minStock: 3, skip: 7, category: 6 });
  const email = `stars.${Date.now()}@example.in`;
  const { orderId } = await paidCardOrder(request, product, { email });
  const headers = { Authorization: `Token ${await adminToken(request)}` };
  expect((await request.post("/api/admin/shipments", { headers, data: { order_ids: [orderId] } })).status()).toBe(200);
  for (let step = 0; step < 5; step++)
    await request.post(`/api/admin/orders/${orderId}/shipment/simulate`, { headers, data: { action: "advance" } });
  await expect
    .poll(async () => (await mailsTo(request, email)).filter((m) => /has been delivered/.test(m.subject)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const delivered = (await mailsTo(request, email)).find((m) => /has been delivered/.test(m.subject))!;
  const link = new RegExp(`/orders/${orderId}\\?token=[0-9a-f]{64}#review-\\d+`).exec(delivered.text)![0];
  const photo = (name: string) => ({
    name,
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  });

  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // The same link again would only move to its #anchor: load it afresh.
    await page.goto("about:blank");
    await page.goto(link);
    await hydrated(page);
    const form = page.getByRole("form", { name: `Review of ${product.name}` });
    await expect(form).toBeVisible();
    // Tapped: the fourth star; then the keyboard moves within the group.
    await form
      .locator("label")
      .filter({ has: page.getByText("4 stars", { exact: true }) })
      .click();
    await expect(form.getByLabel("4 stars")).toBeChecked();
    await expect(form.getByText("4 of 5")).toBeVisible();
    await form.getByLabel("4 stars").focus();
    await page.keyboard.press("ArrowLeft");
    await expect(form.getByLabel("3 stars")).toBeChecked();
    // Photos: previews with Remove before sending.
    await form.getByLabel(/^Photos/).setInputFiles([photo("front.png"), photo("back.png")]);
    await expect(form.getByRole("img", { name: "Photo 1: front.png" })).toBeVisible();
    await expect(form.getByRole("img", { name: "Photo 2: back.png" })).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await form.getByRole("button", { name: "Remove photo 1 (front.png)" }).scrollIntoViewIfNeeded();
    await keepScreen(page, "issue40-p09-review-form");
    await form.getByRole("button", { name: "Remove photo 1 (front.png)" }).click();
    await expect(form.getByRole("img", { name: /front\.png/ })).toHaveCount(0);
    await expect(form.getByRole("img", { name: "Photo 1: back.png" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});
