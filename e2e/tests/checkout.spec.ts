import { formatMoney, MESSAGES, TIMINGS_MS, type OrderDetail } from "@store/shared";
import { expect, test } from "@playwright/test";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { cartLink, openWithStorage, productInStock } from "../fixtures/cart";
import { alert, CARD, cartIn, checkout, fillDelivery, notice, openCheckout, orderNumber } from "../fixtures/checkout";
import { pauseClock } from "../fixtures/clock";
import { pdfText } from "../fixtures/pdf";

// Each test is a whole checkout, some with two or three payment attempts: 30 s is too little on a loaded machine.
test.describe.configure({ timeout: 60_000 });

const PAID_NOTICE = /^Payment successful! Your order #(\d+) is confirmed\.$/;

/**
 * Each test buys its own product (the seed is deterministic), so parallel tests never race for stock;
 * checkout-cod.spec.ts takes the next ones.
 */
let products: Record<"card" | "failures" | "wallet" | "walletFailures" | "forms" | "mismatch", number>;
test.beforeAll(async ({ request }) => {
  const names = ["card", "failures", "wallet", "walletFailures", "forms", "mismatch"] as const;
  const found = await Promise.all(names.map((_, skip) => productInStock(request, { minStock: 5, skip })));
  products = Object.fromEntries(names.map((name, i) => [name, found[i]!.id])) as typeof products;
});

test.describe("paying", () => {
  test("a signed-in shopper in INR pays by card, lands on / with the notice, and finds the paid order in the account", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // The page's timers on a clock the test can stop, so the notice's 3 s are the page's, not the machine's.
    await page.clock.install();
    const account = await createAccount(request, "card");
    const { token } = await logInByApi(request, account);
    const cart = await cartIn(request, products.card, "INR", token);
    await openCheckout(page, context, baseURL!, cart, token);

    // The shopper's details come from the account; the rest of the delivery is typed.
    await expect(checkout(page).getByRole("textbox", { name: "Full name" })).toHaveValue(
      `${account.first_name} ${account.last_name}`,
    );
    await expect(checkout(page).getByRole("textbox", { name: "E-mail for the confirmation" })).toHaveValue(
      account.email,
    );
    await fillDelivery(page, ["Full name", "Mobile number"]);
    await checkout(page).getByRole("radio", { name: CARD }).check();

    const created = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
    await checkout(page)
      .getByRole("button", { name: `Pay ${formatMoney(cart.subtotal, "INR")}` })
      .click();
    expect((await created).postDataJSON()).toMatchObject({
      amount: cart.subtotal * 100,
      currency: "INR",
      promo_code: "Nil",
      cart_id: cart.cart_id,
      razorpay: true,
      city: "Jaipur",
      pin_code: "302002",
    });

    const widget = page.getByRole("dialog");
    await expect(widget).toContainText(formatMoney(cart.subtotal, "INR"));
    await widget.getByRole("button", { name: "Pay now" }).click();
    const id = await orderNumber(page, PAID_NOTICE);
    await expect(cartLink(page, 0)).toBeVisible();
    // The notice is transient (spec: 3 s).
    await pauseClock(page);
    await page.clock.runFor(TIMINGS_MS.noticeAutoClose);
    await expect(notice(page)).toBeHidden();
    await page.clock.resume();

    const order = (await (
      await request.get(`/api/orders/${id}`, { headers: { Authorization: `Token ${token}` } })
    ).json()) as { data: OrderDetail };
    expect(order.data).toMatchObject({
      status: "paid",
      payment_method: "razorpay",
      total: cart.subtotal,
      currency: "INR",
    });

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account", exact: true }).click();
    await expect(page).toHaveURL("/account");
    const orders = page.getByRole("region", { name: "Orders" });
    await expect(orders.getByRole("listitem").filter({ hasText: `Order #${id}` })).toContainText("Paid");
    await orders.getByRole("link", { name: `Order #${id}` }).click();
    await expect(page).toHaveURL(`/account/orders/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Order #${id}` })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(`^${order.data.lines[0]!.product_name}`) })).toContainText(
      formatMoney(cart.subtotal, "INR"),
    );
    await expect(page.getByRole("region", { name: "Delivery" })).toContainText("12 Hawa Mahal Road");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    // The tax invoice (issue 15): a plain link (it carries the download token), to a PDF whose text has its
    // number, stamped as a test order's (paid through the simulator).
    const invoiceLink = page.getByRole("link", { name: "Download tax invoice (PDF)" });
    await expect(invoiceLink).toHaveAttribute("href", order.data.invoice!.url);
    const pdf = await request.get(order.data.invoice!.url);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfText(await pdf.body());
    expect(text).toContain(`Invoice no. ${order.data.invoice!.number}`);
    expect(text).toContain("TEST ORDER — NOT A TAX INVOICE");
  });

  test("a shopper in USD pays with PayPal once the order exists", async ({ page, context, request, baseURL }) => {
    const cart = await cartIn(request, products.wallet, "USD");
    await openCheckout(page, context, baseURL!, cart);
    await fillDelivery(page);
    await checkout(page).getByRole("radio", { name: "PayPal" }).check();
    await expect(page.getByRole("button", { name: "Pay with PayPal" })).toHaveCount(0);

    const created = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
    await checkout(page).getByRole("button", { name: "Continue to PayPal" }).click();
    expect((await created).postDataJSON()).toMatchObject({
      amount: cart.subtotal,
      currency: "USD",
      razorpay: false,
      payment_method: "paypal",
    });
    await expect(checkout(page).getByRole("status")).toContainText(
      `Pay ${formatMoney(cart.subtotal, "USD")} with PayPal`,
    );
    await expect(checkout(page).getByRole("textbox", { name: "City" })).toBeDisabled();

    const verified = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/verify-payment/");
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    expect((await verified).postDataJSON()).toMatchObject({
      razorpay: false,
      amount: cart.subtotal * 100,
      cart_id: cart.cart_id,
    });
    await orderNumber(page, PAID_NOTICE);
    await expect(cartLink(page, 0)).toBeVisible();
  });
});

