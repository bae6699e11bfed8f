import { expect, test } from "@playwright/test";
import { openWithStorage } from "../fixtures/cart";
import { PHONE, adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";

/** Issue 15's tax data in the back office, on a phone: the GST registration and the rate rules. */
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
