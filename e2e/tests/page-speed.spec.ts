import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { CartResponse, ProductDetail } from "@store/shared";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SESSION_HINT_COOKIE } from "@store/shared/session-hint";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { adminToken } from "../fixtures/back-office";
import { guestCart, openWithStorage, productInStock } from "../fixtures/cart";
import { CONTINUE } from "../fixtures/checkout";
import { hydrated } from "../fixtures/hydration";
import { DELIVERY } from "../fixtures/orders";

/**
 * What the page-speed work (decision 012) relies on, checked in a real browser. No timings here: speed
 * is measured in bench/ (npm run bench:pages); these fail when the page stops doing the thing.
 */

/** A phone like Lighthouse's mobile profile: 412 px wide, 1.75 device pixels per CSS pixel. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };

/**
 * Records every layout shift of the page's life in `window.layoutShifts`, from its first frame (buffered),
 * leaving out those right after an input, as Lighthouse's CLS does.
 */
const LAYOUT_SHIFT_SPY = `(() => {
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput)
        window.layoutShifts.push({
          value: entry.value,
          moved: entry.sources.map((s) => s.node && (s.node.outerHTML || s.node.textContent || "").slice(0, 160)),
        });
  }).observe({ type: "layout-shift", buffered: true });
})();`;

/** A cart line of the spec's payload for one piece of `product`. */
function cartLine(product: ProductDetail) {
  const { id, size, offer_price, mrp } = product;
  return { product_pk: id, size, quantity: 1, offer_price, mrp, is_direct_buy: false };
}

/** A new shopper, signed in through the API, with the owner's goodwill credit of `rupees`. */
async function shopperWithCredit(request: APIRequestContext, rupees: number) {
  const account = await createAccount(request, "no-shift");
  const { token, user } = await logInByApi(request, account);
  const credited = await request.post(`/api/admin/store-credit/${user.id}/adjust`, {
    headers: { Authorization: `Token ${await adminToken(request)}` },
    data: { currency: "INR", amount: rupees, reason: "A goodwill credit" },
  });
  expect(credited.status(), await credited.text()).toBe(200);
  return { token, email: account.email };
}

/** Same-origin picture requests the page makes, as paths. */
function pictureRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

