import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatMoney, gstinCheckCharacter, type ProductListResponse } from "@store/shared";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { adminToken } from "../fixtures/back-office";
import { openWithStorage } from "../fixtures/cart";
import { setCurrencyCookie } from "../fixtures/currency";
import { keepAtBothWidths } from "../fixtures/screens";

/**
 * Decision 097: the owner moves an approved trade buyer to another group, revokes the account and reinstates
 * it on /admin/trade; the buyer's listing cards (category, search, home) follow at once, from the browser.
 */
async function post(request: APIRequestContext, url: string, data: object, headers: Record<string, string>) {
  const res = await request.post(url, { data, headers });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: number };
}

const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });

test("the owner moves, revokes and reinstates a trade buyer; its listing cards show its trade prices", async ({
  page,
  context,
  baseURL,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = { authorization: `Token ${await adminToken(request)}` };
  const stamp = Date.now() % 100_000;
  const shops = `Shops ${stamp}`;
  const hotels = `Hotels ${stamp}`;
  await post(request, "/api/admin/trade/groups", { name: shops, percent_off: 10 }, owner);
  await post(request, "/api/admin/trade/groups", { name: hotels, percent_off: 20 }, owner);
  const buyer = await createAccount(request, "trade-admin");
  const { token } = await logInByApi(request, buyer);
  const gstinBody = `08ABCDE${String(stamp % 10_000).padStart(4, "0")}F1Z`;
  const business = `Chandni Linens ${stamp}`;
  const applied = await post(
    request,
    "/api/trade/apply/",
    {
      gstin: gstinBody + gstinCheckCharacter(gstinBody),
      business_name: business,
      buys: "Table linen for our hotel",
      monthly_volume_rupees: 90000,
    },
    { authorization: `Token ${token}` },
  );
  const groups = (await (await request.get("/api/admin/trade", { headers: owner })).json()) as {
    groups: { id: number; name: string }[];
  };
  const shopsId = groups.groups.find((g) => g.name === shops)?.id;
  await post(request, `/api/admin/trade/applications/${applied.id}/approve`, { group_id: shopsId }, owner);

  // The first card of the Women listing, at retail and at each group's percentage.
  const listed = (await (
    await request.get("/api/get-all-products/?category_pk=1&currency=INR")
  ).json()) as ProductListResponse;
  const first = listed.data[0]!;
  const at = (percent: number) => formatMoney(Math.round((first.offer_price * (100 - percent)) / 100), "INR");

  await setCurrencyCookie(context, baseURL!, "INR");
  await openWithStorage(page, "/women", { token });
  await expect(page.getByTestId("trade-list-note")).toContainText(`Trade prices (${shops}) shown`);
  await expect(card(page, first.product_name)).toContainText(at(10));
  await keepAtBothWidths(page, "trade-listing");
  await page.goto(`/search?query=${encodeURIComponent(first.product_name)}`);
  await expect(page.getByTestId("trade-list-note")).toContainText(shops);
  await expect(card(page, first.product_name)).toContainText(at(10));

  // The owner's screen: the account's status, then a move to the other group.
  const admin = await browser.newPage();
  await openWithStorage(admin, "/admin/trade", { token: owner.authorization.replace("Token ", "") });
  const row = admin.getByRole("row").filter({ hasText: business });
  await expect(row).toContainText(new RegExp(`Approved.*Group: ${shops}`));
  await row.getByRole("combobox", { name: `Move ${business} to another group` }).selectOption({ label: hotels });
  await row.getByRole("button", { name: "Move", exact: true }).click();
  await expect(admin.getByRole("status").filter({ hasText: `${business} moved.` })).toBeVisible();
  await expect(row).toContainText(`Group: ${hotels}`);

  await page.goto("/women");
  await expect(page.getByTestId("trade-list-note")).toContainText(hotels);
  await expect(card(page, first.product_name)).toContainText(at(20));

  // A revocation needs its reason; then the account shows as revoked and the buyer sees retail prices.
  await row.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(admin.getByRole("alert")).toContainText("Please give the reason");
  await expect(row).toContainText("Approved");
  await row.getByRole("textbox", { name: `Reason for revoking ${business}` }).fill("Three transfers unpaid.");
  await row.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(admin.getByRole("status").filter({ hasText: `${business} revoked` })).toBeVisible();
  await expect(row).toContainText(/Revoked.*Reason: Three transfers unpaid\./);
  await keepAtBothWidths(admin, "admin-trade-revoked", row);

  await page.goto("/women");
  await expect(card(page, first.product_name)).toContainText(formatMoney(first.offer_price, "INR"));
  await expect(page.getByTestId("trade-list-note")).toHaveCount(0);
  await page.goto("/trade");
  await expect(page.getByRole("heading", { name: "Your trade account is suspended" })).toBeVisible();

  // Reinstated into the first group: trade prices again, on the home page's cards too.
  await row.getByRole("combobox", { name: `Trade group to reinstate ${business} into` }).selectOption({ label: shops });
  await row.getByRole("button", { name: "Reinstate", exact: true }).click();
  await expect(admin.getByRole("status").filter({ hasText: `${business} reinstated.` })).toBeVisible();
  await expect(row).toContainText(new RegExp(`Approved.*Group: ${shops}`));
  await admin.close();
  await page.goto("/");
  await expect(page.getByTestId("trade-list-note")).toContainText(shops);
  await keepAtBothWidths(page, "trade-home", page.getByTestId("trade-list-note"));
});
