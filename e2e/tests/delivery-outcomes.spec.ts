import { expect, test, type APIRequestContext } from "@playwright/test";
import type { DashboardResponse } from "@store/shared";
import { newShopper } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { confirmedCodOrder, SENT_BACK } from "../fixtures/orders";
import { PHONE, adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";
import { keepScreen } from "../fixtures/screens";

/** Issue 43 point 1: the owner sees where parcels come back (RTO), and what it cost, at 1280 and 390 px. */

const LAPTOP = { width: 1280, height: 900 };
const RETURNED = ["advance", "advance", "fail", "advance", "advance"] as const;
const DELIVERED = ["advance", "advance", "advance", "advance", "advance"] as const;

/** Books the order's parcel with the simulated courier and moves it as the back office's buttons do. */
async function parcelMoved(request: APIRequestContext, orderId: number, moves: readonly string[]): Promise<void> {
  const headers = { Authorization: `Token ${await adminToken(request)}` };
  const booked = await request.post("/api/admin/shipments", { headers, data: { order_ids: [orderId] } });
  expect(await booked.text()).toContain('"ok":true');
  for (const action of moves) {
    const moved = await request.post(`/api/admin/orders/${orderId}/shipment/simulate`, { headers, data: { action } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

test.beforeAll(async ({ request }) => {
  // Accessories (category 6), the second in stock: away from the products other specs buy.
  const product = await productInStock(request, { currency: "INR", minStock: 3, category: 6, skip: 1 });
  const back = await confirmedCodOrder(request, product, newShopper("rto-back").email, SENT_BACK);
  const home = await confirmedCodOrder(request, product, newShopper("rto-home").email, SENT_BACK);
  await parcelMoved(request, back, RETURNED);
  await parcelMoved(request, home, DELIVERED);
});

for (const viewport of [LAPTOP, PHONE]) {
  test(`delivery outcomes and the dashboard's RTO at ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const token = await adminToken(request);
    const headers = { Authorization: `Token ${token}` };
    const dashboard = (await (await request.get("/api/admin/dashboard", { headers })).json()) as DashboardResponse;
    // Other specs' parcels end this month too: at least ours, and freight quoted for the one returned.
    expect(dashboard.delivery_outcomes.rto).toBeGreaterThanOrEqual(1);
    expect(dashboard.delivery_outcomes.rto_freight_minor).toBeGreaterThan(0);

    await openWithStorage(page, "/admin", { token });
    const rtoRate = page.getByRole("region", { name: "RTO rate" });
    await expect(rtoRate).toContainText(`${(dashboard.delivery_outcomes.rto_rate * 100).toFixed(1)}%`);
    await expect(page.getByRole("region", { name: "Freight lost to RTO" })).toBeVisible();
    await rtoRate.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await keepScreen(page, "issue43-dashboard-rto");

    await page.getByRole("link", { name: "Open delivery outcomes" }).click();
    await expect(title(page, "Delivery outcomes")).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const payment = page.getByRole("table", { name: "Delivery outcomes by payment method" });
    await expect(payment.getByText("Cash on delivery")).toBeVisible();
    await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const file = await request.get(
      `/api/admin/delivery-outcomes.csv?from=${day(new Date(Date.now() - 86_400_000))}&to=${day(new Date(Date.now() + 86_400_000))}`,
      { headers },
    );
    expect(await file.text()).toMatch(/\r\nPayment method,cod,Cash on delivery,\d+,[1-9]\d*,/);
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await keepScreen(page, "issue43-delivery-outcomes");
    await payment.scrollIntoViewIfNeeded();
    await keepScreen(page, "issue43-delivery-outcomes-by-payment");

    // A period that ends before it starts: the form says so, and nothing is asked of the server.
    await openWithStorage(page, "/admin/delivery-outcomes?from=2026-03-31&to=2026-03-01", { token });
    await expect(page.getByRole("alert")).toHaveText("The end date is before the start date");
    await keepScreen(page, "issue43-delivery-outcomes-bad-period");
  });
}
