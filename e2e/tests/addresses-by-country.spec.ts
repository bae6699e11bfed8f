import { expect, test, type Page } from "@playwright/test";
import { seriousA11yViolations } from "../fixtures/axe";
import { productInStock } from "../fixtures/cart";
import { cartIn, checkout, openCheckout } from "../fixtures/checkout";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 41, point 1: the checkout's country is the shopper's (detected as for the currency: here the test
 * stand-in for the CDN's country header), and the address form takes that country's shape (decision 079).
 */
test.describe.configure({ timeout: 60_000 });

const WIDTHS = [
  { name: "desktop", viewport: { width: 1366, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

const field = (page: Page, name: string) => checkout(page).getByRole("textbox", { name, exact: true });
const select = (page: Page, name: string) => checkout(page).getByRole("combobox", { name, exact: true });

/** Submits with PayPal and answers the create-order body once the order exists (the PayPal step shows). */
async function placeWithPayPal(page: Page) {
  await checkout(page).getByRole("radio", { name: "PayPal" }).check();
  const created = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
  await checkout(page).getByRole("button", { name: "Continue to PayPal" }).click();
  const body = (await created).postDataJSON() as Record<string, unknown>;
  await expect(checkout(page).getByRole("status")).toContainText("with PayPal");
  return body;
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    test("a London buyer gets the United Kingdom, +44, a town and a postcode, and no state or PIN code", async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await page.setExtraHTTPHeaders({ "x-test-country": "GB" });
      const product = await productInStock(request, { minStock: 4, skip: 1 });
      await openCheckout(page, context, baseURL!, await cartIn(request, product.id, "USD"));
      await expect(select(page, "Country")).toHaveValue("GB");
      await expect(field(page, "Country code")).toHaveValue("+44");
      await expect(field(page, "Town or city")).toBeVisible();
      await expect(field(page, "Postcode")).toHaveAttribute("required", "");
      await expect(checkout(page).getByRole("textbox", { name: "PIN code" })).toHaveCount(0);
      await expect(checkout(page).getByText("State", { exact: true })).toHaveCount(0);

      await field(page, "Full name").fill("Emma Clarke");
      await field(page, "Mobile number").fill("020 7946 0958");
      await field(page, "Delivery address").fill("221B Baker Street");
      await field(page, "Town or city").fill("London");
      await field(page, "Postcode").fill("302002");
      await checkout(page).getByRole("radio", { name: "PayPal" }).check();
      await checkout(page).getByRole("button", { name: "Continue to PayPal" }).click();
      await expect(field(page, "Postcode")).toHaveAccessibleDescription("Enter a UK postcode, like EC1Y 8SY.");
      await expect(field(page, "Postcode")).toBeFocused();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await field(page, "Postcode").fill("nw1 6xe");
      await field(page, "Town or city").scrollIntoViewIfNeeded();
      await keepScreen(page, "issue41-p01-address-gb");

      expect(await placeWithPayPal(page)).toMatchObject({
        delivery_country: "GB",
        country_code: "+44",
        city: "London",
        state: "",
        pin_code: "nw1 6xe",
      });
    });

    test("a New York buyer gets the United States, +1, a state to choose and a ZIP code", async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await page.setExtraHTTPHeaders({ "x-test-country": "US" });
      const product = await productInStock(request, { minStock: 4, skip: 2 });
      await openCheckout(page, context, baseURL!, await cartIn(request, product.id, "USD"));
      await expect(select(page, "Country")).toHaveValue("US");
      await expect(field(page, "Country code")).toHaveValue("+1");
      await expect(field(page, "ZIP code")).toBeVisible();

      await field(page, "Full name").fill("Ruth Adler");
      await field(page, "Mobile number").fill("(212) 736-5000");
      await field(page, "Delivery address").fill("350 Fifth Avenue\nFloor 20");
      await field(page, "City").fill("New York");
      await field(page, "ZIP code").fill("10118");
      await checkout(page).getByRole("radio", { name: "PayPal" }).check();
      await checkout(page).getByRole("button", { name: "Continue to PayPal" }).click();
      await expect(select(page, "State")).toHaveAccessibleDescription("State is required.");
      await select(page, "State").selectOption({ label: "New York" });
      await field(page, "Mobile number").fill("555 0100");
      await checkout(page).getByRole("button", { name: "Continue to PayPal" }).click();
      await expect(field(page, "Mobile number")).toHaveAccessibleDescription(
        /^Enter a valid US phone number \(\+1\), like /,
      );
      await field(page, "Mobile number").fill("(212) 736-5000");
      await select(page, "State").scrollIntoViewIfNeeded();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await keepScreen(page, "issue41-p01-address-us");

      expect(await placeWithPayPal(page)).toMatchObject({
        delivery_country: "US",
        country_code: "+1",
        state: "NY",
        pin_code: "10118",
      });
    });
  });
}
