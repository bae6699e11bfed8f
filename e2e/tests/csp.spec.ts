import { expect, test, type Page } from "@playwright/test";
import { guestCart, openWithStorage, productInStock } from "../fixtures/cart";

/**
 * Pages run under a Content-Security-Policy whose script-src names a nonce of the page's own (a kept page:
 * the hashes of its inline scripts) and never 'unsafe-inline' (decisions 013, 046). Every storefront page is loaded without a violation in the fault ring;
 * here: the header against the page's scripts, and the payment simulator's scripts under the policy.
 */

/** Records the page's Content-Security-Policy violations in `window.cspViolations`. */
const CSP_SPY = `(() => {
  window.cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(e.violatedDirective + " " + e.blockedURI));
})();`;

const violations = (page: Page) => page.evaluate<string[]>("window.cspViolations");

const scriptSrc = (policy = "") => policy.split(";").find((directive) => directive.startsWith("script-src "));

test("a render's inline scripts carry the nonce its policy names, a new one on every render", async ({ request }) => {
  // Query strings of their own: a page kept by another test would be answered by its hashes instead.
  const [first, second] = await Promise.all([request.get("/women?csp=a"), request.get("/women?csp=b")]);
  const nonce = /^script-src 'self' 'nonce-([^']+)'$/.exec(
    scriptSrc(first.headers()["content-security-policy"]) ?? "",
  )?.[1];
  expect(nonce).toBeDefined();
  expect(scriptSrc(second.headers()["content-security-policy"])).not.toContain(nonce);
  expect(first.headers()["cache-control"]).toBe("private, no-cache");

  const inline = ((await first.text()).match(/<script\b[^>]*>/g) ?? []).filter(
    (tag) => !tag.includes(" src=") && !tag.includes("application/ld+json"),
  );
  expect(inline.length).toBeGreaterThan(0);
  for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
});

test("a kept page names no nonce, and the browser runs its scripts by their hashes", async ({ page }) => {
  await page.addInitScript({ content: CSP_SPY });
  const url = "/women?csp=kept";
  await page.goto(url);
  const kept = await page.goto(url);
  expect(kept?.headers()["x-page-cache"]).toBe("hit");
  const policy = scriptSrc(kept?.headers()["content-security-policy"]) ?? "";
  expect(policy).not.toContain("'nonce-");
  expect(policy).toContain("'sha256-");
  // The module script that imports the route modules ran, and nothing was refused.
  await expect.poll(() => page.evaluate("typeof window.__reactRouterRouteModules")).toBe("object");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the payment simulator's card widget and PayPal buttons work under the policy", async ({ page, request }) => {
  // A product of its own (the seed is deterministic), so the checkout tests' stock is left alone.
  const cart = await guestCart(request, await productInStock(request, { skip: 10 }));
  await page.addInitScript({ content: CSP_SPY });
  await openWithStorage(page, "/cart", { cartId: cart.cart_id });
  await page.getByRole("button", { name: "CLICK TO CONTINUE" }).click();
  const checkout = page.getByRole("region", { name: "Checkout" });
  const delivery = {
    "Full name": "Meera Rathore",
    "Mobile number": "9829012345",
    "Delivery address": "12 Hawa Mahal Road",
    City: "Jaipur",
    State: "Rajasthan",
    "PIN code": "302002",
  };
  for (const [label, value] of Object.entries(delivery)) {
    // In India the state is chosen from the GST list (issue 15).
    if (label === "State") await checkout.getByRole("combobox", { name: label, exact: true }).selectOption(value);
    else await checkout.getByRole("textbox", { name: label, exact: true }).fill(value);
  }

  await checkout.getByRole("radio", { name: "Cards, UPI, net banking" }).check();
  await checkout.getByRole("button", { name: /^Pay / }).click();
  const widget = page.getByRole("dialog");
  await expect(widget.getByRole("button", { name: "Pay now" })).toBeVisible();
  await widget.getByRole("button", { name: "Cancel" }).click();
  await expect(widget).toHaveCount(0);

  await checkout.getByRole("radio", { name: "PayPal" }).check();
  await checkout.getByRole("button", { name: "Continue to PayPal" }).click();
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
