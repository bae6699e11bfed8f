import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { formatMoney } from "@store/shared";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { adminToken } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { CARD, checkout, CONTINUE, fillDelivery } from "../fixtures/checkout";
import { pdfText } from "../fixtures/pdf";
import { keepAtBothWidths } from "../fixtures/screens";
import { askForQuote, priceQuote } from "../fixtures/wholesale";

/** Issue 44 point 3 (decision 101): a buyer's quote, priced by the owner, accepted and paid by card at its prices. */
test("a buyer asks for a quote, the owner prices it, the buyer downloads the proforma, accepts and pays", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await productInStock(request, { currency: "INR", minStock: 4, skip: 1, category: 6 });
  const buyer = await createAccount(request, "quote");
  const { token } = await logInByApi(request, buyer);

  // The product page's link opens the request with the product on its first line.
  await openWithStorage(page, `/product/${product.id}`, { token });
  await page.getByRole("link", { name: "Ask for a wholesale quote" }).click();
  const id = await askForQuote(page, 2, "Rajasthan", () => keepAtBothWidths(page, "quote-request"));

  // The owner prices it in the back office: ₹1,000 a piece, ₹250 shipping.
  const owner = await browser.newPage();
  await openWithStorage(owner, `/admin/quotes/${id}`, { token: await adminToken(request) });
  await priceQuote(owner, { size: product.size, rupees: 1000, shipping: 250, terms: "Full payment with the order" });
  await keepAtBothWidths(owner, "admin-quote-detail");
  await owner.goto("/admin/quotes");
  await expect(owner.getByRole("link", { name: `Q-${id}` })).toBeVisible();
  await owner.close();

  // The buyer sees the prices, downloads the proforma and accepts.
  await page.reload();
  await expect(page.getByText("Status: Priced: ready to accept")).toBeVisible();
  await expect(page.getByText(formatMoney(2250, "INR"))).toBeVisible();
  await keepAtBothWidths(page, "quote-priced");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download proforma invoice" }).click();
  const file = await download;
  const text = await pdfText(new Uint8Array(await readFile(await file.path())));
  expect(text).toContain("Proforma invoice - not a tax invoice");
  expect(text).toContain(`Q-${id}`);
  expect(text).toContain("Full payment with the order");

  await page.getByRole("button", { name: "Accept and check out" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole("button", { name: CONTINUE }).click();
  await fillDelivery(page);
  await checkout(page).getByRole("radio", { name: CARD }).check();
  await checkout(page)
    .getByRole("button", { name: `Pay ${formatMoney(2250, "INR")}` })
    .click();
  const widget = page.getByRole("dialog");
  await expect(widget).toContainText(formatMoney(2250, "INR"));
  await widget.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=[0-9a-f]{64}&placed=1$/);
  await expect(page.locator("main")).toContainText(`2 × ${formatMoney(1000, "INR")}`);

  // The account lists the quote as accepted.
  await page.goto("/account");
  await expect(page.getByRole("region", { name: "Your quotes" })).toContainText("Accepted and ordered");
});
