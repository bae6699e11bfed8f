import {
  CART_COOKIE,
  COD_SHIPPING_FEE_INR,
  formatMoney,
  MESSAGES,
  type ProductDetail,
  type ValidatePromoResponse,
} from "@store/shared";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { seriousA11yViolations } from "../fixtures/axe";
import {
  addToCart,
  cartLink,
  guestCart,
  openProduct,
  openWithStorage,
  productDetail,
  productInStock,
  storedSession,
} from "../fixtures/cart";
import { setCurrencyCookie } from "../fixtures/currency";

const CONTINUE = "CLICK TO CONTINUE";
const SKELETON = 'aria-label="Loading your cart"';

const cartCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === CART_COOKIE)?.value;

let product: ProductDetail;
test.beforeAll(async ({ request }) => {
  product = await productInStock(request, { minStock: 5 });
});

const totalsRow = (page: Page, name: string | RegExp) =>
  page.getByRole("region", { name: "Order summary" }).getByRole("row", { name });
const line = (page: Page, item: ProductDetail, directBuy = false) =>
  page.getByRole("listitem", { name: `${item.name}, size ${item.size}${directBuy ? " (Buy now)" : ""}` });

test.describe("adding from the product page", () => {
  test("a guest's cart survives a reload: count, storage and lines", async ({ page }) => {
    await openProduct(page, product.id);
    const posted = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/cart-items/",
    );
    await addToCart(page, 2);
    expect((await posted).postDataJSON()).toEqual({
      product_pk: product.id,
      size: "S",
      quantity: 2,
      offer_price: product.offer_price,
      mrp: product.mrp,
      is_direct_buy: false,
      cart_id: null,
      currency: "USD",
    });
    await expect(cartLink(page, 2)).toBeVisible();
    const stored = await storedSession(page);
    expect(stored.token).toBeNull();
    expect(stored.cartId).toMatch(/^[0-9a-f-]{36}$/);

    await page.reload();
    await expect(cartLink(page, 2)).toBeVisible();
    await cartLink(page, 2).click();
    await expect(page).toHaveURL("/cart");
    const row = line(page, product);
    await expect(row.getByRole("link", { name: product.name })).toHaveAttribute("href", `/product/${product.id}`);
    await expect(row.getByRole("spinbutton")).toHaveValue("2");
    await expect(row).toContainText(formatMoney(product.offer_price, "USD"));
  });

  test("a second add of the same size adds to its line, and the count follows", async ({ page }) => {
    await openProduct(page, product.id);
    await addToCart(page);
    await expect(cartLink(page, 1)).toBeVisible();
    await addToCart(page, 3);
    await expect(cartLink(page, 4)).toBeVisible();
  });

  test("a refused add (a stale price) shows the server's message by the button", async ({ page }) => {
    await page.route(
      (url) => url.pathname === "/api/cart-items/",
      (route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), offer_price: 1 }) }),
    );
    await openProduct(page, product.id);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("alert")).toContainText(
      `The price of ${product.name} in size S is now ${formatMoney(product.offer_price, "USD")}`,
    );
    await expect(cartLink(page, 0)).toBeVisible();
  });

  test("Buy now adds a direct-buy line and opens the cart", async ({ page }) => {
    await openProduct(page, product.id);
    const posted = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/cart-items/",
    );
    await page.getByRole("button", { name: "Buy now" }).click();
    expect((await posted).postDataJSON()).toMatchObject({ is_direct_buy: true, quantity: 1 });
    await expect(page).toHaveURL("/cart");
    await expect(line(page, product, true)).toBeVisible();
    await expect(cartLink(page, 1)).toBeVisible();
  });
});