test.describe("on a phone", () => {
  test.use(PHONE);

  test("product cards load the card-sized copy of their picture, the first one at high priority", async ({ page }) => {
    const pictures = pictureRequests(page);
    await page.goto("/women");
    const cards = page.getByRole("list", { name: "Women products" }).getByRole("listitem");
    const first = cards.first().locator("img");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).not.toHaveAttribute("loading", "lazy");
    await expect(cards.nth(1).locator("img")).not.toHaveAttribute("fetchpriority", "high");
    // The other cards wait for layout, so they do not share the connection with the first one.
    await expect(cards.nth(1).locator("img")).toHaveAttribute("loading", "lazy");

    // srcset offers "<copy> 360w, <original> 600w"; a card is 182 px wide here, so the copy is enough.
    const [copy, original] = ((await first.getAttribute("srcset")) ?? "")
      .split(", ")
      .map((candidate) => candidate.split(" ")[0]);
    expect(copy).toMatch(/^\/media\/products\/\d+-1-360w\.webp$/);
    await expect.poll(() => pictures).toContain(copy);
    expect(pictures).not.toContain(original);

    // Below a phone's first two rows, a picture is fetched once its card comes near, after hydration.
    await hydrated(page);
    const last = cards.last().locator("img");
    await expect(last).not.toHaveAttribute("src");
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute("src", /^\/media\/products\/\d+-1\.webp$/);
  });

  test("the blog list fetches the phone-sized copy of its first picture, alone at high priority", async ({ page }) => {
    const pictures = pictureRequests(page);
    await page.goto("/blog");
    const cards = page.getByRole("main").getByRole("article");
    const first = cards.first().locator("img");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).not.toHaveAttribute("loading", "lazy");
    // One column on a phone: the second card is below the first screen and must not compete with the first.
    await expect(cards.nth(1).locator("img")).toHaveAttribute("loading", "lazy");
    await expect(cards.nth(1).locator("img")).not.toHaveAttribute("fetchpriority", "high");

    // srcset offers "<copy> 800w, <original> 1200w"; the card is 380 px wide here (665 device pixels).
    const original = (await first.getAttribute("src")) ?? "";
    const copy = original.replace(/\.webp$/, "-800w.webp");
    expect(await first.getAttribute("srcset")).toBe(`${copy} 800w, ${original} 1200w`);
    await expect.poll(() => pictures).toContain(copy);
    expect(pictures).not.toContain(original);

    // Further down, a picture is fetched once it comes near, after hydration: not with the first screen.
    await hydrated(page);
    const last = cards.last().locator("img");
    await expect(last).not.toHaveAttribute("src");
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute("src", /^\/media\/blog\/\d+\.webp$/);
  });

  test("a full cart's first picture is the small copy, fetched without waiting for layout", async ({
    page,
    request,
  }) => {
    const pictures = pictureRequests(page);
    const cart = await guestCart(request, await productInStock(request, { skip: 3 }));
    await openWithStorage(page, "/cart", { cartId: cart.cart_id });
    const line = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.locator("img") })
      .first();
    const image = line.locator("img");
    await expect(image).not.toHaveAttribute("loading", "lazy");
    const original = (await image.getAttribute("src")) ?? "";
    const copy = original.replace(/\.webp$/, "-360w.webp");
    await expect.poll(() => pictures).toContain(copy);
    expect(pictures).not.toContain(original);
  });

  test("signed out, /account shows the login screen at once and moves on to /login without a layout shift", async ({
    page,
  }) => {
    await page.addInitScript({ content: LAYOUT_SHIFT_SPY });
    await page.goto("/account");
    await expect(page).toHaveURL("/login?next=%2Faccount");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    expect(await page.evaluate<number[]>("window.layoutShifts")).toEqual([]);
  });

  test("signed in, /account with store credit keeps every section in place as its figures arrive", async ({
    page,
    request,
  }) => {
    const { token } = await shopperWithCredit(request, 500);
    await page.addInitScript({ content: LAYOUT_SHIFT_SPY });
    // A browser that signed in carries the session hint, so the server renders the account (lib/session-hint).
    await page.context().addCookies([{ name: SESSION_HINT_COOKIE, value: "1", url: test.info().project.use.baseURL! }]);
    await openWithStorage(page, "/account", { token });
    await expect(page.getByText("Balance:")).toContainText("₹500");
    await expect(page.getByRole("heading", { name: /^Namaste/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to store credit" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate<unknown[]>("window.layoutShifts")).toEqual([]);
  });

  test("an order paid with store credit opens its confirmation without moving the footer", async ({
    page,
    request,
  }) => {
    const { token, email } = await shopperWithCredit(request, 50_000);
    const product = await productInStock(request, { currency: "INR", skip: 5, category: 2, page: 2 });
    const headers = { Authorization: `Token ${token}` };
    const cart = await request.post("/api/cart-items/", {
      headers,
      data: { ...cartLine(product), cart_id: null, currency: "INR" },
    });
    const { cart_id } = (await cart.json()) as CartResponse;
    const created = await request.post("/api/create-order/", {
      headers,
      data: {
        ...DELIVERY,
        email,
        amount: product.offer_price,
        currency: "INR",
        promo_code: "Nil",
        cart_id,
        payment_method: "store_credit",
        use_store_credit: true,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { order_page } = (await created.json()) as { order_page: string };
    await page.addInitScript({ content: LAYOUT_SHIFT_SPY });
    await page.goto(order_page);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate<unknown[]>("window.layoutShifts")).toEqual([]);
  });

  test("a shopper abroad's full cart, the checkout's first load, does not move as it hydrates", async ({
    page,
    request,
  }) => {
    // USD remembered (the ring's default state): the cart was filled in dollars, so the shop has been here
    // before. A first visit refusing the position turns to rupees after the first paint (spec section 4).
    const cart = await guestCart(request, await productInStock(request, { currency: "USD", skip: 4 }));
    await page.setExtraHTTPHeaders({ "x-test-country": "US" });
    await page.addInitScript({ content: LAYOUT_SHIFT_SPY });
    await openWithStorage(page, "/cart", { cartId: cart.cart_id });
    await expect(page.getByRole("button", { name: CONTINUE })).toBeEnabled();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate<unknown[]>("window.layoutShifts")).toEqual([]);
  });

  test("the header scroller fetches the shown slide's picture and the next one only", async ({ page }) => {
    // No slideshow (reduced motion): it would move on by itself every 6 s, on a slow machine before the check.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const pictures = pictureRequests(page);
    await page.goto("/");
    const scroller = page.getByRole("region", { name: "Featured collections" });
    await hydrated(page);
    await expect
      .poll(() => pictures.filter((p) => p.startsWith("/media/hero/")).sort())
      .toEqual(["/media/hero/1-800w.webp", "/media/hero/2-800w.webp"]);

    // Moving on fetches the slide after the new one.
    await scroller.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => pictures.filter((p) => p.startsWith("/media/hero/"))).toContain("/media/hero/3-800w.webp");
  });
});

test("the stylesheet comes before the script preloads, and hydration keeps it the only one", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/women")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const stylesheet = head.search(/<link [^>]*rel="stylesheet"/);
  expect(stylesheet).toBeGreaterThan(0);
  expect(stylesheet).toBeLessThan(head.indexOf('rel="modulepreload"'));

  await page.goto("/women");
  await expect(page.getByRole("button", { name: /explore more/i })).toBeEnabled();
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
});

