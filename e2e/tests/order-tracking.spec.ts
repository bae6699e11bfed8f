import { LOOKUP_CONTACT_HINT, LOOKUP_CONTACT_TEXT, MESSAGES } from "@store/shared";
import { expect, test } from "@playwright/test";
import { productInStock } from "../fixtures/cart";
import { confirmedCodOrder } from "../fixtures/orders";

/**
 * A guest finds an order by its number and the e-mail or phone it was placed with (`/track-order`), and
 * its page (`/orders/:id?token=`) shows where it stands: the timeline of its steps.
 */

// The cash-on-delivery code waits for a run of the store's outbox (every 5 s).
test.describe.configure({ timeout: 60_000 });

const NOT_FOUND = "We found no order with that number and e-mail or phone number. Please check both, or contact us.";

test("a guest tracks an order by number and phone; a wrong contact or link is refused", async ({ page, request }) => {
  const product = await productInStock(request, { currency: "INR", minStock: 3, skip: 2, category: 5 });
  const orderId = await confirmedCodOrder(request, product, "tracking.guest@example.in");

  await page.goto("/track-order");
  await expect(page.getByRole("heading", { level: 1, name: "Track your order" })).toBeVisible();
  const number = page.getByLabel("Order number");
  const contact = page.getByLabel("E-mail or phone number used for the order");
  const submit = page.getByRole("button", { name: "Track order" });

  await submit.click();
  await expect(page.getByText(MESSAGES.fillThisField)).toHaveCount(2);
  await expect(number).toBeFocused();

  await number.fill(String(orderId));
  await contact.fill("someone.else@example.in");
  await submit.click();
  await expect(page.getByText(NOT_FOUND)).toBeVisible();

  // A phone number without its country code could be anyone's: the form says how to write it.
  await expect(contact).toHaveAccessibleDescription(LOOKUP_CONTACT_HINT);
  await contact.fill("98290 12345");
  await submit.click();
  await expect(page.getByText(LOOKUP_CONTACT_TEXT)).toBeVisible();
  await expect(contact).toHaveAttribute("aria-invalid", "true");

  // The whole number as the shopper would type it, with the country code and spaces.
  await contact.fill("+91 98290 12345");
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?token=[0-9a-f]{64}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Order #${orderId}` })).toBeVisible();
  const progress = page.getByRole("region", { name: "Order progress" });
  await expect(progress.getByRole("listitem")).toHaveText([/^Order placed/, /^Confirmed \(cash on delivery\)/]);
  await expect(progress.locator('[aria-current="step"]')).toContainText("Confirmed (cash on delivery)");
  await expect(page.getByRole("link", { name: "← Track another order" })).toBeVisible();

  const link = new URL(page.url());
  await page.goto(`/orders/${orderId}?token=${link.searchParams.get("token")!.replace(/.$/, "x")}`);
  await expect(page.getByRole("heading", { level: 1, name: MESSAGES.notFoundTitle })).toBeVisible();
});

test("tries on one order number are limited, whoever makes them, and the form says so", async ({ page, request }) => {
  const product = await productInStock(request, { currency: "INR", minStock: 3, skip: 2, category: 5 });
  const orderId = await confirmedCodOrder(request, product, `tracking.limited.${Date.now()}@example.in`);
  // Someone guessing: the number's tries are spent (ORDER_LOOKUPS_PER_NUMBER, 5 by default).
  for (let guess = 0; guess < 5; guess++) {
    const res = await request.post("/api/orders/lookup", {
      data: { order_number: String(orderId), contact: `guess.${guess}@example.in` },
    });
    expect(res.status()).toBe(404);
  }
  await page.goto("/track-order");
  await page.getByLabel("Order number").fill(String(orderId));
  await page.getByLabel("E-mail or phone number used for the order").fill("+91 98290 12345");
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(
    page.getByText(
      "Too many tries to find an order. Please try again later, or open the order from the link in its confirmation e-mail.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL("/track-order");
});
