import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { CATEGORIES, listingPath, MESSAGES, SELLER, type AdminProduct, type ProductListResponse } from "@store/shared";
import { createAccount, logInByApi, verifiedAccount, type Account } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { adminToken } from "../fixtures/back-office";
import { cartLink, openWithStorage } from "../fixtures/cart";
import { hydrated } from "../fixtures/hydration";
import { linkFromMail, mailsTo } from "../fixtures/mail";
import { productTaxFields } from "../fixtures/tax";

/**
 * Issue 17: the wishlist (a guest's kept through log-in) and back-in-stock e-mails (one per subscriber);
 * issue 38: only to addresses confirmed through the e-mailed link (double opt-in), or a verified account's.
 */

type WebStorage = { getItem(key: string): string | null };

const wishlistLink = (page: Page, pieces: number) =>
  page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: `Wishlist, ${pieces} ${pieces === 1 ? "piece" : "pieces"}` });

// A journey across two or three browsers and the back office: 30 s is too little on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** A browser of its own, signed in as `account` (the token stored as the shop stores it). */
async function signedInPage(browser: Browser, request: APIRequestContext, account: Account): Promise<Page> {
  const { token } = await logInByApi(request, account);
  const page = await (await browser.newContext()).newPage();
  await openWithStorage(page, "/", { token });
  await hydrated(page);
  return page;
}

test("a guest's wishlist survives log-in, lives on the server, and adds to the cart", async ({
  page,
  browser,
  request,
}) => {
  // Hearting changes no stock: any listed products do. Category 4's cards, the second one's own page.
  const category = CATEGORIES.find((c) => c.id === 4) ?? CATEGORIES[0]!;
  const listed = (await (
    await request.get(`/api/get-all-products/?category_pk=${category.id}`)
  ).json()) as ProductListResponse;
  const [fromCard, fromPage] = listed.data;
  if (!fromCard || !fromPage) throw new Error("category 4 needs two products");

  await page.goto(listingPath(category.segment));
  await hydrated(page);
  await expect(wishlistLink(page, 0)).toBeVisible();
  const cardHeart = page.getByRole("button", { name: `Save to wishlist: ${fromCard.product_name}`, exact: true });
  await expect(cardHeart).toHaveAttribute("aria-pressed", "false");
  await cardHeart.click();
  await expect(
    page.getByRole("button", { name: `Remove from wishlist: ${fromCard.product_name}`, exact: true }),
  ).toHaveAttribute("aria-pressed", "true");

  await page.goto(`/product/${fromPage.id}`);
  await hydrated(page);
  await page.getByRole("button", { name: `Save to wishlist: ${fromPage.product_name}`, exact: true }).click();
  await expect(wishlistLink(page, 2)).toBeVisible();

  await wishlistLink(page, 2).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your wishlist" })).toBeVisible();
  const lines = page.getByTestId("wishlist-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(fromPage.product_name);
  await expect(lines.nth(1)).toContainText(fromCard.product_name);

  // Log in: the browser's list goes to the account and is cleared here.
  const account = await createAccount(request, "wishlist");
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  await page.getByRole("textbox", { name: "E-mail" }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as { localStorage: WebStorage }).localStorage.getItem("wishlist")),
    )
    .toBeNull();
  await expect(wishlistLink(page, 2)).toBeVisible();

  // Another browser, the same shopper: the list comes from the server.
  const elsewhere = await signedInPage(browser, request, account);
  await expect(wishlistLink(elsewhere, 2)).toBeVisible();
  await wishlistLink(elsewhere, 2).click();
  const saved = elsewhere.getByTestId("wishlist-line");
  await expect(saved).toHaveCount(2);
  await expect(saved.nth(0)).toContainText(fromPage.product_name);
  await expect(saved.nth(1)).toContainText(fromCard.product_name);

  // Add to cart from the list, then remove a piece.
  const first = saved.nth(0);
  await first.getByRole("button", { name: "Add to cart" }).click();
  await expect(first.getByRole("status")).toContainText(/^Added (size \w+|one size) to your cart$/);
  await expect(cartLink(elsewhere, 1)).toBeVisible();
  await saved
    .nth(1)
    .getByRole("button", { name: `Remove ${fromCard.product_name}` })
    .click();
  await expect(saved).toHaveCount(1);
  await expect(wishlistLink(elsewhere, 1)).toBeVisible();
  await elsewhere.context().close();
});

