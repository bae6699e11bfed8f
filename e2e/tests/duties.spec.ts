import { expect, test, type Page } from "@playwright/test";
import { keepScreen } from "../fixtures/screens";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { CONTINUE, cartIn, checkout } from "../fixtures/checkout";
import { DESKTOP, PHONE, adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";
import { setCurrencyCookie } from "../fixtures/currency";

/**
 * Issue 41 point 3 (decision 081): a buyer abroad is told, in the cart and at checkout, that duties and taxes
 * are paid at delivery, with the estimate for their country; the seller's rules are in the back office.
 */
const notice = (page: Page) => page.getByTestId("duties-notice");

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const [country, name, pattern] of [
      [
        "US",
        "United States",
        /Estimated import duties and taxes for the United States: about \$\d+, paid to the carrier at delivery\. This is an estimate\./,
      ],
      [
        "GB",
        "United Kingdom",
        /Estimated import duties and taxes for the United Kingdom: about \$\d+, paid to the carrier at delivery\. This is an estimate\./,
      ],
    ] as const) {
      test(`a buyer in the ${name} sees the duties in the cart and the checkout`, async ({
        page,
        context,
        request,
        baseURL,
      }) => {
        // A cart, the checkout's chunk and two screens: more than a quick check takes on a shared machine.
        test.slow();
        // Category 3 and its own product, so the buying specs' stock is left alone (nothing is bought here).
        const product = await productInStock(request, { category: 3, skip: country === "US" ? 0 : 1 });
        const cart = await cartIn(request, product.id, "USD");
        await page.setExtraHTTPHeaders({ "x-test-country": country });
        await setCurrencyCookie(context, baseURL!, "USD");
        await openWithStorage(page, "/cart", { cartId: cart.cart_id });
        await expect(notice(page)).toHaveText(pattern);
        // Shipping abroad is priced for the address at checkout (decision 080), not "Free".
        const summary = page.getByRole("table", { name: "Order totals" });
        await expect(summary.getByRole("row", { name: /^Shipping/ })).toContainText("Calculated at checkout");
        await expect(summary.getByRole("row", { name: /^Total before shipping/ })).toBeVisible();
        await notice(page).scrollIntoViewIfNeeded();
        await keepScreen(page, `issue41-p03-duties-cart-${country.toLowerCase()}`);

        await page.getByRole("button", { name: CONTINUE }).click();
        const panel = checkout(page);
        await expect(panel.getByRole("heading", { name: "Delivery and payment" })).toBeFocused();
        // The checkout starts on the buyer's detected country (decision 079) and says it there too.
        await expect(panel.getByRole("combobox", { name: "Country", exact: true })).toHaveValue(country);
        await expect(panel.getByTestId("duties-notice")).toHaveText(pattern);
        // A country no rate card reaches is said before any payment is asked for.
        await panel.getByRole("combobox", { name: "Country", exact: true }).selectOption("RU");
        await expect(panel.getByTestId("not-shipped")).toHaveText("Sorry, we do not ship to Russia yet.");
        // India: nothing to say.
        await panel.getByRole("combobox", { name: "Country", exact: true }).selectOption("IN");
        await expect(panel.getByTestId("duties-notice")).toHaveCount(0);
        await expect(panel.getByTestId("not-shipped")).toHaveCount(0);
        await panel.getByRole("combobox", { name: "Country", exact: true }).selectOption(country);
        await expect(panel.getByTestId("duties-notice")).toHaveText(pattern);
        await panel.getByTestId("duties-notice").scrollIntoViewIfNeeded();
        await expectNoSidewaysScroll(page);
        await keepScreen(page, `issue41-p03-duties-checkout-${country.toLowerCase()}`);
      });
    }

    test("the seller's import rules, with a field's own error", async ({ page, request }) => {
      test.slow();
      const token = await adminToken(request);
      await openWithStorage(page, "/admin/import-duties", { token });
      await expect(title(page, "Import duties")).toBeVisible();
      const uk = page.getByRole("region", { name: /United Kingdom/ });
      const vat = uk.getByRole("textbox", { name: "VAT (%)" });
      await expect(vat).toHaveValue("20");
      await vat.fill("120");
      await uk.getByRole("button", { name: "Save GB rule" }).click();
      await expect(vat).toHaveAccessibleDescription(/The tax rate is at most 100%/);
      await expect(vat).toBeFocused();
      await vat.fill("20");
      await uk.getByRole("button", { name: "Save GB rule" }).click();
      await expect(page.getByRole("status").filter({ hasText: "The United Kingdom: saved." })).toBeVisible();
      // A duty rate by HS code: a bad code is refused at its field, a good one is listed and can be deleted.
      const rates = uk.locator("form").filter({ has: page.getByRole("button", { name: "Add rate" }) });
      const hs = rates.getByRole("textbox", { name: "HS code" });
      await hs.fill("63X");
      await rates.getByRole("textbox", { name: "Duty (%)" }).fill("12");
      await rates.getByRole("textbox", { name: "Source" }).fill("https://www.gov.uk/trade-tariff");
      await rates.getByRole("button", { name: "Add rate" }).click();
      await expect(hs).toBeFocused();
      await expect(hs).toHaveAccessibleDescription(/2 to 6 digits/);
      // Each width its own code: the two run side by side on one database.
      const code = viewport === DESKTOP ? "630499" : "630492";
      await hs.fill(code);
      await rates.getByLabel("From", { exact: true }).fill("2026-12-01");
      await rates.getByRole("button", { name: "Add rate" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Duty rate for ${code} added.` })).toBeVisible();
      await uk.getByRole("button", { name: `Delete the rate for ${code}` }).click();
      await expect(page.getByRole("status").filter({ hasText: `Duty rate for ${code} deleted.` })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.getByRole("region", { name: /European Union/ }).scrollIntoViewIfNeeded();
      await keepScreen(page, "issue41-p03-duties-admin");
    });
  });
}
