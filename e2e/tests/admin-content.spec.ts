import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  type AdminHomeCategory,
  type BlogListResponse,
  type ProductDetail,
  type ProductListResponse,
} from "@store/shared";
import { seriousA11yViolations } from "../fixtures/axe";
import { guestCart, openWithStorage, productDetail } from "../fixtures/cart";
import { setCurrencyCookie } from "../fixtures/currency";
import { DESKTOP, PHONE, adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";

/** Issue 13, points 2, 8 and 9: promo amounts in a named currency, the blog editor, the home strip. */

/** An INR product that costs less than `below` rupees, so one piece stays under a promo minimum. */
async function cheapInrProduct(request: APIRequestContext, below: number): Promise<ProductDetail> {
  for (const category of [1, 2, 3, 4, 5, 6]) {
    const list = (await (
      await request.get(`/api/get-all-products/?category_pk=${category}&currency=INR`)
    ).json()) as ProductListResponse;
    const cheap = list.data.find((item) => item.offer_price < below);
    if (!cheap) continue;
    const detail = await productDetail(request, cheap.id, "INR");
    if (detail.offer_price < below && detail.stock >= 1) return detail;
  }
  throw new Error(`No INR product under ${below}`);
}

test("a code with a minimum in rupees tells an INR shopper the minimum in ₹, at 1366 and 390 px", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const code = `INRMIN${Date.now().toString(36).toUpperCase()}`;
  await page.setViewportSize(DESKTOP);
  await openWithStorage(page, "/admin/promo-codes", { token: await adminToken(request) });
  await expect(title(page, "Promo codes")).toBeVisible();
  await page.getByRole("button", { name: "Add promo code" }).click();
  const form = page.getByRole("form", { name: "Add a promo code" });
  await form.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await expect(form.getByRole("textbox", { name: "Discount (%)" })).toBeVisible();
  await form.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Flat amount off" });
  await form.getByRole("combobox", { name: "Code's currency" }).selectOption({ label: "₹ INR" });
  await expect(form.getByRole("textbox", { name: "Discount (₹ INR)" })).toBeVisible();
  await form.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Percent off" });
  await form.getByRole("combobox", { name: "Code's currency" }).selectOption({ label: "Any currency (percent codes)" });
  await form.getByRole("textbox", { name: "Discount (%)" }).fill("10");
  await form.getByRole("combobox", { name: "Minimum order currency" }).selectOption({ label: "$ USD" });
  await expect(form.getByRole("textbox", { name: "Minimum order ($ USD)" })).toBeVisible();
  await form.getByRole("combobox", { name: "Minimum order currency" }).selectOption({ label: "₹ INR" });
  const minimum = form.getByRole("textbox", { name: "Minimum order (₹ INR)" });
  await minimum.fill("1999");
  // The same conversion the server makes: Rs 1999 / 33.6, rounded up to the cent.
  await expect(minimum).toHaveAccessibleDescription("USD carts need at least $59.50");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await form.getByRole("button", { name: "Add promo code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Promo code added." })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("₹1,999 (INR)");
  await expect(row).toContainText("Active");
  await expect(page.getByRole("row", { name: /EXPIRED5/ })).toContainText("Inactive (expired)");
  await page.setViewportSize(PHONE);
  await expect(row).toContainText("₹1,999 (INR)");
  await expectNoSidewaysScroll(page);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The shopper: one piece under Rs 1999, in rupees.
  const product = await cheapInrProduct(request, 1999);
  const cart = await guestCart(request, product);
  expect(cart.currency).toBe("INR");
  await setCurrencyCookie(context, baseURL ?? "", "INR");
  const shopper = await context.newPage();
  await shopper.setViewportSize(DESKTOP);
  await openWithStorage(shopper, "/cart", { cartId: cart.cart_id });
  await shopper.getByRole("textbox", { name: "Promo code" }).fill(code);
  await shopper.getByRole("button", { name: "Apply" }).click();
  const message = shopper.getByText("This promo code needs an order of at least ₹1,999.");
  await expect(message).toBeVisible();
  await shopper.setViewportSize(PHONE);
  await expect(message).toBeVisible();
  await expectNoSidewaysScroll(shopper);
});