test.describe("when paying does not work out", () => {
  test("card: a failed payment and a cancelled one say so, and the shopper can still pay", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const cart = await cartIn(request, products.failures, "INR");
    await openCheckout(page, context, baseURL!, cart);
    await fillDelivery(page);
    await checkout(page).getByRole("radio", { name: CARD }).check();
    const pay = checkout(page).getByRole("button", { name: `Pay ${formatMoney(cart.subtotal, "INR")}` });

    await pay.click();
    await page.getByRole("dialog").getByRole("button", { name: "Fail payment" }).click();
    await expect(alert(page, MESSAGES.paymentFailed)).toBeVisible();

    await pay.click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(alert(page, MESSAGES.paymentCancelled)).toBeVisible();
    await expect(alert(page, MESSAGES.paymentFailed)).toHaveCount(0);

    await pay.click();
    await page.getByRole("dialog").getByRole("button", { name: "Pay now" }).click();
    await orderNumber(page, PAID_NOTICE);
  });

  test("PayPal: cancelling and a failure say so", async ({ page, context, request, baseURL }) => {
    const cart = await cartIn(request, products.walletFailures, "USD");
    await openCheckout(page, context, baseURL!, cart);
    await fillDelivery(page);
    await checkout(page).getByRole("radio", { name: "PayPal" }).check();
    await checkout(page).getByRole("button", { name: "Continue to PayPal" }).click();

    await page.getByRole("button", { name: "Cancel PayPal" }).click();
    await expect(alert(page, MESSAGES.paymentCancelled)).toBeVisible();
    await page.getByRole("button", { name: "Fail PayPal" }).click();
    await expect(alert(page, MESSAGES.paymentFailed)).toBeVisible();

    // Back to the details: the buttons go until the shopper continues again.
    await checkout(page).getByRole("button", { name: "Change details" }).click();
    await expect(page.getByRole("button", { name: "Pay with PayPal" })).toHaveCount(0);
    await expect(checkout(page).getByRole("textbox", { name: "City" })).toBeEnabled();
  });

  test("a total that changed meanwhile is refused with the server's message", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const cart = await cartIn(request, products.mismatch, "USD");
    await page.route(
      (url) => url.pathname === "/api/create-order/",
      (route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), amount: 1 }) }),
    );
    await openCheckout(page, context, baseURL!, cart);
    await fillDelivery(page);
    await checkout(page).getByRole("radio", { name: CARD }).check();
    await checkout(page)
      .getByRole("button", { name: `Pay ${formatMoney(cart.subtotal, "USD")}` })
      .click();
    await expect(alert(page, `The order total changed to ${formatMoney(cart.subtotal, "USD")}`)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("the delivery form", () => {
  test("asks for the required fields, then a payment method; each message goes after 5 s", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.clock.install();
    const cart = await cartIn(request, products.forms, "INR");
    await openCheckout(page, context, baseURL!, cart);
    for (const label of ["City", "PIN code"]) {
      await expect(checkout(page).getByRole("textbox", { name: label })).toHaveAttribute("required", "");
    }
    // In India the state is a select of the GST list (issue 15), required too.
    await expect(checkout(page).getByRole("combobox", { name: "State" })).toHaveAttribute("required", "");
    let sent = false;
    page.on("request", (r) => new URL(r.url()).pathname === "/api/create-order/" && (sent = true));
    // From here the page's time moves only when the test says so.
    await pauseClock(page);

    await checkout(page).getByRole("button", { name: "Place order" }).click();
    await expect(alert(page, MESSAGES.fillRequiredFields)).toBeVisible();
    const name = checkout(page).getByRole("textbox", { name: "Full name" });
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription("Full name is required.");
    await page.clock.runFor(TIMINGS_MS.formMessageTimeout - 100);
    await expect(alert(page, MESSAGES.fillRequiredFields)).toBeVisible();
    await page.clock.runFor(100);
    await expect(alert(page, MESSAGES.fillRequiredFields)).toHaveCount(0);

    await fillDelivery(page);
    await checkout(page).getByRole("button", { name: "Place order" }).click();
    await expect(alert(page, MESSAGES.selectPaymentMethod)).toBeVisible();
    await expect(checkout(page).getByRole("group", { name: "Payment method" })).toHaveAccessibleDescription(
      MESSAGES.selectPaymentMethod,
    );
    await expect(checkout(page).getByRole("radio", { name: CARD })).toBeFocused();
    await page.clock.runFor(TIMINGS_MS.formMessageTimeout);
    await expect(alert(page, MESSAGES.selectPaymentMethod)).toHaveCount(0);
    expect(sent).toBe(false);
  });

  test("has no serious accessibility problems with the checkout open", async ({ page, context, request, baseURL }) => {
    const cart = await cartIn(request, products.forms, "INR");
    await openCheckout(page, context, baseURL!, cart);
    await checkout(page).getByRole("radio", { name: CARD }).check();
    await checkout(page).getByRole("button", { name: /^Pay / }).click();
    await expect(alert(page, MESSAGES.fillRequiredFields)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test("an order page needs a login, and someone else's order is not found", async ({ page, request }) => {
  await page.goto("/account/orders/1");
  await expect(page).toHaveURL("/login?next=%2Faccount%2Forders%2F1");

  const { token } = await logInByApi(request, await createAccount(request, "stranger"));
  await openWithStorage(page, "/account/orders/999999", { token });
  await expect(page.getByRole("heading", { name: MESSAGES.notFoundTitle })).toBeVisible();
});
