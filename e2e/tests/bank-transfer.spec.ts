import { expect, test, type APIRequestContext } from "@playwright/test";
import { formatMoney, type OrderDetail } from "@store/shared";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { adminToken, title } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { cartIn, checkout, fillDelivery, openCheckout } from "../fixtures/checkout";
import { pdfText } from "../fixtures/pdf";
import { keepAtBothWidths } from "../fixtures/screens";
import {
  BANK_ACCOUNT,
  BANK_TRANSFER,
  bankTransferPanel,
  digits,
  freshGstin,
  neftUtr,
  recordTransfer,
} from "../fixtures/wholesale";

/**
 * Paying by bank transfer (issue 44 point 4, decision 098): the owner saves the account, an approved trade buyer
 * checks out by bank transfer and is shown where to pay and what to quote; the owner records a part payment (the
 * buyer sees the balance due), then the balance, and the order is confirmed with its tax invoice.
 */
test.describe.configure({ timeout: 180_000 });

const { account_number: ACCOUNT_NUMBER, ifsc: IFSC } = BANK_ACCOUNT;

/** A shopper who applied for a trade account and whom the owner approved into a group at list prices. */
async function tradeBuyer(request: APIRequestContext, owner: Record<string, string>) {
  const account = await createAccount(request, "banktransfer");
  const { token } = await logInByApi(request, account);
  const applied = await request.post("/api/trade/apply/", {
    headers: { Authorization: `Token ${token}` },
    data: {
      gstin: freshGstin(),
      business_name: "Meena Textiles",
      buys: "Block-printed bedsheets for our shop in Ajmer",
      monthly_volume_rupees: 150000,
    },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  const group = await request.post("/api/admin/trade/groups", {
    headers: owner,
    data: { name: `Bank transfer ${Date.now()}`, percent_off: 0 },
  });
  expect(group.status(), await group.text()).toBe(201);
  const approved = await request.post(
    `/api/admin/trade/applications/${((await applied.json()) as { id: number }).id}/approve`,
    { headers: owner, data: { group_id: ((await group.json()) as { id: number }).id } },
  );
  expect(approved.status(), await approved.text()).toBe(200);
  return token;
}

test("a trade buyer pays by bank transfer in two parts, recorded by the owner, and gets the tax invoice", async ({
  page,
  browser,
  context,
  request,
  baseURL,
}) => {
  const ownerToken = await adminToken(request);
  const ownerHeaders = { Authorization: `Token ${ownerToken}` };

  // The owner saves the account buyers pay into.
  const owner = await browser.newPage();
  await openWithStorage(owner, "/admin/bank-transfer", { token: ownerToken });
  await expect(title(owner, "Bank transfer")).toBeVisible();
  await owner.getByRole("textbox", { name: "Account name" }).fill(BANK_ACCOUNT.account_name);
  await owner.getByRole("textbox", { name: "Bank", exact: true }).fill(BANK_ACCOUNT.bank_name);
  await owner.getByRole("textbox", { name: "Account number" }).fill(ACCOUNT_NUMBER);
  await owner.getByRole("textbox", { name: "IFSC" }).fill("hdfc0001234x");
  await owner.getByRole("textbox", { name: "Branch" }).fill(BANK_ACCOUNT.branch);
  await owner.getByRole("textbox", { name: "UPI ID (optional)" }).fill("");
  await owner.getByRole("textbox", { name: "Days to pay" }).fill("5");
  await owner.getByRole("checkbox", { name: "Offer bank transfer at checkout" }).check();
  await owner.getByRole("button", { name: "Save bank details" }).click();
  // The shared schema's words under the field; nothing is saved.
  await expect(owner.getByText("IFSC is 11 characters: 4 letters, 0, then 6 letters or digits")).toBeVisible();
  await expect(owner.getByRole("textbox", { name: "IFSC" })).toBeFocused();
  await owner.getByRole("textbox", { name: "IFSC" }).fill(IFSC.toLowerCase());
  await owner.getByRole("button", { name: "Save bank details" }).click();
  await expect(owner.getByText("Bank details saved. Trade buyers can pay by bank transfer.")).toBeVisible();
  await expect(owner.getByRole("textbox", { name: "IFSC" })).toHaveValue(IFSC);
  await keepAtBothWidths(owner, "admin-bank-transfer");

  // An approved trade buyer checks out by bank transfer.
  const token = await tradeBuyer(request, ownerHeaders);
  const product = await productInStock(request, { currency: "INR", minStock: 5, skip: 3 });
  const cart = await cartIn(request, product.id, "INR", token);
  await openCheckout(page, context, baseURL!, cart, token);
  await fillDelivery(page);
  await checkout(page).getByRole("radio", { name: BANK_TRANSFER }).check();
  await checkout(page).getByRole("button", { name: "Place order" }).click();
  const placed = page.getByRole("heading", { level: 1, name: /^Order #\d+ is placed$/ });
  await expect(placed).toBeVisible({ timeout: 30_000 });
  const id = Number(/#(\d+)/.exec((await placed.textContent()) ?? "")?.[1]);
  const reference = `BT${String(id).padStart(6, "0")}`;
  const orderToken = new URL(page.url()).searchParams.get("token");
  const readOrder = async () =>
    ((await (await request.get(`/api/orders/${id}?token=${orderToken}`)).json()) as { data: OrderDetail }).data;
  const { total } = await readOrder();
  const panel = page.getByTestId("order-bank-transfer");
  await expect(panel).toContainText(ACCOUNT_NUMBER);
  await expect(panel).toContainText(IFSC);
  await expect(panel).toContainText(`Send ${formatMoney(total, "INR")} by NEFT, RTGS or IMPS quoting ${reference} by `);
  await expect(page.getByTestId("bank-transfer-balance")).toHaveText(formatMoney(total, "INR"));
  await keepAtBothWidths(page, "order-bank-transfer", panel);

  // The owner records a part payment of ₹100 (a malformed UTR is refused under its field first).
  await owner.goto(`/admin/orders/${id}`);
  const back = bankTransferPanel(owner);
  await expect(back).toContainText(reference);
  await back.getByRole("textbox", { name: "Amount (₹)" }).fill("100");
  await back.getByRole("textbox", { name: "UTR" }).fill("12345");
  await back.getByRole("button", { name: "Record transfer" }).click();
  await expect(back.getByText("A NEFT UTR is 16 characters")).toBeVisible();
  await recordTransfer(back, { utr: neftUtr() }, "Transfer recorded.");
  await expect(owner.getByTestId("admin-bank-transfer-paid")).toHaveText(formatMoney(100, "INR"));
  await expect(owner.getByTestId("admin-bank-transfer-balance")).toHaveText(formatMoney(total - 100, "INR"));
  await expect(back.getByRole("table", { name: "Transfers received" })).toContainText(formatMoney(100, "INR"));
  await keepAtBothWidths(owner, "admin-order-bank-transfer", back);

  // The buyer sees what is still due.
  await page.reload();
  await expect(page.getByTestId("bank-transfer-paid")).toHaveText(formatMoney(100, "INR"));
  await expect(page.getByTestId("bank-transfer-balance")).toHaveText(formatMoney(total - 100, "INR"));

  // The owner records the balance by IMPS; the order is paid in full.
  await back.getByRole("combobox", { name: "Mode" }).selectOption("imps");
  await expect(back.getByRole("textbox", { name: "Amount (₹)" })).toHaveValue((total - 100).toFixed(2));
  await recordTransfer(back, { utr: digits(12) }, "Transfer recorded: the order is paid in full.");
  await expect(owner.getByTestId("admin-bank-transfer-balance")).toHaveText(formatMoney(0, "INR"));
  await expect(owner.locator("main header")).toContainText("Paid");
  await owner.close();

  // The buyer's order is confirmed, and its tax invoice can be downloaded.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Order #${id} is confirmed` })).toBeVisible();
  await expect(page.getByTestId("bank-transfer-balance")).toHaveText(formatMoney(0, "INR"));
  const invoice = page.getByRole("link", { name: "Download tax invoice (PDF)" }).first();
  await expect(invoice).toBeVisible();
  const text = await pdfText(await (await request.get((await invoice.getAttribute("href"))!)).body());
  expect(text.toLowerCase()).toContain("tax invoice");
});
