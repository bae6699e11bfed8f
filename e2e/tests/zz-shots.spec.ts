import { expect, test } from "@playwright/test";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { openWithStorage, productInStock, productDetail } from "../fixtures/cart";
import { setCurrencyCookie } from "../fixtures/currency";
import type { CartResponse } from "@store/shared";

const D = { "Delivery address": "12 Hawa Mahal Road, Badi Choupad", City: "Jaipur", State: "Rajasthan", "PIN code": "302002" };
for (const width of [390, 1280]) {
  test(`shots ${width}`, async ({ page, context, request, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const account = await createAccount(request, "shots");
    const { token } = await logInByApi(request, account);
    const p = await productDetail(request, (await productInStock(request, { minStock: 5, skip: 8 + (width === 390 ? 1 : 0) })).id, "INR");
    const res = await request.post("/api/cart-items/", { headers: { Authorization: `Token ${token}` }, data: { product_pk: p.id, size: "S", quantity: 2, offer_price: p.offer_price, mrp: p.mrp, is_direct_buy: false, cart_id: null, currency: "INR" } });
    const cart = (await res.json()) as CartResponse;
    await setCurrencyCookie(context, baseURL!, "INR");
    await openWithStorage(page, "/cart", { cartId: cart.cart_id, token });
    await page.getByRole("button", { name: "CLICK TO CONTINUE" }).click();
    const region = page.getByRole("region", { name: "Checkout" });
    await expect(region.getByRole("textbox", { name: "Full name" })).toHaveValue(/Meera/);
    await page.screenshot({ path: `/tmp/shots/panel-empty-${width}.png`, fullPage: true });
    await region.getByRole("button", { name: "Place order" }).click();
    await page.screenshot({ path: `/tmp/shots/panel-errors-${width}.png`, fullPage: true });
    for (const [l, v] of Object.entries(D)) await region.getByRole("textbox", { name: l, exact: true }).fill(v);
    await region.getByRole("radio", { name: "Cards, UPI, net banking" }).check();
    await region.screenshot({ path: `/tmp/shots/panel-filled-${width}.png` });
    await region.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/widget-${width}.png` });
    await page.getByRole("dialog").getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Payment successful" })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/notice-${width}.png` });
    const id = /#(\d+)/.exec((await page.getByRole("status").filter({ hasText: "Payment successful" }).textContent())!)![1];
    await page.goto("/account");
    await expect(page.getByRole("link", { name: `Order #${id}` })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/account-${width}.png`, fullPage: true });
    await page.goto(`/account/orders/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Order #${id}`);
    await page.screenshot({ path: `/tmp/shots/order-${width}.png`, fullPage: true });
  });
}
test("paypal shot", async ({ page, context, request, baseURL }) => {
  const p = await productDetail(request, (await productInStock(request, { minStock: 5, skip: 10 })).id, "INR");
  const res = await request.post("/api/cart-items/", { data: { product_pk: p.id, size: "S", quantity: 1, offer_price: p.offer_price, mrp: p.mrp, is_direct_buy: false, cart_id: null, currency: "INR" } });
  const cart = (await res.json()) as CartResponse;
  await setCurrencyCookie(context, baseURL!, "INR");
  await openWithStorage(page, "/cart", { cartId: cart.cart_id });
  await page.getByRole("button", { name: "CLICK TO CONTINUE" }).click();
  const region = page.getByRole("region", { name: "Checkout" });
  for (const [l, v] of Object.entries({ "Full name": "Asha", "Mobile number": "9829012345", ...D })) await region.getByRole("textbox", { name: l, exact: true }).fill(v);
  await region.getByRole("radio", { name: "PayPal" }).check();
  await region.getByRole("button", { name: "Continue to PayPal" }).click();
  await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
  await region.screenshot({ path: `/tmp/shots/paypal-1280.png` });
});
