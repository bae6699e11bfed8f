import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { formatMoney, type CartResponse, type OrderDetail, type ProductDetail, type ReturnView } from "@store/shared";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { adminToken, DESKTOP, PHONE } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { CARD, checkout, fillDelivery, openCheckout, orderNumber } from "../fixtures/checkout";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 42, first slice (decision 087): a signed-in shopper's delivered order returned to store credit, the
 * seller accepts it and the credit is on the account page at once; the owner sees what the shop owes and to
 * whom, and makes a goodwill adjustment.
 */
test.describe.configure({ timeout: 120_000 });

let product: ProductDetail;
test.beforeAll(async ({ request }) => {
  // Home & living's third page, past the three after-sale.spec.ts takes.
  product = await productInStock(request, { currency: "INR", minStock: 3, skip: 3, category: 2, page: 3 });
});

const DELIVERY = {
  name: "Meera Rathore",
  delivery_address: "7 Johari Bazaar",
  country_code: "+91",
  mobile_number: "9829012345",
  pin_code: "302003",
  city: "Jaipur",
  state: "Rajasthan",
  comment: "",
};

/** The shopper's own card order, through their cart, paid in the simulator and delivered by the courier's. */
async function deliveredAccountOrder(request: APIRequestContext, token: string, admin: Record<string, string>) {
  const headers = { Authorization: `Token ${token}` };
  const added = await request.post("/api/cart-items/", {
    headers,
    data: {
      product_pk: product.id,
      size: product.size,
      quantity: 1,
      offer_price: product.offer_price,
      mrp: product.mrp,
      is_direct_buy: false,
      cart_id: null,
      currency: "INR",
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const { cart_id } = (await added.json()) as CartResponse;
  const cart = (await (
    await request.get(`/api/get-cart-items/?cart_id=${cart_id}&currency=INR`, { headers })
  ).json()) as CartResponse;
  const created = await request.post("/api/create-order/", {
    headers,
    data: { amount: cart.subtotal * 100, currency: "INR", promo_code: "Nil", cart_id, razorpay: true, ...DELIVERY },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { data } = (await created.json()) as { data: { order_id: number; key: string; data: { id: string } } };
  const paid = await request.post("/sim/razorpay/checkout/pay", { data: { key_id: data.key, order_id: data.data.id } });
  const verified = await request.post("/api/verify-payment/", {
    headers,
    data: { razorpay: true, ...(await paid.json()), amount: cart.subtotal * 100, cart_id },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const post = async (path: string, body: unknown = {}) =>
    expect((await request.post(path, { headers: admin, data: body })).status()).toBe(200);
  await post("/api/admin/shipments", { order_ids: [data.order_id] });
  for (let i = 0; i < 5; i++) await post(`/api/admin/orders/${data.order_id}/shipment/simulate`, { action: "advance" });
  return data.order_id;
}

/** The screen at both widths the review looks at, `top` (when given) at the top of each. */
async function keepBoth(page: Page, name: string, top?: Locator) {
  // Just below the sticky header (the e2e project has no DOM types: the page's window, typed by hand).
  const show = () =>
    top?.evaluate((element) => {
      const view = globalThis as unknown as { scrollTo: (x: number, y: number) => void; scrollY: number };
      view.scrollTo(0, element.getBoundingClientRect().top + view.scrollY - 88);
    });
  await show();
  await keepScreen(page, name);
  await page.setViewportSize(PHONE);
  await show();
  await keepScreen(page, name);
  await page.setViewportSize(DESKTOP);
}

test("a return taken as store credit is on the account at once; the owner sees it owed and adjusts it", async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  const account = await createAccount(request, "credit");
  const { token } = await logInByApi(request, account);
  const admin = { Authorization: `Token ${await adminToken(request)}` };
  const orderId = await deliveredAccountOrder(request, token, admin);

  // The shopper asks for a return to store credit on their order's page.
  await openWithStorage(page, `/account/orders/${orderId}`, { token });
  const returns = page.getByRole("region", { name: "Returns and exchanges" });
  await returns.getByRole("button", { name: "Return or exchange pieces" }).click();
  const form = returns.getByRole("form", { name: "Ask for a return or an exchange" });
  await form.getByRole("checkbox", { name: new RegExp(product.name) }).check();
  await form.getByLabel("Reason").selectOption("Changed my mind");
  await form.getByRole("radio", { name: /^Store credit in your account/ }).check();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await keepBoth(page, "issue42-p02-return-to-credit", form.getByRole("checkbox", { name: new RegExp(product.name) }));
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(returns.getByRole("heading", { level: 3 })).toHaveText(/^Return #\d+: Requested$/);
  await expect(returns).toContainText("as store credit in your account");

  // The seller approves, takes the parcel in and accepts it: the credit is issued then, no card refund.
  const view = (
    (await (await request.get(`/api/orders/${orderId}`, { headers: { Authorization: `Token ${token}` } })).json()) as {
      data: { returns: ReturnView[] };
    }
  ).data.returns[0]!;
  for (const [step, body] of [
    ["approve", { note: "" }],
    ["receive", {}],
    ["inspect", { outcome: "accept" }],
  ] as const) {
    const res = await request.post(`/api/admin/returns/${view.id}/${step}`, { headers: admin, data: body });
    expect(res.status(), await res.text()).toBe(200);
  }
  const credit = formatMoney(view.refund, "INR");

  await page.reload();
  await expect(returns.getByRole("heading", { level: 3 })).toHaveText(/^Return #\d+: Refunded as store credit$/);

  // The account page: the balance and its history.
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Store credit" });
  await expect(section).toContainText(`Balance: ${credit}`);
  await expect(section.getByRole("list", { name: "Store credit history" })).toContainText("Refund of a return");
  await expect(section).toContainText("Store credit never expires.");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await keepBoth(page, "issue42-p05-account-credit", section);

  // The owner: what the shop owes, to whom, and a goodwill credit with its reason.
  // A tab of its own: the shopper's token is this tab's.
  const owner = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await openWithStorage(owner, `/admin/store-credit?query=${encodeURIComponent(account.email)}`, {
    token: await adminToken(request),
  });
  const holders = owner.getByRole("table", { name: "Shoppers holding store credit" });
  await expect(holders).toContainText(credit);
  await holders.getByRole("link", { name: /Meera Rathore/ }).click();
  const ledger = owner.getByRole("region", { name: /Meera Rathore/ });
  await expect(ledger).toContainText(`Balance: ${credit}`);
  const adjust = ledger.getByRole("form", { name: "Goodwill adjustment" });
  // No reason: said in the form, nothing sent.
  await adjust.getByLabel(/^Amount/).fill("250");
  await adjust.getByRole("button", { name: "Save adjustment" }).click();
  await expect(adjust.getByLabel(/^Reason/)).toBeFocused();
  await adjust.getByLabel(/^Reason/).fill("Parcel arrived a week late");
  await adjust.getByRole("button", { name: "Save adjustment" }).click();
  await expect(adjust.getByRole("status")).toHaveText(`Saved: ${formatMoney(250, "INR")}.`);
  await expect(ledger).toContainText(`Balance: ${formatMoney(view.refund + 250, "INR")}`);
  await expect(ledger.getByRole("table", { name: "Ledger, newest first" })).toContainText("Parcel arrived a week late");
  expect(await seriousA11yViolations(owner)).toEqual([]);
  await keepBoth(owner, "issue42-p01-ledger-admin");

  // More than the balance cannot be taken away.
  await adjust.getByLabel(/^Amount/).fill(String(-(view.refund + 251)));
  await adjust.getByLabel(/^Reason/).fill("Correction");
  await adjust.getByRole("button", { name: "Save adjustment" }).click();
  await expect(adjust.getByRole("alert")).toContainText("The store credit balance is");
  await owner.context().close();
});

test("a shopper spends the credit of a return at checkout: part by credit, the rest by card (decision 088)", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP);
  const account = await createAccount(request, "spend");
  const { token } = await logInByApi(request, account);
  const headers = { Authorization: `Token ${token}` };
  const admin = { Authorization: `Token ${await adminToken(request)}` };
  const orderId = await deliveredAccountOrder(request, token, admin);

  // The delivered piece comes back as store credit (the first test walks this through the pages).
  const order = ((await (await request.get(`/api/orders/${orderId}`, { headers })).json()) as { data: OrderDetail })
    .data;
  const asked = await request.post(`/api/orders/${orderId}/returns`, {
    headers,
    data: {
      kind: "return",
      reason: "Changed my mind",
      lines: [{ line_id: order.lines[0]!.line_id, quantity: 1 }],
      refund_via: "store_credit",
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const request_ = ((await asked.json()) as { data: ReturnView }).data;
  for (const [step, body] of [
    ["approve", { note: "" }],
    ["receive", {}],
    ["inspect", { outcome: "accept" }],
  ] as const) {
    const res = await request.post(`/api/admin/returns/${request_.id}/${step}`, { headers: admin, data: body });
    expect(res.status(), await res.text()).toBe(200);
  }
  const credit = request_.refund;

  // Two pieces in the cart: the credit pays one, the card the other.
  const added = await request.post("/api/cart-items/", {
    headers,
    data: {
      product_pk: product.id,
      size: product.size,
      quantity: 2,
      offer_price: product.offer_price,
      mrp: product.mrp,
      is_direct_buy: false,
      cart_id: null,
      currency: "INR",
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const cart = (await added.json()) as CartResponse;
  const rest = cart.subtotal - credit;
  expect(rest).toBeGreaterThan(0);

  await openCheckout(page, context, baseURL!, cart, token);
  await fillDelivery(page, ["Full name", "Mobile number"]);
  // Its name says the balance: a substring match of the label's words.
  const use = checkout(page).getByRole("checkbox", {
    name: `Use my store credit (${formatMoney(credit, "INR")} available)`,
  });
  await use.check();
  const totals = checkout(page).getByTestId("credit-totals");
  await expect(totals).toContainText(`Store credit-${formatMoney(credit, "INR")}`);
  await expect(checkout(page).getByTestId("left-to-pay")).toHaveText(formatMoney(rest, "INR"));
  await checkout(page).getByRole("radio", { name: CARD }).check();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await keepBoth(page, "issue42-p07-checkout-store-credit", use);

  const created = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
  await checkout(page)
    .getByRole("button", { name: `Pay ${formatMoney(rest, "INR")}` })
    .click();
  // The spec's amount stays the order's total; the credit shown is sent with it.
  expect((await created).postDataJSON()).toMatchObject({
    amount: cart.subtotal * 100,
    use_store_credit: true,
    store_credit_amount: credit,
  });
  const widget = page.getByRole("dialog");
  await expect(widget).toContainText(formatMoney(rest, "INR"));
  await widget.getByRole("button", { name: "Pay now" }).click();
  const id = await orderNumber(page, /^Payment successful! Your order #(\d+) is confirmed\.$/);

  // The confirmation and the order page say what the credit paid and what the card paid.
  await expect(page.getByRole("region", { name: /Thank you/ })).toContainText(
    `Paid with store credit: ${formatMoney(credit, "INR")}`,
  );
  const paidWithCredit = page.getByTestId("paid-with-credit");
  await expect(paidWithCredit).toHaveText(`Paid with store credit${formatMoney(credit, "INR")}`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await keepBoth(page, "issue42-p08-order-paid-with-credit", paidWithCredit);
  const balance = (await (await request.get("/api/store-credit/", { headers })).json()) as {
    balances: { currency: string; amount: number }[];
  };
  expect(balance.balances).toEqual([{ currency: "INR", amount: 0 }]);
  expect(id).toBeGreaterThan(orderId);
});
