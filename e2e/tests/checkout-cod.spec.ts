import { COD_SHIPPING_FEE_INR, formatMoney, MESSAGES, type CartResponse } from "@store/shared";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createAccount, logInByApi, newShopper } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { cartLink, openWithStorage, productInStock } from "../fixtures/cart";
import { alert, CARD, cartIn, checkout, codeByEmail, CONTINUE, fillDelivery, orderNumber } from "../fixtures/checkout";
import { setCurrencyCookie } from "../fixtures/currency";
import { codeFromMail, wrongCode } from "../fixtures/mail";

/**
 * Cash on delivery for anyone whose e-mail is not verified: the order waits for a code e-mailed to the
 * shopper (read here from the mail sink, fixtures/mail-sink.ts), then is placed.
 */

// Each test waits for one or two runs of the store's outbox (every 5 s) on top of its page: more room than the default 30 s.
test.describe.configure({ timeout: 60_000 });

/** Products after checkout.spec.ts's six: each test buys its own. */
let products: Record<"guest" | "resend" | "account", number>;
test.beforeAll(async ({ request }) => {
  const names = ["guest", "resend", "account"] as const;
  const found = await Promise.all(names.map((_, i) => productInStock(request, { minStock: 5, skip: 6 + i })));
  products = Object.fromEntries(names.map((name, i) => [name, found[i]!.id])) as typeof products;
});

const codeStep = (page: Page) => checkout(page).getByRole("region", { name: "Confirm your order" });

/** The line under 'Place order' saying what happens next, for a guest paying cash on delivery. */
const COD_NEXT_GUEST =
  "Next we send you a 6-digit code on WhatsApp (or by e-mail); your order is placed when you enter it here.";

/** Opens the cart in INR, ticks Cash on Delivery and reveals the checkout. */
async function openCodCheckout(
  page: Page,
  context: BrowserContext,
  baseURL: string,
  cart: CartResponse,
  token?: string,
) {
  await setCurrencyCookie(context, baseURL, "INR");
  await openWithStorage(page, "/cart", { cartId: cart.cart_id, token });
  await page.getByRole("checkbox", { name: /Cash on Delivery/ }).check();
  await page.getByRole("button", { name: CONTINUE }).click();
  await expect(checkout(page).getByRole("radio", { name: "Cash on delivery" })).toBeChecked();
}

test("a guest in INR orders cash on delivery: the e-mail is required, a wrong code is refused, the e-mailed one places the order", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const cart = await cartIn(request, products.guest, "INR");
  await setCurrencyCookie(context, baseURL!, "INR");
  await openWithStorage(page, "/cart", { cartId: cart.cart_id });
  await page.getByRole("checkbox", { name: /Cash on Delivery/ }).check();
  await expect(
    page.getByRole("region", { name: "Order summary" }).getByRole("row", { name: /^Shipping/ }),
  ).toContainText(formatMoney(COD_SHIPPING_FEE_INR, "INR"));
  await page.getByRole("button", { name: CONTINUE }).click();

  const due = cart.subtotal + COD_SHIPPING_FEE_INR;
  await expect(checkout(page).getByRole("radio", { name: "Cash on delivery" })).toBeChecked();
  await expect(checkout(page).getByRole("radio", { name: CARD })).toBeDisabled();
  const place = checkout(page).getByRole("button", { name: "Place order" });
  await expect(place).toHaveAccessibleDescription(COD_NEXT_GUEST);
  const email = checkout(page).getByRole("textbox", { name: "E-mail for the confirmation" });
  await expect(email).toHaveAttribute("required", "");
  await expect(email).toHaveAccessibleDescription(
    "Required for cash on delivery: we e-mail you a code to confirm the order.",
  );
  await fillDelivery(page);
  await place.click();
  await expect(alert(page, MESSAGES.fillRequiredFields)).toBeVisible();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(
    /^Enter your e-mail address: the code is sent there\. Required for cash on delivery/,
  );

  const address = newShopper("cod-guest").email;
  await email.fill(address);
  const created = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
  await place.click();
  expect((await created).postDataJSON()).toMatchObject({
    amount: due,
    payment_method: "cod",
    currency: "INR",
    email: address,
  });

  const step = codeStep(page);
  await expect(step.getByRole("heading", { name: "Confirm your order" })).toBeVisible();
  await expect(step).toContainText(
    "We have sent a 6-digit code to WhatsApp +91 98xxxxxx45. Enter it within 15 minutes to place your order. Until then nothing is reserved and we have not received your order.",
  );
  const code = step.getByRole("textbox", { name: "6-digit code" });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(checkout(page).getByRole("textbox", { name: "City" })).toBeDisabled();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Checked in the browser first: nothing is sent for five digits.
  await code.fill("12 34 5");
  await step.getByRole("button", { name: "Confirm order" }).click();
  await expect(step.getByRole("alert")).toHaveText("Enter the 6-digit code we sent you");
  await expect(code).toHaveAttribute("aria-invalid", "true");

  await codeByEmail(page, address);
  const sent = await codeFromMail(request, address);
  await code.fill(wrongCode(sent.code));
  await step.getByRole("button", { name: "Confirm order" }).click();
  await expect(step.getByRole("alert")).toHaveText("That code is not right. 4 tries left.");
  await expect(code).toBeFocused();

  await code.fill(sent.code);
  await code.press("Enter");
  const id = await orderNumber(
    page,
    new RegExp(`^Order #(\\d+) confirmed\\. Pay ${formatMoney(due, "INR")} on delivery\\.$`),
  );
  expect(id).toBe(sent.orderId);
  await expect(cartLink(page, 0)).toBeVisible();
});

