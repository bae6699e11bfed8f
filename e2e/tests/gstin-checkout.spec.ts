import { expect, test } from "@playwright/test";
import { currentIstMonth, formatMoney, monthLabel, type OrderDetail } from "@store/shared";
import { newShopper } from "../fixtures/accounts";
import { adminToken } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { CARD, cartIn, checkout, fillDelivery, openCheckout } from "../fixtures/checkout";
import { confirmedCodOrder } from "../fixtures/orders";
import { pdfText } from "../fixtures/pdf";

/**
 * GSTIN at checkout (issue 44, decision 096): a retail buyer asks for a GST invoice in an ordinary card checkout
 * and finds the GSTIN on the order's page and its invoice; the owner finds a business's invoice in the month's
 * B2B table (a real order: the simulator's are test orders, left out of the figures).
 */
test.describe.configure({ timeout: 90_000 });

const GSTIN = "29AAGCS5678D1ZY";
const NAME = "Sahyadri Interiors Pvt Ltd";

test("a buyer adds a GSTIN in a card checkout: checked as typed, shown on the order page and printed on the invoice", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const product = await productInStock(request, { minStock: 5, skip: 11 });
  const cart = await cartIn(request, product.id, "INR");
  await openCheckout(page, context, baseURL!, cart);
  await fillDelivery(page);
  const form = checkout(page);
  await form.getByRole("checkbox", { name: "Add GSTIN for business purchase (input tax credit)" }).check();
  await form.getByRole("textbox", { name: "GSTIN" }).fill("29aagcs5678d1z1");
  await form.getByRole("radio", { name: CARD }).check();
  await form.getByRole("button", { name: `Pay ${formatMoney(cart.subtotal, "INR")}` }).click();
  // The shared schema's words, under the fields, before anything is sent.
  await expect(form.getByText("This GSTIN's last character does not match the rest")).toBeVisible();
  await expect(form.getByText("Enter the legal name registered with this GSTIN")).toBeVisible();

  await form.getByRole("textbox", { name: "GSTIN" }).fill(GSTIN.toLowerCase());
  await form.getByRole("textbox", { name: "Legal name of the business" }).fill(NAME);
  const created = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
  await form.getByRole("button", { name: `Pay ${formatMoney(cart.subtotal, "INR")}` }).click();
  expect((await created).postDataJSON()).toMatchObject({ buyer_gstin: GSTIN, buyer_legal_name: NAME });
  await page.getByRole("dialog").getByRole("button", { name: "Pay now" }).click();
  // The page, not the transient notice (3 s, easily missed on a loaded runner).
  const confirmed = page.getByRole("heading", { level: 1, name: /^Order #\d+ is confirmed$/ });
  await expect(confirmed).toBeVisible({ timeout: 30_000 });
  const id = Number(/#(\d+)/.exec((await confirmed.textContent()) ?? "")?.[1]);

  await expect(page.getByText(`${NAME}, GSTIN ${GSTIN}`).first()).toBeVisible();
  await expect(page.getByTestId("order-business")).toHaveText(`GST invoice to: ${NAME}, GSTIN ${GSTIN}`);
  const token = new URL(page.url()).searchParams.get("token");
  const order = ((await (await request.get(`/api/orders/${id}?token=${token}`)).json()) as { data: OrderDetail }).data;
  expect(order.business).toEqual({ gstin: GSTIN, legal_name: NAME });
  const text = await pdfText(await (await request.get(order.invoice!.url)).body());
  expect(text).toContain(`GSTIN: ${GSTIN}`);
  expect(text).toContain(NAME);
  expect(text).toContain("Karnataka (29)");
});

test("the owner finds a business's invoice in the month's B2B table", async ({ page, request }) => {
  const product = await productInStock(request, { currency: "INR", minStock: 3, skip: 5, category: 6 });
  const delivery = { buyer_gstin: GSTIN, buyer_legal_name: NAME } as Record<string, string>;
  await confirmedCodOrder(request, product, newShopper("gstin-b2b").email, delivery);
  await openWithStorage(page, "/admin/tax", { token: await adminToken(request) });
  const b2b = page.getByRole("table", { name: `B2B invoices, ${monthLabel(currentIstMonth())}` });
  await expect(b2b.getByRole("row").filter({ hasText: GSTIN }).first()).toContainText(NAME);
  await expect(b2b.getByRole("row").filter({ hasText: GSTIN }).first()).toContainText("29 Karnataka");
});
