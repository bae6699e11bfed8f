import { expect, test } from "@playwright/test";
import { currentIstMonth, monthLabel } from "@store/shared";
import { newShopper } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { adminToken, DESKTOP, expectNoSidewaysScroll, PHONE, title } from "../fixtures/back-office";
import { confirmedCodOrder } from "../fixtures/orders";

/**
 * The seller's monthly tax figures (issue 15): a cash-on-delivery order confirmed in Jaipur today is
 * invoiced at once, so this month's figures show it under Rajasthan, with each section's CSV.
 */
test.beforeAll(async ({ request }) => {
  // Its own product (accessories, further down than the admin pages' one).
  const product = await productInStock(request, { currency: "INR", minStock: 3, skip: 4, category: 6 });
  await confirmedCodOrder(request, product, newShopper("admin-tax").email);
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`this month's figures, a section's CSV and an empty month at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    // A confirmed order, two axe scans and a download on a busy two-core runner.
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await openWithStorage(page, "/admin/tax", { token: await adminToken(request) });
    await expect(title(page, "Tax figures")).toBeVisible();
    await expect(page.getByText(/Test orders, paid through the payment simulator, are left out/)).toBeVisible();
    const month = currentIstMonth();
    await expect(page.getByRole("heading", { level: 2, name: monthLabel(month) })).toBeVisible();
    const b2c = page.getByRole("table", { name: `B2C sales by place and rate, ${monthLabel(month)}` });
    await expect(b2c.getByRole("rowheader", { name: "08 Rajasthan" }).first()).toBeVisible();
    await expect(page.getByText(/issued: JKH\/\d{2}-\d{2}\/\d{6} to JKH\//)).toBeVisible();
    await expect(page.getByRole("button", { name: "Download invoices (ZIP)" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Table 12 in its two parts (decision 102): the order, without a GSTIN, is in the B2C part.
    await expect(page.getByRole("table", { name: `HSN summary B2B, ${monthLabel(month)}` })).toBeAttached();
    const hsnB2c = page.getByRole("table", { name: `HSN summary B2C, ${monthLabel(month)}` });
    await expect(hsnB2c.getByRole("rowheader").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Export CSV (HSN summary, B2B (table 12))" })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV (HSN summary, B2C (table 12))" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`tax-hsn-b2c-${month}.csv`);

    const filters = page.getByRole("search", { name: "Tax figures month" });
    await filters.getByLabel("Month (India time)").fill("2025-08");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/month=2025-08/);
    await expect(page.getByText("No invoices in August 2025.")).toBeVisible();
  });
}
