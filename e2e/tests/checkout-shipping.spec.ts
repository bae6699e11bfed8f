import { formatMoney, shippingMethod } from "@store/shared";
import { expect, test } from "@playwright/test";
import { productInStock } from "../fixtures/cart";
import { CARD, cartIn, checkout, fillDelivery, notice, openCheckout } from "../fixtures/checkout";

// A whole checkout with a card payment: 30 s is too little on a loaded machine.
test.describe.configure({ timeout: 60_000 });

test("a shopper in India chooses express delivery: its fee is in the total, the order and the payment", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const product = await productInStock(request, { currency: "INR", minStock: 3, skip: 2, category: 4 });
  const cart = await cartIn(request, product.id, "INR");
  await openCheckout(page, context, baseURL!, cart);
  await fillDelivery(page);

  const speed = checkout(page).getByRole("group", { name: "Delivery speed" });
  await expect(speed.getByRole("radio", { name: "Standard delivery" })).toBeChecked();
  const express = speed.getByRole("radio", { name: "Express delivery" });
  const fee = shippingMethod("india-express").fee({ currency: "INR", country: "IN", pieces: 1 });
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
  await expect(page).toHaveURL("/");
  await expect(notice(page)).toHaveText(/^Payment successful! Your order #\d+ is confirmed\.$/);
});
