import { expect, test } from "@playwright/test";
import { HSN_MESSAGE } from "@store/shared";
import { openWithStorage } from "../fixtures/cart";
import { PHONE, adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";

/**
 * Issue 15's tax data in the back office, on a phone: the GST registration and the rate rules; issue 38's: the
 * LUT's financial year, each subcategory's default HSN code and rule, and the notified values by date.
 */
test.use({ viewport: PHONE });

test("the seller's GST registration shows the field's own error and saves", async ({ page, request }) => {
  const token = await adminToken(request);
  await openWithStorage(page, "/admin/settings", { token });
  const form = page.getByRole("form", { name: "GST registration" });
  const gstin = form.getByRole("textbox", { name: "GSTIN" });
  await expect(gstin).not.toHaveValue("");
  const saved = await gstin.inputValue();
  // The same GSTIN with its state digits changed: the state no longer matches it.
  await gstin.fill(`27${saved.slice(2)}`);
  await form.getByRole("button", { name: "Save GST registration" }).click();
  await expect(gstin).toHaveAccessibleDescription(/last character does not match|from state code 27/);
  await expect(gstin).toBeFocused();
  await gstin.fill(saved);
  await expect(form.getByRole("textbox", { name: "LUT reference" })).toHaveAccessibleDescription(
    /Leave empty when you have no Letter of Undertaking/,
  );
  // The LUT covers one financial year: one that is none is refused on its field.
  const year = form.getByRole("textbox", { name: "LUT for financial year" });
  const savedYear = await year.inputValue();
  expect(savedYear).toMatch(/^\d{4}-\d{2}$/);
  await year.fill("2026-28");
  await form.getByRole("button", { name: "Save GST registration" }).click();
  await expect(year).toHaveAccessibleDescription(/Enter the financial year the LUT was furnished for/);
  await year.fill(savedYear);
  await form.getByRole("button", { name: "Save GST registration" }).click();
  await expect(page.getByRole("status").filter({ hasText: "GST registration saved." })).toBeVisible();
});

test("a seller adds a rule and a later rate, then deletes that rate", async ({ page, request }) => {
  const token = await adminToken(request);
  await openWithStorage(page, "/admin/tax-rules", { token });
  await expect(title(page, "Tax rules")).toBeVisible();
  const name = `Dhurries ${Date.now()}`;
  const addRule = page.getByRole("form", { name: "Add a rule" });
  await addRule.getByRole("textbox", { name: "Name" }).fill(name);
  await addRule.getByRole("button", { name: "Add rule" }).click();
  const rule = page.getByRole("region", { name });
  await expect(rule).toContainText("No rate yet");

  await rule.getByText("Add a rate").click();
  const rateForm = rule.getByRole("form", { name: `Add a rate to ${name}` });
  await rateForm.getByLabel("In force from").fill("2099-04-01");
  await rateForm.getByRole("textbox", { name: "Rate (%)" }).fill("5");
  await rateForm.getByRole("textbox", { name: "Up to ₹ a piece" }).fill("2500");
  await rateForm.getByRole("button", { name: "Add rate" }).click();
  await expect(rateForm.getByRole("textbox", { name: "Rate above (%)" })).toHaveAccessibleDescription(
    /Enter the rate that applies above the threshold/,
  );
  await rateForm.getByRole("textbox", { name: "Rate above (%)" }).fill("18");
  await rateForm.getByRole("button", { name: "Add rate" }).click();
  const rates = rule.getByRole("list", { name: `Rates of ${name}` });
  await expect(rates).toContainText("5% up to ₹2,500 a piece, 18% above");
  await expect(rates).toContainText("Takes effect later");
  await expectNoSidewaysScroll(page);

  await rates.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete rate" }).click();
  await expect(rule).toContainText("No rate yet");
});

test("a seller changes a subcategory's default, and a product's form says which default it follows", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  await openWithStorage(page, "/admin/tax-rules", { token });
  const defaults = page.getByRole("list", { name: "Defaults by subcategory" });
  const bunting = defaults.getByRole("listitem").filter({ hasText: "bunting (Home & Living)" });
  await expect(bunting).toContainText("6307 · Apparel and made-up textiles");
  await bunting.getByText("Change the default of bunting (Home & Living)").click();
  const form = bunting.getByRole("form", { name: "Default of bunting (Home & Living)" });
  const hsn = form.getByRole("textbox", { name: "HSN code" });
  await hsn.fill("63079");
  await form.getByRole("button", { name: "Save default" }).click();
  await expect(hsn).toHaveAccessibleDescription(new RegExp(`^${HSN_MESSAGE}`));
  await hsn.fill("630790");
  await form.getByRole("button", { name: "Save default" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Default of bunting saved." })).toBeVisible();
  await expect(bunting).toContainText("630790 · Apparel and made-up textiles");
  await expectNoSidewaysScroll(page);

  // A bunting product without its own code follows it; its form says so.
  const list = await request.get("/api/admin/products?category_pk=2&page_size=100", {
    headers: { Authorization: `Token ${token}` },
  });
  const products = (await list.json()) as {
    data: { id: number; subcategory: number | null; hsn_code: string | null }[];
  };
  const follower = products.data.find((p) => p.subcategory === 10 && p.hsn_code === null);
  expect(follower).toBeDefined();
  await openWithStorage(page, `/admin/products/${follower!.id}`, { token });
  await expect(page.getByRole("textbox", { name: "HSN code" })).toHaveAccessibleDescription(
    /Leave empty for the subcategory's 630790/,
  );
});

test("a seller adds a B2C large limit from a later date with its notification, then deletes it", async ({
  page,
  request,
}) => {
  await openWithStorage(page, "/admin/exchange-rates", { token: await adminToken(request) });
  await expect(title(page, "Exchange rates and limits")).toBeVisible();
  const limits = page.getByRole("region", { name: "Invoice value above which B2C sales are reported one by one" });
  await expect(limits.getByRole("list")).toContainText("₹1,00,000");
  await expect(limits.getByRole("list")).toContainText("12/2024-Central Tax");
  await limits.getByText("Add a value").click();
  const form = limits.getByRole("form", { name: "Add: Invoice value above which B2C sales are reported one by one" });
  await form.getByLabel("In force from").fill("2099-04-01");
  await form.getByRole("textbox", { name: "₹", exact: true }).fill("0");
  await form.getByRole("textbox", { name: "Notification" }).fill("99/2099-Central Tax");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("textbox", { name: "₹", exact: true })).toHaveAccessibleDescription(/more than 0/);
  await form.getByRole("textbox", { name: "₹", exact: true }).fill("150000");
  await form.getByRole("button", { name: "Save" }).click();
  const row = limits.getByRole("listitem").filter({ hasText: "99/2099-Central Tax" });
  await expect(row).toContainText("₹1,50,000");
  await expect(row).toContainText("Takes effect later");
  await expectNoSidewaysScroll(page);
  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
});
