import { expect, test, type APIRequestContext } from "@playwright/test";
import { COD_SHIPPING_FEE_INR, formatMoney, type CodRule } from "@store/shared";
import { newShopper } from "../fixtures/accounts";
import { adminToken, title } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { cartIn, checkout, CARD, CONTINUE, fillDelivery, orderNumber } from "../fixtures/checkout";
import { setCurrencyCookie } from "../fixtures/currency";

/**
 * Cash on delivery's rules (issue 43 point 2, decision 093): the shopper reads why COD is not offered, or the
 * advance it needs, before choosing; the seller adds a rule. Each test uses its own Jaipur PIN code (no other
 * test delivers there) and deletes its rules.
 */

async function withRule<T>(request: APIRequestContext, rule: Record<string, unknown>, run: () => Promise<T>) {
  const headers = { Authorization: `Token ${await adminToken(request)}` };
  const created = await request.post("/api/admin/cod-rules", { headers, data: rule });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as CodRule;
  try {
    return await run();
  } finally {
    await request.delete(`/api/admin/cod-rules/${id}`, { headers });
  }
}

let product: number;
test.beforeAll(async ({ request }) => {
  product = (await productInStock(request, { minStock: 5, skip: 11 })).id;
});

test("the shopper reads why cash on delivery is not offered at a PIN code before choosing, and pays online", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await withRule(request, { scope: "pincode", key: "302017", action: "prepaid_only" }, async () => {
    const cart = await cartIn(request, product, "INR");
    await setCurrencyCookie(context, baseURL!, "INR");
    await openWithStorage(page, "/cart", { cartId: cart.cart_id });
    await page.getByRole("checkbox", { name: /Cash on Delivery/ }).check();
    await page.getByRole("button", { name: CONTINUE }).click();
    await fillDelivery(page, ["PIN code"]);
    await checkout(page).getByRole("textbox", { name: "PIN code", exact: true }).fill("302017");
    await expect(checkout(page).getByTestId("cod-refused")).toHaveText(
      "Cash on delivery is not available at PIN code 302017: please pay online.",
    );
    await expect(checkout(page).getByRole("radio", { name: "Cash on delivery" })).toHaveCount(0);
    await expect(checkout(page).getByRole("radio", { name: CARD })).toBeEnabled();
  });
});

test("an advance: the sentence before choosing, the advance paid through the card provider, the order confirmed", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const rule = { scope: "pincode", key: "302019", action: "advance", advance_percent: 10, advance_min_minor: 20_000 };
  await withRule(request, rule, async () => {
    const cart = await cartIn(request, product, "INR");
    const total = cart.subtotal + COD_SHIPPING_FEE_INR;
    const advance = Math.max(200, Math.ceil(total / 10));
    await setCurrencyCookie(context, baseURL!, "INR");
    await openWithStorage(page, "/cart", { cartId: cart.cart_id });
    await page.getByRole("checkbox", { name: /Cash on Delivery/ }).check();
    await page.getByRole("button", { name: CONTINUE }).click();
    await fillDelivery(page, ["PIN code"]);
    await checkout(page).getByRole("textbox", { name: "PIN code", exact: true }).fill("302019");
    await checkout(page)
      .getByRole("textbox", { name: "E-mail for the confirmation" })
      .fill(newShopper("cod-advance").email);
    const sentence = `Cash on delivery here needs ${formatMoney(advance, "INR")} paid online now; the rest, ${formatMoney(total - advance, "INR")}, is paid at the door.`;
    const cod = checkout(page).getByRole("radio", { name: "Cash on delivery" });
    await expect(cod).toHaveAccessibleDescription(sentence);
    await checkout(page).getByRole("button", { name: "Place order" }).click();

    const widget = page.getByRole("dialog");
    await expect(widget).toContainText(formatMoney(advance, "INR"));
    await widget.getByRole("button", { name: "Pay now" }).click();
    const id = await orderNumber(page, /Advance paid! Your order #(\d+) is confirmed; the rest is paid at the door\./);
    expect(id).toBeGreaterThan(0);
  });
});

test("the seller adds a rule on the back office's page", async ({ page, request }) => {
  const token = await adminToken(request);
  await openWithStorage(page, "/admin/cod-rules", { token });
  await expect(title(page, "Cash on delivery rules")).toBeVisible();
  await page.getByRole("button", { name: "Add a rule" }).click();
  const form = page.getByRole("form", { name: "Add a rule" });
  await form.getByRole("combobox", { name: "Applies to" }).selectOption("pincode");
  await form.getByRole("textbox", { name: "PIN code" }).fill("302026");
  await form.getByRole("combobox", { name: "Cash on delivery" }).selectOption("cap");
  const cap = form.getByRole("textbox", { name: "Largest COD order (₹)" });
  await cap.fill("abc");
  await form.getByRole("button", { name: "Save rule" }).click();
  await expect(form.getByRole("alert")).toBeVisible();
  await cap.fill("3000");
  await form.getByRole("button", { name: "Save rule" }).click();
  const row = page.getByRole("row", { name: /PIN code 302026/ });
  await expect(row).toContainText("Up to ₹3,000");
  const headers = { Authorization: `Token ${token}` };
  const rules = ((await (await request.get("/api/admin/cod-rules", { headers })).json()) as { data: CodRule[] }).data;
  for (const r of rules.filter((x) => x.key === "302026"))
    await request.delete(`/api/admin/cod-rules/${r.id}`, { headers });
});
