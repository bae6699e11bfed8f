import { expect, test, type Page } from "@playwright/test";
import {
  CANCELLATION_POLICY,
  COD_SHIPPING_FEE_INR,
  formatMoney,
  PAYMENT_METHODS_TEXT,
  RETURN_POLICY,
  SELLER,
  SHIPPING_TIMES,
} from "@store/shared";

async function openPolicy(page: Page, path: string, title: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(main.getByText(/^Last updated: \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SELLER.website}${path}`);
  await expect(
    main.getByRole("navigation", { name: "Our policies" }).getByRole("link", { name: title.split(" ")[0] }),
  ).toHaveAttribute("aria-current", "page");
  return main.getByRole("article");
}

test("privacy: personal, payment and usage data; never sold; the user's rights", async ({ page }) => {
  const policy = await openPolicy(page, "/privacy", "Privacy Policy");
  for (const text of [
    "Personal data",
    "Payment data",
    "Usage data",
    "never sold",
    "Access",
    "Correct",
    "Delete",
    "Opt out of promotional messages",
  ]) {
    await expect(policy).toContainText(text);
  }
});

test("refund: every return, refund and cancellation period", async ({ page }) => {
  const policy = await openPolicy(page, "/refund", "Refund & Return Policy");
  for (const period of Object.values(RETURN_POLICY)) await expect(policy).toContainText(period);
  await expect(policy).toContainText(
    `within ${CANCELLATION_POLICY.fullRefundWindowHours} hrs of placing your order for a full refund`,
  );
  await expect(policy).toContainText(`${CANCELLATION_POLICY.inTransitFeePercent}% of the order value`);
});

test("shipping: delivery times, COD fee in INR only, duties, handling, one attempt, payment methods", async ({
  page,
}) => {
  const policy = await openPolicy(page, "/shipping", "Shipping Policy");
  for (const time of Object.values(SHIPPING_TIMES)) await expect(policy).toContainText(time);
  await expect(policy).toContainText(`in INR only, with a shipping fee of ${formatMoney(COD_SHIPPING_FEE_INR, "INR")}`);
  await expect(policy).toContainText("duties and import taxes are extra");
  await expect(policy).toContainText("Furniture, lighting, wall clocks and mirrors need extra handling");
  await expect(policy).toContainText("one delivery attempt");
  await expect(policy).toContainText("re-shipping is at the customer's cost");
  await expect(policy).toContainText(PAYMENT_METHODS_TEXT);
});

test("terms: a handicrafts business governed by Indian law, courts at Jaipur", async ({ page }) => {
  const policy = await openPolicy(page, "/terms-and-conditions", "Terms & Conditions");
  await expect(policy).toContainText(`${SELLER.legalName} is a handicrafts business`);
  await expect(policy).toContainText("governed by the laws of India");
  await expect(policy).toContainText(`courts at ${SELLER.address.city}`);
  await expect(policy).toContainText("INR");
  await expect(policy).toContainText("USD");
});

test("the policy pages link to each other", async ({ page }) => {
  await page.goto("/privacy");
  await page.getByRole("navigation", { name: "Our policies" }).getByRole("link", { name: "Shipping" }).click();
  await expect(page).toHaveURL("/shipping");
  await expect(page.getByRole("heading", { level: 1, name: "Shipping Policy" })).toBeVisible();
});