/** Counts the Intl.NumberFormat objects the page makes, in `window.numberFormats`. */
const NUMBER_FORMAT_SPY = `(() => {
  window.numberFormats = 0;
  const count = { construct: (target, args) => (window.numberFormats++, Reflect.construct(target, args)),
    apply: (target, self, args) => (window.numberFormats++, Reflect.apply(target, self, args)) };
  Intl.NumberFormat = new Proxy(Intl.NumberFormat, count);
})();`;

// A page's first Intl formatter costs the browser its ICU start-up, a long task on a phone (decision 050).
test("the home page and a listing show their prices without making an Intl number formatter", async ({ page }) => {
  await page.addInitScript(NUMBER_FORMAT_SPY);
  for (const path of ["/", "/women"]) {
    await page.goto(path);
    await hydrated(page);
    await expect(
      page
        .locator("main p")
        .filter({ hasText: /[₹$]\d/ })
        .first(),
    ).toBeVisible();
    expect(await page.evaluate(() => (globalThis as unknown as { numberFormats: number }).numberFormats), path).toBe(0);
  }
});

test("scripts are sent as the build's brotli copies, not compressed again per request", async ({ request }) => {
  const html = await (await request.get("/women")).text();
  const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const res = await request.get(script as string, { headers: { "accept-encoding": "br" } });
  expect(res.headers()["content-encoding"]).toBe("br");
  // A precompressed file has a known length; on-the-fly compression streams without one.
  const copy = fileURLToPath(new URL(`../../apps/web/build/client${script}.br`, import.meta.url));
  expect(Number(res.headers()["content-length"])).toBe(statSync(copy).size);
});

test("listing cards are headed one level below the page heading", async ({ page }) => {
  await page.goto("/women");
  await expect(page.getByRole("heading", { level: 1, name: "Women" })).toBeVisible();
  const grid = page.getByRole("list", { name: "Women products" });
  await expect(grid.getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expect(grid.getByRole("heading", { level: 3 })).toHaveCount(0);
});

/** Records the page's Content-Security-Policy violations in `window.cspViolations`. */
const CSP_SPY = `(() => {
  window.cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(e.violatedDirective + " " + e.sourceFile));
})();`;

test("a form page validates without a Content-Security-Policy violation (zod without eval)", async ({ page }) => {
  await page.addInitScript({ content: CSP_SPY });
  await page.goto("/contact-us");
  // A form the browser accepts but the shared schema refuses: the zod schema runs in the page.
  const form = page.getByRole("region", { name: "Contact Us" });
  await form.getByPlaceholder("Enter Name", { exact: true }).fill("Asha Verma");
  await form.getByPlaceholder("Country", { exact: true }).fill("India");
  await form.getByPlaceholder("Mobile Number", { exact: true }).fill("call me");
  await form.getByPlaceholder("Enter Email", { exact: true }).fill("asha@example.com");
  await form.getByPlaceholder("Enter Message", { exact: true }).fill("Wholesale cushion covers?");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Mobile number is not a valid phone number")).toBeVisible();
  expect(await page.evaluate<string[]>("window.cspViolations")).toEqual([]);
});