test.describe("the cart page", () => {
  test("a quantity change updates the totals; removing the last line empties the cart", async ({ page, request }) => {
    const cart = await guestCart(request, product);
    await openWithStorage(page, "/cart", { cartId: cart.cart_id });
    const row = line(page, product);
    await expect(totalsRow(page, /^Subtotal \(1 piece\)/)).toContainText(formatMoney(product.offer_price, "USD"));

    await row.getByRole("spinbutton").press("ArrowUp");
    await expect(totalsRow(page, /^Subtotal \(2 pieces\)/)).toContainText(formatMoney(2 * product.offer_price, "USD"));
    await expect(totalsRow(page, /^Total/)).toContainText(formatMoney(2 * product.offer_price, "USD"));
    await expect(cartLink(page, 2)).toBeVisible();

    await row.getByRole("button", { name: /^Remove/ }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start shopping" })).toBeVisible();
    await expect(cartLink(page, 0)).toBeVisible();
  });

  test("promo codes: WELCOME10 applies with the server's message, EXPIRED5 is refused", async ({ page, request }) => {
    const cart = await guestCart(request, product, 2);
    const expected = (await (
      await request.post("/api/validate-promo-code/", { data: { promo_code: "WELCOME10", cart_id: cart.cart_id } })
    ).json()) as ValidatePromoResponse;
    const refused = (await (
      await request.post("/api/validate-promo-code/", { data: { promo_code: "EXPIRED5", cart_id: cart.cart_id } })
    ).json()) as { message: string };
    await openWithStorage(page, "/cart", { cartId: cart.cart_id });

    const box = page.getByRole("textbox", { name: "Promo code" });
    await box.fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(expected.message)).toBeVisible();
    await expect(totalsRow(page, /^Discount \(WELCOME10\)/)).toContainText(formatMoney(expected.amount, "USD"));
    await expect(totalsRow(page, /^Total/)).toContainText(formatMoney(cart.subtotal - expected.amount, "USD"));

    await page.getByRole("button", { name: "Remove promo code WELCOME10" }).click();
    await box.fill("EXPIRED5");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(MESSAGES.promoNotApplied)).toBeVisible();
    await expect(page.getByText(refused.message)).toBeVisible();
    await expect(totalsRow(page, /^Discount/)).toHaveCount(0);
    await expect(totalsRow(page, /^Total/)).toContainText(formatMoney(cart.subtotal, "USD"));
  });

  test("cash on delivery is offered only in INR, and toggles shipping between Free and 39", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const cart = await guestCart(request, product);
    await openWithStorage(page, "/cart", { cartId: cart.cart_id });
    await expect(totalsRow(page, /^Shipping/)).toContainText("Free");
    await expect(page.getByRole("checkbox", { name: /Cash on Delivery/ })).toHaveCount(0);

    await setCurrencyCookie(context, baseURL!, "INR");
    await page.reload();
    const inr = await productDetail(request, product.id, "INR");
    const cod = page.getByRole("checkbox", { name: /Cash on Delivery/ });
    await expect(totalsRow(page, /^Subtotal/)).toContainText(formatMoney(inr.offer_price, "INR"));
    await expect(totalsRow(page, /^Shipping/)).toContainText("Free");
    await cod.check();
    await expect(totalsRow(page, /^Shipping/)).toContainText(formatMoney(COD_SHIPPING_FEE_INR, "INR"));
    await expect(totalsRow(page, /^Total/)).toContainText(formatMoney(inr.offer_price + COD_SHIPPING_FEE_INR, "INR"));
    await cod.uncheck();
    await expect(totalsRow(page, /^Shipping/)).toContainText("Free");
    await expect(totalsRow(page, /^Total/)).toContainText(formatMoney(inr.offer_price, "INR"));
  });

  test("'CLICK TO CONTINUE' reveals the checkout slot", async ({ page, request }) => {
    const cart = await guestCart(request, product);
    await openWithStorage(page, "/cart", { cartId: cart.cart_id });
    const button = page.getByRole("button", { name: CONTINUE });
    await expect(page.getByRole("region", { name: "Checkout" })).toHaveCount(0);
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("region", { name: "Checkout" })).toBeAttached();
    await expect(page.locator("#checkout")).toBeAttached();
  });

  test("is rendered on the server from the cart cookie the page keeps: empty, then with its lines", async ({
    page,
    context,
  }) => {
    const html = await (await page.goto("/cart"))!.text();
    expect(html).toContain("Your cart is empty");
    expect(html).not.toContain(SKELETON);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    await openProduct(page, product.id);
    await addToCart(page);
    const { cartId } = await storedSession(page);
    await expect.poll(async () => cartCookie(context)).toBe(cartId);
    const full = await (await page.goto("/cart"))!.text();
    expect(full).toContain(product.name);
    expect(full).not.toContain(SKELETON);
    await expect(line(page, product).getByRole("spinbutton")).toBeEnabled();
  });

  test("forgets a cart the server no longer knows, in storage and cookie", async ({ page, context }) => {
    await openWithStorage(page, "/cart", { cartId: "8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01" });
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    expect((await storedSession(page)).cartId).toBeNull();
    await expect.poll(async () => cartCookie(context)).toBeUndefined();
  });

  test("has no serious or critical accessibility violations (INR, cash on delivery)", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await setCurrencyCookie(context, baseURL!, "INR");
    const cart = await guestCart(request, await productDetail(request, product.id, "INR"));
    await openWithStorage(page, "/cart", { cartId: cart.cart_id });
    await page.getByRole("checkbox", { name: /Cash on Delivery/ }).check();
    await page.getByRole("button", { name: CONTINUE }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