test("a post written in the editor keeps its paragraphs, bold text, link and key features, at 1366 and 390 px", async ({
  page,
  request,
}) => {
  const blogs = (await (await request.get("/api/get-all-blogs/")).json()) as BlogListResponse;
  const image = blogs.data[0]?.image ?? "/media/blog/1.webp";
  const postTitle = `Indigo notes ${Date.now().toString(36)}`;
  await page.setViewportSize(DESKTOP);
  await openWithStorage(page, "/admin/blogs", { token: await adminToken(request) });
  await page.getByRole("button", { name: "Add blog post" }).click();
  const form = page.getByRole("form", { name: "Add a blog post" });
  await form.getByRole("textbox", { name: "Title" }).fill(postTitle);
  await form.getByRole("textbox", { name: "Cover image" }).fill(image);
  // Copied from the browser's address bar: our own host, with a query and a hash.
  const origin = new URL(page.url()).origin;
  await form.getByRole("textbox", { name: "Product link" }).fill(`${origin}/product/12?size=M#reviews`);
  // Older than the seeded posts, so specs that read the newest seeded post still find it first.
  await form.getByLabel("Date (your local time)").fill("2024-06-01T10:00");

  const editor = form.getByRole("textbox", { name: "Post" });
  await editor.click();
  await page.keyboard.type("Indigo is grown, fermented and beaten into cakes.");
  await page.keyboard.press("Enter");
  const bold = form.getByRole("button", { name: "Bold" });
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await expect(editor).toBeFocused();
  await page.keyboard.type("Every vat is alive");
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await expect(editor).toBeFocused();
  await page.keyboard.type(" and must be fed.");
  await form
    .getByRole("textbox", { name: "Key features" })
    .fill("Grown in Rajasthan: from the fields near Jaipur\nFermented vats");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await form.getByRole("button", { name: "Add blog post" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Blog post added." })).toBeVisible();
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole("link", { name: postTitle }).click();
  await expect(title(page, postTitle)).toBeVisible();
  const article = page.getByRole("article");
  await expect(article.getByText("Indigo is grown, fermented and beaten into cakes.", { exact: true })).toBeVisible();
  await expect(article.locator("strong", { hasText: "Every vat is alive" })).toBeVisible();
  await expect(article.getByText(/and must be fed\./)).toBeVisible();
  const features = page.getByRole("region", { name: "Key features" });
  await expect(features.getByRole("listitem")).toHaveText([
    "Grown in Rajasthanfrom the fields near Jaipur",
    "Fermented vats",
  ]);
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/product/12?size=M#reviews");
  await expectNoSidewaysScroll(page);
  await page.setViewportSize(DESKTOP);
  await expect(features).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("a hidden strip tile leaves the home page; the strip offers no add or delete, at 1366 and 390 px", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const headers = { Authorization: `Token ${token}` };
  const tiles = (
    (await (await request.get("/api/admin/home-categories", { headers })).json()) as { data: AdminHomeCategory[] }
  ).data;
  const tile = tiles.find((t) => t.name === "Gems") ?? tiles[0]!;
  try {
    await page.setViewportSize(PHONE);
    await openWithStorage(page, "/admin/home-strip", { token });
    await expect(title(page, "Home strip")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Add/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await page.getByRole("button", { name: `Edit tile ${tile.name}`, exact: true }).click();
    const form = page.getByRole("form", { name: `Edit tile ${tile.name}`, exact: true });
    await form.getByRole("checkbox", { name: "Shown on the home page" }).uncheck();
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(`^${tile.name} /`) })).toContainText("No");
    await page.setViewportSize(DESKTOP);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto("/");
    const strip = page.getByRole("region", { name: "Shop by craft" });
    const other = tiles.find((t) => t.id !== tile.id)!;
    await expect(strip.getByRole("link", { name: other.name, exact: true })).toBeVisible();
    await expect(strip.getByRole("link", { name: tile.name, exact: true })).toHaveCount(0);
    await page.setViewportSize(PHONE);
    await expect(strip.getByRole("link", { name: other.name, exact: true })).toBeAttached();
    await expect(strip.getByRole("link", { name: tile.name, exact: true })).toHaveCount(0);
  } finally {
    // Other specs see the full strip.
    await request.patch(`/api/admin/home-categories/${tile.id}`, { headers, data: { is_shown: true } });
  }
});