/** A product of this test's own (so no other spec's stock moves): size S sold out and M in stock, or the other way round. */
async function soldOutProduct(
  request: APIRequestContext,
  token: string,
  soldOut: "S" | "M" = "S",
): Promise<AdminProduct> {
  const code = 400_000_000 + Math.floor(Math.random() * 100_000_000);
  const response = await request.post("/api/admin/products", {
    headers: { Authorization: `Token ${token}` },
    data: {
      product_name: `Dabu Print Kurta ${code}`,
      product_code: code,
      category: 2,
      size: "S",
      quantity: soldOut === "S" ? 0 : 2,
      sizes: [{ size: "M", offer_price: 30, mrp: 40, quantity: soldOut === "M" ? 0 : 2 }],
      description: "Mud-resist printed by hand in Bagru.",
      offer_price: 28,
      mrp: 40,
      is_active: true,
      main_image: "/media/products/1001-1.webp",
      ...(await productTaxFields(request, token)),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AdminProduct;
}

const backInStockMails = async (request: APIRequestContext, address: string, product: AdminProduct) =>
  (await mailsTo(request, address)).filter(
    (mail) => mail.subject === `${product.product_name} is back in size S at ${SELLER.brand}`,
  );

/** The sweep runs every 20 s (claimed for the cluster) and the outbox every 5 s. */
const SWEEP_WAIT = { timeout: 90_000, intervals: [1000, 2000, 5000] };

const pendingAnswer = (email: string) =>
  `Thank you. If ${email} is new to our alerts, please confirm it with the link we are e-mailing it; then we will write once when size S is back.`;

/** A subscriber through the API, confirmed (or not) through the link e-mailed to the address. */
async function apiSubscriber(request: APIRequestContext, product: AdminProduct, tag: string, confirm: boolean) {
  const email = `back-in-stock-${tag}-${Date.now().toString(36)}@example.com`;
  const subscribed = await request.post("/api/stock-alerts/", { data: { product_pk: product.id, size: "S", email } });
  expect(subscribed.status()).toBe(201);
  const token = new URL(await linkFromMail(request, email, "/stock-alerts/confirm"), "http://store").searchParams.get(
    "token",
  );
  if (confirm) expect((await request.post("/api/stock-alerts/confirm", { data: { token } })).status()).toBe(200);
  return email;
}

test("a restock e-mails each subscriber once, and a second restock no more", async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const token = await adminToken(request);
  const admin = { Authorization: `Token ${token}` };
  const product = await soldOutProduct(request, token);
  const guestEmail = `back-in-stock-guest-${Date.now().toString(36)}@example.com`;

  // A guest: the address is asked once, then remembered.
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  const alert = page.getByRole("form", { name: "Back in stock alert" });
  await alert.getByRole("textbox", { name: "Your e-mail" }).fill(guestEmail);
  await alert.getByRole("button", { name: "E-mail me when it is back" }).click();
  await expect(page.getByRole("status").filter({ hasText: guestEmail })).toHaveText(pendingAnswer(guestEmail));
  await page.reload();
  await hydrated(page);
  await expect(alert.getByRole("textbox", { name: "Your e-mail" })).toHaveCount(0);
  await expect(alert).toContainText(`We will write to ${guestEmail}.`);

  // The guest follows the e-mailed link: the page says what it confirms, and confirms on its button.
  const confirmPath = await linkFromMail(request, guestEmail, "/stock-alerts/confirm");
  await page.goto(confirmPath);
  await expect(page.getByRole("heading", { level: 1, name: "Back-in-stock alerts" })).toBeVisible();
  const masked = `${guestEmail.slice(0, 1)}•••@example.com`;
  await expect(
    page.getByText(`Confirm that ${masked} may be e-mailed when sold-out pieces are back (1 piece waiting).`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Confirm my alerts" }).click();
  await expect(
    page.getByText(`Your back-in-stock alerts are confirmed: we will write to ${masked} once when each piece is back.`),
  ).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // A signed-in shopper whose account's address is verified: one click, nothing to confirm.
  const shopper = await verifiedAccount(request, "back-in-stock");
  const shopperPage = await signedInPage(browser, request, shopper);
  await shopperPage.goto(`/product/${product.id}`);
  await hydrated(shopperPage);
  await shopperPage.getByRole("button", { name: "E-mail me when it is back" }).click();
  await expect(shopperPage.getByRole("status").filter({ hasText: shopper.email })).toHaveText(
    `We will e-mail you at ${shopper.email} when size S is back.`,
  );
  await shopperPage.context().close();
  // Someone who never followed the link hears nothing.
  const unconfirmed = await apiSubscriber(request, product, "unconfirmed", false);

  // The seller restocks size S in the back office's product form.
  const office = await (await browser.newContext()).newPage();
  await openWithStorage(office, `/admin/products/${product.id}`, { token });
  const editor = office.getByRole("form", { name: "Edit product" });
  await editor.getByRole("spinbutton", { name: "Stock, size S" }).fill("3");
  await editor.getByRole("button", { name: "Save product" }).click();
  await expect(office.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  await office.context().close();

  for (const address of [guestEmail, shopper.email])
    await expect.poll(async () => (await backInStockMails(request, address, product)).length, SWEEP_WAIT).toBe(1);
  const [mail] = await backInStockMails(request, guestEmail, product);
  expect(mail?.text).toContain(`/product/${product.id}?size=S`);

  // Sold out and restocked again: only a new subscriber (who proves the sweep ran) hears of it.
  const patch = (quantity: number) =>
    request.patch(`/api/admin/products/${product.id}`, { headers: admin, data: { sizes: [{ size: "S", quantity }] } });
  expect((await patch(0)).status()).toBe(200);
  const witness = await apiSubscriber(request, product, "witness", true);
  expect((await patch(2)).status()).toBe(200);
  await expect.poll(async () => (await backInStockMails(request, witness, product)).length, SWEEP_WAIT).toBe(1);
  expect(await backInStockMails(request, guestEmail, product)).toHaveLength(1);
  expect(await backInStockMails(request, shopper.email, product)).toHaveLength(1);
  expect(await backInStockMails(request, unconfirmed, product)).toHaveLength(0);
});

/** The back-in-stock form's own chunk (it is not in the product page's first load). */
const BACK_IN_STOCK_CODE = /\/assets\/back-in-stock-[^/]*\.js$/;

test("a sold-out size's form holds its place until its code comes, then works", async ({ page, request }) => {
  const product = await soldOutProduct(request, await adminToken(request));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(BACK_IN_STOCK_CODE, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  const alert = page.getByRole("form", { name: "Back in stock alert" });
  const email = alert.getByRole("textbox", { name: "Your e-mail" });
  const button = alert.getByRole("button", { name: "E-mail me when it is back" });
  // The stand-in: nothing typed into it can be lost, nothing sent from it.
  await expect(email).not.toBeEditable();
  await expect(button).toBeDisabled();
  const delivery = page.getByRole("form", { name: "Delivery date" });
  const before = { alert: await alert.boundingBox(), delivery: await delivery.boundingBox() };

  release();
  await expect(email).toBeEditable();
  await expect(button).toBeEnabled();
  // The form took the stand-in's place without moving what follows it.
  expect({ alert: await alert.boundingBox(), delivery: await delivery.boundingBox() }).toEqual(before);
  const guestEmail = `back-in-stock-late-${Date.now().toString(36)}@example.com`;
  await email.fill(guestEmail);
  await button.click();
  await expect(page.getByRole("status").filter({ hasText: guestEmail })).toHaveText(pendingAnswer(guestEmail));
});

test("a sold-out size's form whose code cannot load says so in its place", async ({ page, request }) => {
  const product = await soldOutProduct(request, await adminToken(request));
  await page.route(BACK_IN_STOCK_CODE, (route) => route.abort());
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  const alert = page.getByRole("form", { name: "Back in stock alert" });
  await expect(alert.getByRole("alert")).toHaveText("The alert form could not load. Reload the page to try again.");
  await expect(alert.getByRole("button", { name: "E-mail me when it is back" })).toBeDisabled();
});

test("picking a sold-out size loads its form's code before that size's details", async ({ page, request }) => {
  const product = await soldOutProduct(request, await adminToken(request), "M");
  const asked: string[] = [];
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (BACK_IN_STOCK_CODE.test(url.pathname)) asked.push("form");
    else if (url.pathname === "/api/get-product-detail/" && url.searchParams.get("size") === "M") asked.push("size M");
  });
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  const alert = page.getByRole("form", { name: "Back in stock alert" });
  await expect(alert).toHaveCount(0);
  expect(asked).toEqual([]);

  await page.getByRole("group", { name: "Size" }).getByText("M (out of stock)", { exact: true }).click();
  await expect(alert.getByRole("button", { name: "E-mail me when it is back" })).toBeEnabled();
  expect(asked).toEqual(["form", "size M"]);
});

test("a confirmation link that is forged or cannot be checked says so on its page", async ({ page }) => {
  await page.goto("/stock-alerts/confirm?token=forged.link");
  await expect(page.getByText(MESSAGES.linkNotValid)).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my alerts" })).toHaveCount(0);

  // The server out of reach: the page's own words and a way to try again, in the page's layout.
  const check = /\/api\/stock-alerts\/confirm\?/;
  await page.route(check, (route) => route.abort());
  await page.goto("/stock-alerts/confirm?token=any.link");
  await expect(page.getByText(MESSAGES.stockAlertLinkFailed)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Back-in-stock alerts" })).toBeVisible();
  await page.unroute(check);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText(MESSAGES.linkNotValid)).toBeVisible();
});
