import { expect, test } from "@playwright/test";
import type { ProductDetail, ShipmentResults } from "@store/shared";
import { seriousA11yViolations } from "../fixtures/axe";
import { adminToken } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { linkFromMail } from "../fixtures/mail";
import { paidCardOrder } from "../fixtures/orders";
import { keepAtBothWidths } from "../fixtures/screens";

/**
 * Issue 43 point 4 (decision 090): the simulated courier fails a delivery (NDR, "address incomplete"), the shopper
 * opens the e-mailed link, chooses a new day and corrects the address, the seller's queue shows the answer and one
 * click asks the courier to reattempt, which it does (out for delivery again).
 */
test.describe.configure({ timeout: 120_000 });
const WIDE = { width: 1280, height: 900 };

let product: ProductDetail;
test.beforeAll(async ({ request }) => {
  product = await productInStock(request, { currency: "INR", minStock: 3, skip: 5, category: 2, page: 3 });
});

test("a failed delivery: the shopper's new day and address reach the seller's queue and the courier's reattempt", async ({
  page,
  browser,
  request,
}) => {
  const email = `ndr.${Date.now()}@example.in`;
  const admin = { Authorization: `Token ${await adminToken(request)}` };
  const { orderId } = await paidCardOrder(request, product, { email });
  const booked = await request.post("/api/admin/shipments", { headers: admin, data: { order_ids: [orderId] } });
  expect(booked.status(), await booked.text()).toBe(200);
  const awb = ((await booked.json()) as ShipmentResults).results[0]!.awb!;
  for (let i = 0; i < 4; i++) {
    const moved = await request.post(`/api/admin/orders/${orderId}/shipment/simulate`, {
      headers: admin,
      data: { action: "advance" },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  // The courier's NDR, through the simulator's control (the owner's).
  const failed = await request.post(`/sim/shiprocket/control/shipments/${awb}`, {
    headers: admin,
    data: { action: "fail", reason: "address_incomplete" },
  });
  expect(failed.status(), await failed.text()).toBe(200);

  // The shopper's link, from the e-mail (no WhatsApp opt-in).
  const link = await linkFromMail(request, email, `/delivery/[0-9]+`);
  await page.setViewportSize(WIDE);
  await page.goto(link);
  await expect(page.getByText(`Order #${orderId}, attempt 1: The address was incomplete`)).toBeVisible();
  const form = page.locator("form");
  await expect(form.getByRole("button", { name: "Ask for a new delivery" })).toBeEnabled();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await keepAtBothWidths(page, "issue43-p4-01-shopper-choice");

  // A phone that is not one: said at the field, nothing stored.
  await form.getByLabel("Phone the courier calls").fill("12345");
  await form.getByRole("button", { name: "Ask for a new delivery" }).click();
  await expect(form.getByLabel("Phone the courier calls")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Phone the courier calls").fill("9829012345");
  const days = form.getByRole("radio", { name: /\d/ });
  await days.nth(1).check();
  const day = await days.nth(1).getAttribute("value");
  await form.getByLabel(/Street address/).fill("Flat 4B, Shanti Niketan, near the water tank, 7 Johari Bazaar");
  await form.getByRole("button", { name: "Ask for a new delivery" }).click();
  await expect(page.getByText(/We will ask the courier to come again on/)).toBeVisible();
  await keepAtBothWidths(page, "issue43-p4-02-shopper-answered");

  // The seller's queue: the reason, the attempt and the shopper's answer; one click to reattempt.
  const owner = await (await browser.newContext({ viewport: WIDE })).newPage();
  await openWithStorage(owner, "/admin/failed-deliveries", { token: await adminToken(request) });
  const table = owner.getByRole("table", { name: "Open failed deliveries" });
  const row = table.getByRole("row", { name: new RegExp(`Order #${orderId}\\b`) });
  await expect(row).toContainText("The address was incomplete");
  await expect(row).toContainText(`Try again on ${day}`);
  await expect(row).toContainText("Shanti Niketan");
  expect(await seriousA11yViolations(owner)).toEqual([]);
  await keepAtBothWidths(owner, "issue43-p4-03-seller-queue");
  await row.getByRole("button", { name: "Reattempt" }).click();
  await expect(owner.getByText(`The courier will try order #${orderId} again on ${day}.`)).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(`Order #${orderId}\\b`) })).toHaveCount(0);
  await keepAtBothWidths(owner, "issue43-p4-04-seller-reattempted");

  // The courier took it: out for delivery again, as its webhook told the store.
  const detail = await request.get(`/api/admin/orders/${orderId}`, { headers: admin });
  expect(JSON.stringify(await detail.json())).toContain("out_for_delivery");
  // The link answers no more.
  await page.reload();
  await expect(page.getByText(/We will ask the courier to come again on/)).toBeVisible();
  await owner.context().close();
});
