import { expect, test } from "@playwright/test";
import type { PayNowStats, ProductDetail } from "@store/shared";
import { seriousA11yViolations } from "../fixtures/axe";
import { adminToken, PHONE, simulatorControlHeaders } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { linkFromMail } from "../fixtures/mail";
import { confirmedCodOrder } from "../fixtures/orders";
import { keepAtBothWidths } from "../fixtures/screens";

/**
 * Issue 43 point 3 (decision 094): a cash-on-delivery order gets one "pay now" e-mail; its link, paid in the
 * simulator's widget at phone width, turns the order prepaid; the back office's order says so in its history and
 * the seller's figures count it.
 */
test.describe.configure({ timeout: 120_000 });
const WIDE = { width: 1280, height: 900 };
const IST_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" });

let product: ProductDetail;
test.beforeAll(async ({ request }) => {
  product = await productInStock(request, { currency: "INR", minStock: 3, skip: 7, category: 2, page: 3 });
});

test("a COD order's pay-now e-mail, paid in the simulator: the order turns prepaid and the figure counts it", async ({
  page,
  browser,
  request,
}) => {
  const admin = { Authorization: `Token ${await adminToken(request)}` };
  const today = IST_DAY.format(new Date());
  const statsUrl = `/api/admin/pay-now/stats?from=${today}&to=${today}`;
  const before = (await (await request.get(statsUrl, { headers: admin })).json()) as PayNowStats;

  const email = `pay-now.${Date.now()}@example.in`;
  const orderId = await confirmedCodOrder(request, product, email);
  // The job runs every minute; the simulator's clock runs it for this order now (it may have gone already).
  const run = await request.post("/sim/jobs/pay-now", {
    data: { order_id: orderId },
    headers: await simulatorControlHeaders(request),
  });
  expect(run.status()).toBe(200);

  const link = await linkFromMail(request, email, `/pay-now/${orderId}`);
  await page.setViewportSize(PHONE);
  await page.goto(link);
  const pay = page.getByRole("button", { name: /^Pay ₹[\d,]+ now$/ });
  await expect(pay).toBeEnabled();
  await expect(page.getByText(`Order #${orderId}`)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await keepAtBothWidths(page, "issue43-p3-01-pay-now-link");
  await page.setViewportSize(PHONE);
  await pay.click();
  const widget = page.getByRole("dialog");
  await widget.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByText(/Paid, thank you! Your order is now prepaid/)).toBeVisible();
  await keepAtBothWidths(page, "issue43-p3-02-pay-now-paid");

  // The back office: paid, by card, with the conversion in the order's history.
  const owner = await (await browser.newContext({ viewport: WIDE })).newPage();
  await openWithStorage(owner, `/admin/orders/${orderId}`, { token: await adminToken(request) });
  await expect(owner.getByText("COD converted to prepaid").first()).toBeVisible();
  await keepAtBothWidths(owner, "issue43-p3-03-order-converted");

  // The seller's figures count it, on the delivery outcomes page too.
  const after = (await (await request.get(statsUrl, { headers: admin })).json()) as PayNowStats;
  expect(after.converted - before.converted).toBe(1);
  expect(after.sent - before.sent).toBeGreaterThanOrEqual(1);
  await owner.setViewportSize(WIDE);
  await owner.goto(`/admin/delivery-outcomes?from=${today}&to=${today}`);
  const figures = owner.getByRole("definition").filter({ hasText: /^\d+$/ });
  await expect(owner.getByRole("heading", { name: "Pay-now nudges after cash-on-delivery orders" })).toBeVisible();
  await expect(figures.first()).toBeVisible();
  await expect(owner.getByLabel("Pay-now figures")).toContainText("Converted to prepaid");
  expect(await seriousA11yViolations(owner)).toEqual([]);
  await keepAtBothWidths(owner, "issue43-p3-04-pay-now-figures");
  await owner.context().close();
});
