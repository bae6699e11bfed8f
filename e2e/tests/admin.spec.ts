import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  ADD_ITEM_MESSAGES,
  CANCELLATION_POLICY,
  formatMoney,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_MESSAGES,
  type AdminProduct,
  type ProductDetail,
} from "@store/shared";
import { newShopper } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { confirmedCodOrder, paidCardOrder } from "../fixtures/orders";
import { adminToken, simulatorControlHeaders, title } from "../fixtures/back-office";
import { productTaxFields } from "../fixtures/tax";

/**
 * Each test orders its own product, from a category the checkout spec does not buy from, so no test
 * waits on a piece another one holds.
 */
let products: Record<"ship" | "cancel" | "dashboard" | "csv" | "refund", ProductDetail>;
test.beforeAll(async ({ request }) => {
  const names = ["ship", "cancel", "dashboard", "csv", "refund"] as const;
  const found = await Promise.all(
    names.map((_, skip) => productInStock(request, { currency: "INR", minStock: 3, skip, category: 1 })),
  );
  products = Object.fromEntries(names.map((name, i) => [name, found[i]!])) as typeof products;
});

/** A guest's cash-on-delivery order in INR, confirmed with the code e-mailed to the guest. */
const codOrder = (request: APIRequestContext, product: ProductDetail) =>
  confirmedCodOrder(request, product, newShopper("admin-cod").email);

