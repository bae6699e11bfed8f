import { expect, test } from "@playwright/test";
import { seriousA11yViolations } from "../fixtures/axe";
import { openWithStorage } from "../fixtures/cart";
import { PHONE, adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";
import { keepScreen } from "../fixtures/screens";

/** Issue 45 point 1: the owner finds each feed's address, when it was built, its counts and what it leaves out. */

const LAPTOP = { width: 1280, height: 900 };

for (const viewport of [LAPTOP, PHONE]) {
  test(`the product feeds screen at ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const token = await adminToken(request);
    await openWithStorage(page, "/admin/feeds", { token });
    await expect(title(page, "Product feeds")).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

    const feeds = page.getByRole("table", { name: "Product feeds" });
    await expect(feeds.getByRole("row")).toHaveCount(5);
    await expect(feeds.getByText("Google Merchant Center").first()).toBeVisible();
    await expect(feeds.getByText("INR (IN)").first()).toBeVisible();
    await expect(feeds.getByText("USD (US)").first()).toBeVisible();
    // The demo catalogue has inactive products: the seller reads why they are not in the feeds.
    const left = page.getByRole("table", { name: "Products left out of the feeds" });
    await expect(left.getByText("Inactive (not in the catalogue)").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await keepScreen(page, "issue45-feeds");

    // The address shown is the feed a channel fetches: well-formed, and a 304 to its own ETag.
    const href = await feeds.getByRole("link").first().getAttribute("href");
    const path = new URL(href ?? "").pathname + new URL(href ?? "").search;
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    const again = await request.get(path, { headers: { "If-None-Match": res.headers().etag ?? "" } });
    expect(again.status()).toBe(304);
  });
}
