import { expect, test, type Browser, type Page } from "@playwright/test";
import type { AdminOrderDetail } from "@store/shared";
import { openNewProduct } from "../fixtures/admin-products";
import { adminToken } from "../fixtures/back-office";
import { CARD, CONTINUE, checkout, fillDelivery, orderNumber } from "../fixtures/checkout";
import { openWithStorage } from "../fixtures/cart";
import { setCurrencyCookie } from "../fixtures/currency";
import { keepAtBothWidths } from "../fixtures/screens";

/** Decision 099: a made-to-order piece, from the seller's form to the shopper's refused return. */
const PROMPT = "Your measurements: chest, waist, length";
const NOTES = "Chest 96 cm, waist 82 cm, length 110 cm";
const PAID_NOTICE = /^Payment successful! Your order #(\d+) is confirmed\.$/;
const PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function sellerPage(browser: Browser, baseURL: string, token: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await openWithStorage(page, path, { token });
  return page;
}

test("made to order: marked by the seller, bought with measurements, made, shown, and not returnable", async ({
  page,
  context,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The seller marks a new product made to order on its form.
  const seller = await sellerPage(browser, baseURL!, await adminToken(request), "/admin");
  const { token, product, editor } = await openNewProduct(seller, request, "Tailored kurta", "Cut to your size.");
  await editor.getByRole("textbox", { name: "Days to make it" }).fill("14");
  await editor.getByRole("textbox", { name: "What to ask the shopper" }).fill(PROMPT);
  await editor.getByRole("checkbox", { name: "Notes required" }).check();
  await editor.getByRole("button", { name: "Save product" }).click();
  await expect(editor.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await keepAtBothWidths(seller, "issue44-p5-product-form", editor.getByRole("group", { name: "Made to order" }));

  // The shopper reads the promise and the disclosure before buying; the notes are required.
  await setCurrencyCookie(context, baseURL!, "INR");
  await page.goto(`/product/${product.id}`);
  const made = page.locator("[data-made-to-order]");
  await expect(made).toContainText("Made to order: ships in about 14 days");
  await expect(made).toContainText("cannot be returned");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("alert")).toContainText("please write your measurements or notes");
  await page.getByRole("textbox", { name: `${PROMPT} (required)` }).fill(NOTES);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
  await keepAtBothWidths(page, "issue44-p5-product-page", made);

  // The cart line carries the notes; the checkout says the making comes first; card through the simulator.
  await page.goto("/cart");
  await expect(page.locator("[data-line-notes]")).toContainText(NOTES);
  await page.getByRole("button", { name: CONTINUE }).click();
  await expect(checkout(page).getByTestId("made-to-order-lead")).toContainText("ships in about 14 days");
  await fillDelivery(page);
  await checkout(page)
    .getByRole("textbox", { name: /E-mail/ })
    .fill(`made.${Date.now()}@example.in`);
  await checkout(page).getByRole("radio", { name: CARD }).check();
  await checkout(page).getByRole("button", { name: /^Pay / }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pay now" }).click();
  const orderId = await orderNumber(page, PAID_NOTICE);
  const orderUrl = page.url().replace("&placed=1", "");

  const line = page.locator("[data-made-to-order-line]");
  await expect(line).toContainText("Made to order: about 14 days to make");
  await expect(line).toContainText(NOTES);
  await expect(line).toContainText("Made to order: not returnable");
  await expect(line.locator("[data-making]")).toHaveText("Not started yet");

  // The seller moves the making on from the order page.
  await openWithStorage(seller, `/admin/orders/${orderId}`, { token });
  const making = seller.getByRole("region", { name: "Made to order" });
  await expect(making).toContainText(NOTES);
  await making.getByRole("button", { name: "Mark in production" }).click();
  await expect(making.locator("[data-making-status]")).toHaveText("In production");
  await making.getByRole("button", { name: "Mark ready" }).click();
  await expect(making.locator("[data-making-status]")).toHaveText("Ready");
  await expect(making.getByRole("button")).toHaveCount(0);
  await keepAtBothWidths(seller, "issue44-p5-admin-order", making);

  await page.goto(orderUrl);
  await expect(line.locator("[data-making]")).toHaveText("Ready to ship");
  await keepAtBothWidths(page, "issue44-p5-order-page", line);

  // Delivered; a return of the piece is refused with the reason.
  const headers = { Authorization: `Token ${token}` };
  expect((await request.post("/api/admin/shipments", { headers, data: { order_ids: [orderId] } })).status()).toBe(200);
  for (let i = 0; i < 5; i++) {
    const moved = await request.post(`/api/admin/orders/${orderId}/shipment/simulate`, {
      headers,
      data: { action: "advance" },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const stored = (await (await request.get(`/api/admin/orders/${orderId}`, { headers })).json()) as AdminOrderDetail;
  expect(stored.status).toBe("delivered");
  expect(stored.lines[0]).toMatchObject({ notes: NOTES, lead_days: 14, returnable: false, production_status: "ready" });

  await page.goto(orderUrl);
  const returns = page.getByRole("region", { name: "Returns and exchanges" });
  await returns.getByRole("button", { name: "Return or exchange pieces" }).click();
  const form = returns.getByRole("form", { name: "Ask for a return or an exchange" });
  await form.getByRole("checkbox", { name: /not returnable/ }).check();
  await form.getByLabel("Reason").selectOption("Size does not fit");
  await form.getByLabel(/^Photos/).setInputFiles({ name: "piece.png", mimeType: "image/png", buffer: PHOTO });
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(returns.getByRole("alert")).toContainText("was made to order for you and is not returnable");
  await seller.context().close();
});
