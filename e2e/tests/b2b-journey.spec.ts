import { expect, test } from "@playwright/test";
import { currentIstMonth, formatMoney, monthLabel, type OrderDetail } from "@store/shared";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { adminToken } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { checkout, CONTINUE, fillDelivery } from "../fixtures/checkout";
import { createShipments, pressParcel } from "../fixtures/courier";
import { setCurrencyCookie } from "../fixtures/currency";
import { pdfText } from "../fixtures/pdf";
import {
  applyForTrade,
  approveIntoNewGroup,
  expectGstinPrefilled,
  askForQuote,
  BANK_ACCOUNT,
  BANK_TRANSFER,
  bankTransferPanel,
  digits,
  freshGstin,
  neftUtr,
  offerBankTransfer,
  priceQuote,
  recordTransfer,
} from "../fixtures/wholesale";

/**
 * Issue 44's "done when", through the screens: one trade buyer from its application to delivery. A Maharashtra
 * business applies, the owner approves it, it asks for a quote, the owner prices it, the buyer accepts and pays
 * by bank transfer with its GSTIN (prefilled from the trade account), the owner records two transfers, the
 * invoice names the business and is supplied in Maharashtra, the parcel is delivered, and the owner finds the
 * invoice in the month's B2B table (a bank transfer is never a test order, so the figures count it).
 */
test("a trade buyer: application, approval, quote, bank transfer, GSTIN invoice, delivery and the B2B table", async ({
  page,
  browser,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const ownerToken = await adminToken(request);
  await offerBankTransfer(request, { Authorization: `Token ${ownerToken}` });
  const product = await productInStock(request, { currency: "INR", minStock: 8, skip: 7 });
  const { token } = await logInByApi(request, await createAccount(request, "b2b-journey"));
  const gstin = freshGstin("27");
  const business = `Marine Traders ${Date.now() % 100_000} LLP`;

  // The business applies on /trade; the owner approves it into a new group on /admin/trade.
  await setCurrencyCookie(context, baseURL!, "INR");
  await openWithStorage(page, "/trade", { token });
  await applyForTrade(page, { gstin, name: business });
  const owner = await browser.newPage();
  await openWithStorage(owner, "/admin/trade", { token: ownerToken });
  await approveIntoNewGroup(owner, business, `Showrooms ${Date.now() % 100_000}`, 10);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your trade account is approved" })).toBeVisible();

  // It asks for 4 pieces on /quote; the owner prices them at ₹900 with ₹300 shipping from /admin/quotes.
  await page.goto(`/quote?product=${product.id}&size=${product.size}`);
  const quoteId = await askForQuote(page, 4, "Maharashtra");
  await owner.goto("/admin/quotes");
  await owner.getByRole("link", { name: `Q-${quoteId}` }).click();
  await priceQuote(owner, { size: product.size, rupees: 900, shipping: 300, terms: "By bank transfer" });
  const total = 4 * 900 + 300;

  // The buyer accepts and checks out by bank transfer; the GSTIN comes from the trade account.
  await page.reload();
  await expect(page.getByText("Status: Priced: ready to accept")).toBeVisible();
  await page.getByRole("button", { name: "Accept and check out" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole("button", { name: CONTINUE }).click();
  const form = checkout(page);
  await expectGstinPrefilled(form, { gstin, name: business });
  await fillDelivery(page);
  await form.getByRole("radio", { name: BANK_TRANSFER }).check();
  await form.getByRole("button", { name: "Place order" }).click();
  const placed = page.getByRole("heading", { level: 1, name: /^Order #\d+ is placed$/ });
  await expect(placed).toBeVisible({ timeout: 30_000 });
  const id = Number(/#(\d+)/.exec((await placed.textContent()) ?? "")?.[1]);
  await expect(page.getByTestId("order-bank-transfer")).toContainText(BANK_ACCOUNT.account_number);
  await expect(page.getByTestId("bank-transfer-balance")).toHaveText(formatMoney(total, "INR"));

  // The owner records ₹1,000 by NEFT, then the balance by IMPS, on the order's page.
  await owner.goto(`/admin/orders/${id}`);
  const transfers = bankTransferPanel(owner);
  await recordTransfer(transfers, { rupees: 1000, utr: neftUtr() }, "Transfer recorded.");
  await expect(owner.getByTestId("admin-bank-transfer-balance")).toHaveText(formatMoney(total - 1000, "INR"));
  await recordTransfer(transfers, { mode: "imps", utr: digits(12) }, "Transfer recorded: the order is paid in full.");

  // The buyer's order is confirmed, for the business, with its tax invoice supplied in Maharashtra.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Order #${id} is confirmed` })).toBeVisible();
  await expect(page.getByTestId("order-business")).toHaveText(`GST invoice to: ${business}, GSTIN ${gstin}`);
  const link = page.getByRole("link", { name: "Download tax invoice (PDF)" }).first();
  const text = await pdfText(await (await request.get((await link.getAttribute("href"))!)).body());
  expect(text).toContain(`GSTIN: ${gstin}`);
  expect(text).toContain(business);
  expect(text).toContain("Maharashtra (27)");

  // The owner ships it with the courier; the simulated courier's buttons take the parcel to the door.
  await owner.goto("/admin/orders?view=to_ship");
  await createShipments(owner, [id]);
  await owner.goto(`/admin/orders/${id}`);
  for (const step of ["Pickup requested", "Picked up", "In transit", "Out for delivery", "Delivered"])
    await pressParcel(owner, "Advance parcel", step);
  await page.reload();
  await expect(page.getByRole("region", { name: "Order progress" }).getByRole("listitem").last()).toContainText(
    "Delivered",
  );

  // The month's figures: the invoice is a row of the B2B table, at the GSTIN's state, for the order's value.
  const orderToken = new URL(page.url()).searchParams.get("token");
  const order = ((await (await request.get(`/api/orders/${id}?token=${orderToken}`)).json()) as { data: OrderDetail })
    .data;
  await owner.goto("/admin/tax");
  const b2b = owner.getByRole("table", { name: `B2B invoices, ${monthLabel(currentIstMonth())}` });
  const row = b2b.getByRole("row").filter({ hasText: order.invoice!.number });
  await expect(row).toContainText(gstin);
  await expect(row).toContainText(business);
  await expect(row).toContainText("27 Maharashtra");
  // Tax figures are to the paisa: ₹3,900.00.
  await expect(row).toContainText(`₹${total.toLocaleString("en-IN")}.00`);
  await owner.close();
});