test("cash on delivery: 'Send a new code' e-mails another, and only the newest one works", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const cart = await cartIn(request, products.resend, "INR");
  await openCodCheckout(page, context, baseURL!, cart);
  const address = newShopper("cod-resend").email;
  await fillDelivery(page);
  await checkout(page).getByRole("textbox", { name: "E-mail for the confirmation" }).fill(address);
  await checkout(page).getByRole("button", { name: "Place order" }).click();
  await codeByEmail(page, address);
  const first = await codeFromMail(request, address);

  const step = codeStep(page);
  const resent = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
  await step.getByRole("button", { name: "Send a new code" }).click();
  expect((await resent).postDataJSON()).toMatchObject({
    payment_method: "cod",
    email: address,
    amount: cart.subtotal + COD_SHIPPING_FEE_INR,
  });
  await expect(step.getByRole("status")).toHaveText(
    `We have sent a new code by e-mail to ${address}. Only the newest code works.`,
  );
  const second = await codeFromMail(request, address, 2);
  expect(second.orderId).toBe(first.orderId);
  expect(second.code).not.toBe(first.code);

  const code = step.getByRole("textbox", { name: "6-digit code" });
  await expect(code).toBeFocused();
  await code.fill(first.code);
  await step.getByRole("button", { name: "Confirm order" }).click();
  await expect(step.getByRole("alert")).toHaveText("That code is not right. 4 tries left.");
  await code.fill(second.code);
  await step.getByRole("button", { name: "Confirm order" }).click();
  expect(await orderNumber(page, /^Order #(\d+) confirmed\. Pay .+ on delivery\.$/)).toBe(first.orderId);
});

test("a signed-in shopper whose e-mail is not verified also confirms cash on delivery with an e-mailed code", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await createAccount(request, "cod-account");
  const { token } = await logInByApi(request, account);
  const cart = await cartIn(request, products.account, "INR", token);
  await openCodCheckout(page, context, baseURL!, cart, token);
  const email = checkout(page).getByRole("textbox", { name: "E-mail for the confirmation" });
  await expect(email).toHaveValue(account.email);
  await expect(email).not.toHaveAttribute("required", "");
  await expect(checkout(page).getByRole("button", { name: "Place order" })).toHaveAccessibleDescription(
    /^Unless your account's e-mail address is verified, we send you a 6-digit code next/,
  );
  await fillDelivery(page, ["Full name", "Mobile number"]);
  await checkout(page).getByRole("button", { name: "Place order" }).click();

  const step = codeStep(page);
  await codeByEmail(page, account.email);
  const { code, orderId } = await codeFromMail(request, account.email);
  await step.getByRole("textbox", { name: "6-digit code" }).fill(code);
  await step.getByRole("button", { name: "Confirm order" }).click();
  expect(await orderNumber(page, /^Order #(\d+) confirmed\. Pay .+ on delivery\.$/)).toBe(orderId);
});
