import { formatMoney, SHIPPING_FEES_SEED } from "@store/shared";
import { expect, test } from "@playwright/test";
import { adminToken, title } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { CARD, cartIn, checkout, fillDelivery, notice, openCheckout } from "../fixtures/checkout";

// A whole checkout with a card payment: 30 s is too little on a loaded machine.
test.describe.configure({ timeout: 60_000 });

test("the seller sets the express fee; a shopper in India chooses express: the new fee is in the policy, the total, the order and the payment", async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  // The shipping policy as kept before the change names the seeded fee.
  const policy = page.getByRole("main").getByRole("article");
  await page.goto("/shipping");
  await expect(policy).toContainText(
    `4-5 business days, ${formatMoney(SHIPPING_FEES_SEED["india-express"].INR, "INR")}`,
  );

  // The owner sets a new fee in the back office, in their own browser.
  const fee = SHIPPING_FEES_SEED["india-express"].INR + 50;
  const office = await (await browser.newContext()).newPage();
  await openWithStorage(office, "/admin/settings", { token: await adminToken(request) });
  await expect(title(office, "Settings")).toBeVisible();
  const rupees = office.getByRole("textbox", { name: "Express delivery fee in rupees (₹)" });
  await expect(rupees).toHaveValue(String(SHIPPING_FEES_SEED["india-express"].INR));
  await rupees.fill("99.50");
  await office.getByRole("button", { name: "Save shipping fees" }).click();
  await expect(rupees).toHaveAttribute("aria-invalid", "true");
  await expect(rupees).toHaveAccessibleDescription(/Enter the fee in whole rupees, without decimals/);
  await expect(rupees).toBeFocused();
  await rupees.fill(String(fee));
  await office.getByRole("button", { name: "Save shipping fees" }).click();
  await expect(office.getByRole("status").filter({ hasText: "Shipping fees saved." })).toBeVisible();
  await office.context().close();

  await page.goto("/shipping");
  await expect(policy).toContainText(`4-5 business days, ${formatMoney(fee, "INR")}`);

  const product = await productInStock(request, { currency: "INR", minStock: 3, skip: 2, category: 4 });
  const cart = await cartIn(request, product.id, "INR");
  await openCheckout(page, context, baseURL!, cart);
  await fillDelivery(page);

  const speed = checkout(page).getByRole("group", { name: "Delivery speed" });
  await expect(speed.getByRole("radio", { name: "Standard delivery" })).toBeChecked();
  const express = speed.getByRole("radio", { name: "Express delivery" });
  await expect(express).toHaveAccessibleDescription(`${formatMoney(fee, "INR")}, 4-5 business days`);
  await express.check();
  await checkout(page).getByRole("radio", { name: CARD }).check();

  const due = cart.subtotal + fee;
  const created = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
  await checkout(page)
    .getByRole("button", { name: `Pay ${formatMoney(due, "INR")}` })
    .click();
  expect((await created).postDataJSON()).toMatchObject({ amount: due * 100, shipping_method: "india-express" });

  const widget = page.getByRole("dialog");
  await expect(widget).toContainText(formatMoney(due, "INR"));
  await widget.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=[0-9a-f]{64}&placed=1$/);
  await expect(notice(page)).toHaveText(/^Payment successful! Your order #\d+ is confirmed\.$/);
});
