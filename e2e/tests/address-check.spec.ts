import { expect, test } from "@playwright/test";
import type { ProductDetail } from "@store/shared";
import { seriousA11yViolations } from "../fixtures/axe";
import { adminToken } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { linkFromMail } from "../fixtures/mail";
import { paidCardOrder } from "../fixtures/orders";
import { keepAtBothWidths } from "../fixtures/screens";

/**
 * Issue 43 point 5 (decision 092): an order whose street has no house number is flagged on the back-office order
 * page; one click e-mails the shopper, who corrects the address on the link's page; the flag is gone.
 */
test.describe.configure({ timeout: 120_000 });
const WIDE = { width: 1280, height: 900 };

let product: ProductDetail;
test.beforeAll(async ({ request }) => {
  product = await productInStock(request, { currency: "INR", minStock: 3, skip: 6, category: 2, page: 3 });
});

test("an address without a house number: flagged, the shopper asked by e-mail, corrected, the flag gone", async ({
  page,
  browser,
  request,
}) => {
  const email = `addr.${Date.now()}@example.in`;
  const { orderId } = await paidCardOrder(request, product, {
    email,
    delivery_address: "Near the water tank, Malviya Nagar",
  });

  const owner = await (await browser.newContext({ viewport: WIDE })).newPage();
  await openWithStorage(owner, `/admin/orders/${orderId}`, { token: await adminToken(request) });
  const flag = owner.getByTestId("address-check");
  await expect(flag).toContainText("No house, flat or building number");
  expect(await seriousA11yViolations(owner)).toEqual([]);
  await keepAtBothWidths(owner, "issue43-p5-01-flagged-order");
  await flag.getByRole("button", { name: "Ask the shopper to confirm" }).click();
  await expect(owner.getByText("Asked the shopper to confirm the address by e-mail.")).toBeVisible();
  await expect(flag.getByRole("button", { name: "Ask the shopper again" })).toBeVisible();
  await keepAtBothWidths(owner, "issue43-p5-02-shopper-asked");

  // The shopper's link, from the e-mail.
  const link = await linkFromMail(request, email, `/address-check/[0-9]+`);
  await page.setViewportSize(WIDE);
  await page.goto(link);
  const form = page.locator("form");
  await expect(form).toContainText("Near the water tank, Malviya Nagar");
  await expect(form.getByRole("button", { name: "Save the corrected address" })).toBeEnabled();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await keepAtBothWidths(page, "issue43-p5-03-shopper-check");
  // A phone that is not one: said at the field, nothing stored.
  await form.getByLabel("Phone the courier calls").fill("12345");
  await form.getByRole("button", { name: "Save the corrected address" }).click();
  await expect(form.getByLabel("Phone the courier calls")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Phone the courier calls").fill("9829012345");
  await form.getByLabel(/Street address/).fill("Flat 4B, Shanti Niketan, near the water tank, Malviya Nagar");
  await form.getByRole("button", { name: "Save the corrected address" }).click();
  await expect(page.getByText("Thank you: we have corrected the address and will ship there.")).toBeVisible();
  await keepAtBothWidths(page, "issue43-p5-04-shopper-corrected");

  // The back office: the flag is gone, the corrected address shown and in the order's history.
  await owner.reload();
  await expect(owner.getByTestId("address-check-done")).toContainText("The shopper corrected the delivery address");
  await expect(owner.getByTestId("address-check")).toHaveCount(0);
  await expect(owner.getByText("Flat 4B, Shanti Niketan").first()).toBeVisible();
  await keepAtBothWidths(owner, "issue43-p5-05-flag-cleared");
  await owner.context().close();
});
