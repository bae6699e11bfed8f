import { expect, test } from "@playwright/test";
import { formatMoney, gstinCheckCharacter } from "@store/shared";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { adminToken } from "../fixtures/back-office";
import { ADDED_TO_CART, cartLink, openWithStorage, productInStock } from "../fixtures/cart";
import { CARD, checkout, CONTINUE, fillDelivery } from "../fixtures/checkout";
import { setCurrencyCookie } from "../fixtures/currency";
import { keepAtBothWidths } from "../fixtures/screens";

/**
 * Issue 44 point 2 (decision 097): a business applies for a trade account, the owner approves it into a group
 * and sets a fixed price, a minimum and a case pack; the buyer sees and pays the trade price with its GSTIN
 * prefilled at checkout (decision 096), then reorders the order in one step.
 */
test("a business applies, is approved with trade prices and a case pack, checks out with its GSTIN and reorders", async ({
  page,
  context,
  baseURL,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // Stock for the order and its reorder: 4 pieces twice.
  const product = await productInStock(request, { currency: "INR", minStock: 10, skip: 3, category: 3 });
  const buyer = await createAccount(request, "trade");
  const { token } = await logInByApi(request, buyer);
  const gstin = `08ABCDE${String(Date.now() % 10_000).padStart(4, "0")}F1Z`;
  const GSTIN = gstin + gstinCheckCharacter(gstin);
  const business = `Meena Textiles ${Date.now() % 100_000}`;
  const group = `Boutiques ${Date.now() % 100_000}`;
  // Whole rupees, well below retail.
  const tradeRupees = Math.max(1, Math.floor(product.offer_price / 2));

  // The business applies, shopping in rupees (fixed trade prices are in rupees; USD gets the percentage).
  await setCurrencyCookie(context, baseURL!, "INR");
  await openWithStorage(page, "/trade", { token });
  await page.getByRole("textbox", { name: "GSTIN" }).fill(GSTIN);
  await page.getByRole("textbox", { name: "Business name" }).fill(business);
  await page.getByRole("textbox", { name: "What your business buys" }).fill("Block-printed bedsheets for our shop");
  await page.getByRole("textbox", { name: "Expected monthly purchases (₹)" }).fill("150000");
  await page.getByRole("button", { name: "Apply for a trade account" }).click();
  await expect(page.getByRole("heading", { name: "Your application is being reviewed" })).toBeVisible();
  await keepAtBothWidths(page, "trade-applied");

  // The owner adds a group with 10% off, approves the business into it, and sets a fixed price, a minimum
  // of 4 and a case pack of 2 for the product.
  const owner = await browser.newPage();
  await openWithStorage(owner, "/admin/trade", { token: await adminToken(request) });
  const newGroup = owner.getByRole("form", { name: "New trade group" });
  await newGroup.getByRole("textbox", { name: "Name" }).fill(group);
  await newGroup.getByRole("textbox", { name: "Percent off retail prices" }).fill("10");
  await newGroup.getByRole("button", { name: "Add group" }).click();
  await expect(owner.getByRole("status").filter({ hasText: `Group ${group} added.` })).toBeVisible();
  await owner.getByRole("combobox", { name: `Trade group for ${business}` }).selectOption({ label: group });
  await owner
    .getByRole("row")
    .filter({ hasText: business })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expect(owner.getByRole("status").filter({ hasText: `${business} approved.` })).toBeVisible();
  await expect(owner.getByRole("row").filter({ hasText: business })).toContainText(
    new RegExp(`Approved.*Group: ${group}`),
  );

  const price = owner.getByRole("form", { name: "Fixed trade price" });
  await price.getByRole("combobox", { name: "Group" }).selectOption({ label: group });
  await price.getByRole("textbox", { name: "Product number" }).fill(String(product.id));
  await price.getByRole("textbox", { name: "Price, whole rupees" }).fill(String(tradeRupees));
  await price.getByRole("button", { name: "Save price" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Fixed price saved." })).toBeVisible();

  const rule = owner.getByRole("form", { name: "Minimum and case pack" });
  await rule.getByRole("textbox", { name: "Product number" }).fill(String(product.id));
  await rule.getByRole("textbox", { name: "Minimum pieces" }).fill("4");
  await rule.getByRole("textbox", { name: "Case pack" }).fill("2");
  await rule.getByRole("button", { name: "Save minimum and pack" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Minimum and case pack saved." })).toBeVisible();
  await expect(owner.getByRole("table", { name: "Minimums and case packs" })).toContainText(`#${product.id}`);
  await keepAtBothWidths(owner, "admin-trade");
  await owner.close();

  // The approved buyer's product page: the trade price and the terms, asked in the browser.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your trade account is approved" })).toBeVisible();
  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId("trade-terms")).toHaveText(
    `Trade price (${group}). Minimum 4 pieces. Sold in packs of 2.`,
  );
  await expect(page.locator("main")).toContainText(formatMoney(tradeRupees, "INR"));
  await keepAtBothWidths(page, "trade-product");

  // One piece is below the minimum; five are not a whole number of packs; four are right.
  const addAt = async (quantity: number) => {
    const field = page.getByRole("spinbutton", { name: "Quantity" });
    await field.fill(String(quantity));
    await field.press("Enter");
    await page.getByRole("button", { name: "Add to cart" }).click();
  };
  await addAt(1);
  await expect(page.getByRole("alert").filter({ hasText: "Minimum 4 pieces of" })).toBeVisible();
  await addAt(5);
  await expect(page.getByRole("alert").filter({ hasText: "is sold in packs of 2" })).toBeVisible();
  await addAt(4);
  await expect(page.getByRole("status").filter({ hasText: ADDED_TO_CART })).toBeVisible();
  await expect(cartLink(page, 4)).toBeVisible();

  // The cart prices the line at the trade price; the checkout's GSTIN fields start ticked and filled.
  await page.goto("/cart");
  await expect(page.locator("main")).toContainText(formatMoney(tradeRupees * 4, "INR"));
  await page.getByRole("button", { name: CONTINUE }).click();
  const form = checkout(page);
  await expect(
    form.getByRole("checkbox", { name: "Add GSTIN for business purchase (input tax credit)" }),
  ).toBeChecked();
  await expect(form.getByRole("textbox", { name: "GSTIN" })).toHaveValue(GSTIN);
  await expect(form.getByRole("textbox", { name: "Legal name of the business" })).toHaveValue(business);
  await fillDelivery(page);
  await form.getByRole("radio", { name: CARD }).check();
  await keepAtBothWidths(page, "trade-checkout", form);
  const created = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
  await form.getByRole("button", { name: /^Pay / }).click();
  expect((await created).postDataJSON()).toMatchObject({ buyer_gstin: GSTIN, buyer_legal_name: business });
  await page.getByRole("dialog").getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=[0-9a-f]{64}&placed=1$/, { timeout: 30_000 });
  const id = Number(/\/orders\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.locator("main")).toContainText(`4 × ${formatMoney(tradeRupees, "INR")}`);
  await expect(page.getByTestId("order-business")).toHaveText(`GST invoice to: ${business}, GSTIN ${GSTIN}`);

  // Reorder from the account's order page fills the emptied cart again.
  await page.goto(`/account/orders/${id}`);
  await page.getByRole("button", { name: "Reorder" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `4 pieces from order #${id} added to your cart` }),
  ).toBeVisible();
  await expect(cartLink(page, 4)).toBeVisible();
  await keepAtBothWidths(page, "trade-reorder");
  await page.getByRole("link", { name: "Go to your cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator("main")).toContainText(formatMoney(tradeRupees * 4, "INR"));
});