test("the admin finds an order through the filters and marks it shipped with a tracking number", async ({
  page,
  request,
}) => {
  const orderId = await codOrder(request, products.ship);
  await openWithStorage(page, "/admin/orders", { token: await adminToken(request) });
  await expect(title(page, "Orders")).toBeVisible();

  const filters = page.getByRole("search", { name: "Filter orders" });
  await filters.getByLabel("Status").selectOption({ label: ORDER_STATUS_LABELS.cod_confirmed });
  await filters.getByLabel("Payment").selectOption({ label: "Cash on delivery" });
  await filters.getByLabel("Currency").selectOption("INR");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=cod_confirmed/);
  await page
    .getByRole("table", { name: "Orders" })
    .getByRole("link", { name: `Order ${orderId}`, exact: true })
    .click();

  await expect(title(page, `Order ${orderId}`)).toBeFocused();
  const actions = page.getByRole("region", { name: "Next step" });
  const tracking = actions.getByRole("textbox", { name: "Tracking number" });
  await actions.getByRole("combobox", { name: "Courier" }).selectOption({ label: "India Post (Speed Post)" });
  await actions.getByRole("button", { name: "Mark shipped" }).click();
  await expect(tracking).toHaveAccessibleDescription(ORDER_STATUS_MESSAGES.trackingRequired);
  await expect(tracking).toBeFocused();

  await tracking.fill("JKH-IN-40021");
  await actions.getByRole("button", { name: "Mark shipped" }).click();
  await expect(actions.getByRole("status")).toContainText("marked shipped");
  await expect(actions.getByRole("status")).toBeFocused();
  await expect(page.getByRole("main").getByText(ORDER_STATUS_LABELS.shipped, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Delivery" })).toContainText("JKH-IN-40021");
  // Only the state machine's next moves are offered: shipped -> delivered or cancelled.
  await expect(actions.getByRole("button", { name: "Mark delivered" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Mark shipped" })).toHaveCount(0);
});

test("the admin cancels another order; the dialog explains the refund rule and the result is shown", async ({
  page,
  request,
}) => {
  const orderId = await codOrder(request, products.cancel);
  await openWithStorage(page, `/admin/orders/${orderId}`, { token: await adminToken(request) });
  const actions = page.getByRole("region", { name: "Next step" });
  await actions.getByRole("button", { name: "Cancel order" }).click();

  const dialog = page.getByRole("dialog", { name: `Cancel order ${orderId}?` });
  await expect(dialog).toContainText(
    `Within ${CANCELLATION_POLICY.fullRefundWindowHours} hours of the order: a full refund.`,
  );
  await expect(dialog).toContainText(`${CANCELLATION_POLICY.inTransitFeePercent}% of the order value is kept`);
  await dialog.getByRole("button", { name: "Keep order" }).click();
  await expect(dialog).toBeHidden();
  await expect(actions.getByRole("button", { name: "Cancel order" })).toBeFocused();

  await actions.getByRole("button", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  const outcome = actions.getByRole("status");
  await expect(outcome).toContainText("The order is cancelled.");
  // Cash on delivery was never collected: the rule says so and nothing is refunded.
  await expect(outcome).toContainText("Nothing was paid online");
  await expect(
    outcome
      .getByRole("definition")
      .filter({ hasText: formatMoney(0, "INR") })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("main").getByText(ORDER_STATUS_LABELS.cancelled, { exact: true }).first()).toBeVisible();
  await expect(actions.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  // Nothing was paid: there is nothing to refund, so no refund is offered.
  await expect(actions.getByRole("button", { name: "Refund order" })).toHaveCount(0);
});

test("the dashboard shows today's orders and revenue per currency, and passes axe", async ({ page, request }) => {
  await codOrder(request, products.dashboard);
  await openWithStorage(page, "/admin", { token: await adminToken(request) });
  await expect(title(page, "Dashboard")).toBeVisible();
  const today = page.getByRole("region", { name: "Today" });
  await expect(today.getByText(/^\d+$/)).toHaveText(/^[1-9]\d*$/);
  await expect(today.getByText("Revenue INR")).toBeVisible();
  await expect(today.getByText("Revenue USD")).toBeVisible();
  await expect(page.getByRole("region", { name: "This month", exact: true }).getByText(/^\d+$/)).toHaveText(
    /^[1-9]\d*$/,
  );
  await expect(page.getByRole("region", { name: "Open queries" }).getByText(/^\d+$/)).toBeVisible();
  await expect(page.getByRole("table", { name: /pieces or fewer/ })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("the CSV export downloads the filtered orders with the token", async ({ page, request }) => {
  const orderId = await codOrder(request, products.csv);
  await openWithStorage(page, "/admin/orders?currency=INR&payment_method=cod", { token: await adminToken(request) });
  await expect(page.getByRole("link", { name: `Order ${orderId}`, exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toMatch(/^order_id,/);
  expect(lines.some((line) => line.startsWith(`${orderId},`))).toBe(true);
  expect(lines.slice(1).every((line) => line.includes(",cod,INR,"))).toBe(true);
});

test("a refund the provider refused for good shows its error, and 'Retry refund' refunds it", async ({
  page,
  request,
}) => {
  const { orderId, total } = await paidCardOrder(request, products.refund);
  // The next refund call fails; this server gives a refund one try (REFUND_TRIES=1), so it fails for good at once.
  const outage = await request.post("/sim/outages", {
    data: { refunds: 1 },
    headers: await simulatorControlHeaders(request),
  });
  expect(outage.ok()).toBe(true);
  await openWithStorage(page, `/admin/orders/${orderId}`, { token: await adminToken(request) });
  const actions = page.getByRole("region", { name: "Next step" });
  await actions.getByRole("button", { name: "Cancel order" }).click();
  await page
    .getByRole("dialog", { name: `Cancel order ${orderId}?` })
    .getByRole("button", { name: "Cancel order" })
    .click();
  await expect(actions.getByRole("status")).toContainText("The order is cancelled.");

  const amount = formatMoney(total, "INR");
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments.getByRole("row", { name: /^Card \(Razorpay\)/ })).toContainText("Paid");
  const refunds = payments.getByRole("list", { name: "Refunds" });
  await expect(refunds).toContainText(
    `Order cancelled: ${amount} failed after 1 try and will not be tried again on its own. Last error:`,
  );
  await expect(refunds).toContainText("503");

  await actions.getByRole("button", { name: "Retry refund" }).click();
  const dialog = page.getByRole("dialog", { name: `Retry the refund for order ${orderId}?` });
  await expect(dialog).toContainText(`The shop asks the provider again to refund ${amount} through Card (Razorpay).`);
  await dialog.getByRole("button", { name: "Retry refund" }).click();
  const outcome = actions.getByRole("status");
  await expect(outcome).toHaveText("The refund went through.");
  await expect(outcome).toBeFocused();
  await expect(refunds).toContainText(`Order cancelled: ${amount} refunded (rfnd_`);
  await expect(actions.getByRole("button", { name: "Retry refund" })).toHaveCount(0);
  await expect(page.getByRole("main").getByText(ORDER_STATUS_LABELS.refunded, { exact: true }).first()).toBeVisible();
});

test("the admin edits a product: finds it, deactivates it, adds a size and changes its details", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const code = 200_000_000 + Math.floor(Math.random() * 100_000_000);
  const created = await request.post("/api/admin/products", {
    headers: { Authorization: `Token ${token}` },
    data: {
      product_name: `Edit Test Runner ${code}`,
      product_code: code,
      category: 2,
      description: "A runner to edit.",
      offer_price: 18,
      mrp: 25,
      is_active: true,
      ...(await productTaxFields(request, token)),
    },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()) as AdminProduct;

  await openWithStorage(page, "/admin/products", { token });
  const search = page.getByRole("search", { name: "Find products" });
  await search.getByRole("searchbox", { name: "Name or code" }).fill(String(code));
  await search.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("table", { name: "Products" }).getByRole("link", { name: product.product_name }).click();
  await expect(title(page, product.product_name)).toBeFocused();

  const active = page.getByRole("switch", { name: "Shown in the shop" });
  await expect(active).toHaveAttribute("aria-checked", "true");
  await active.click();
  await expect(page.getByRole("status").filter({ hasText: "Product deactivated." })).toBeVisible();
  await expect(active).toHaveAttribute("aria-checked", "false");

  // One form, one save (issue 13 point 6): the size table and the details are saved together.
  const editor = page.getByRole("form", { name: "Edit product" });
  const sizes = editor.getByRole("region", { name: /Sizes, prices and stock/ });
  await sizes.getByRole("combobox", { name: "Add a size" }).selectOption("M");
  await sizes.getByRole("spinbutton", { name: "Offer price, size M" }).fill("30");
  await sizes.getByRole("spinbutton", { name: "MRP, size M" }).fill("20");
  await editor.getByRole("button", { name: "Save product" }).click();
  await expect(sizes.getByRole("spinbutton", { name: "Offer price, size M" })).toHaveAccessibleDescription(
    ADD_ITEM_MESSAGES.offerAboveMrp,
  );
  await sizes.getByRole("spinbutton", { name: "MRP, size M" }).fill("40");
  await editor.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  await expect(sizes.getByRole("rowheader", { name: "M", exact: true })).toBeVisible();

  await editor.getByRole("textbox", { name: "Description", exact: true }).fill("");
  await editor.getByRole("button", { name: "Save product" }).click();
  await expect(editor.getByRole("textbox", { name: "Description", exact: true })).toHaveAccessibleDescription(
    ADD_ITEM_MESSAGES.description,
  );
  await editor
    .getByRole("textbox", { name: "Description", exact: true })
    .fill("Hand block printed table runner, edited.");
  await editor.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();

  const stored = (await (
    await request.get(`/api/admin/products/${product.id}`, { headers: { Authorization: `Token ${token}` } })
  ).json()) as AdminProduct;
  expect(stored).toMatchObject({ is_active: false, description: "Hand block printed table runner, edited." });
  expect(stored.sizes).toEqual(
    expect.arrayContaining([expect.objectContaining({ size: "M", offer_price: 30, mrp: 40 })]),
  );
});

test("the admin adds a promo code, sees the shared schema's message first, then deletes it", async ({
  page,
  request,
}) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await openWithStorage(page, "/admin/promo-codes", { token: await adminToken(request) });
  await page.getByRole("button", { name: "Add promo code" }).click();
  const form = page.getByRole("form", { name: "Add a promo code" });
  await expect(form.getByRole("heading", { name: "Add a promo code" })).toBeFocused();
  await form.getByRole("textbox", { name: "Code" }).fill(code);
  await form.getByRole("button", { name: "Add promo code" }).click();
  await expect(form.getByRole("textbox", { name: "Discount" })).toHaveAccessibleDescription(
    /Please enter the discount value!/,
  );
  await form.getByRole("textbox", { name: "Discount" }).fill("12");
  await form.getByRole("button", { name: "Add promo code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Promo code added." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add promo code" })).toBeFocused();
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("12%");

  await row.getByRole("button", { name: `Delete promo code ${code}` }).click();
  await page
    .getByRole("dialog", { name: `Delete promo code ${code}?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("row", { name: new RegExp(code) })).toHaveCount(0);
});
