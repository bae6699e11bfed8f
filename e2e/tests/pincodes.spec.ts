import { expect, test } from "@playwright/test";
import { openProduct, productInStock } from "../fixtures/cart";
import { cartIn, checkout, openCheckout } from "../fixtures/checkout";
import { seriousA11yViolations } from "../fixtures/axe";
import { setCurrencyCookie } from "../fixtures/currency";

/** "Thu 3 Dec": the promise's date, whichever day the test runs. */
const DATE = String.raw`(Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)`;

test("the product page promises a delivery date for a typed PIN code, and remembers it for next time", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const product = await productInStock(request, { minStock: 1 });
  // Served at once: the box is in the server's HTML, the promise is not awaited there.
  const html = await (await request.get(`/product/${product.id}`)).text();
  expect(html).toContain("Deliver to PIN code");
  expect(html).not.toContain("Deliver to 302022");

  await setCurrencyCookie(context, baseURL!, "INR");
  await openProduct(page, product.id);
  const box = page.getByRole("form", { name: "Delivery date" });
  const pin = box.getByRole("textbox", { name: "Deliver to PIN code" });
  await pin.fill("30202");
  await box.getByRole("button", { name: "Check" }).click();
  await expect(box.getByRole("status")).toHaveText("Enter a valid 6-digit PIN code.");
  await pin.fill("302022");
  await pin.press("Enter");
  await expect(box.getByRole("status")).toHaveText(
    new RegExp(`^Deliver to 302022: by ${DATE}, cash on delivery available$`),
  );

  await pin.fill("999999");
  await pin.press("Enter");
  await expect(box.getByRole("status")).toContainText("We do not know the PIN code 999999");

  // The last PIN code that had an answer is kept in this browser.
  await openProduct(page, product.id);
  await expect(pin).toHaveValue("302022");
  await expect(box.getByRole("status")).toContainText("Deliver to 302022: by");
});

test("the checkout fills the city and state from the PIN code, and says at once when it does not exist", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const product = await productInStock(request, { minStock: 1, skip: 1 });
  const cart = await cartIn(request, product.id, "INR");
  await openCheckout(page, context, baseURL!, cart);
  const form = checkout(page);
  const pin = form.getByRole("textbox", { name: "PIN code" });
  const city = form.getByRole("textbox", { name: "City" });
  const state = form.getByRole("combobox", { name: "State" });

  await pin.fill("400001");
  await expect(city).toHaveValue("Mumbai");
  await expect(state).toHaveValue("Maharashtra");
  await expect(form.getByText(/^Deliver to 400001/)).toHaveText(
    new RegExp(`^Deliver to 400001: by ${DATE}, cash on delivery available$`),
  );

  // A locality the shopper typed stays; the state follows the PIN code.
  await city.fill("Sitapura");
  await pin.fill("302022");
  await expect(state).toHaveValue("Rajasthan");
  await expect(city).toHaveValue("Sitapura");

  await pin.fill("999999");
  await expect(pin).toHaveAttribute("aria-invalid", "true");
  await expect(pin).toHaveAccessibleDescription(/We do not know the PIN code 999999/);
});

test("the checkout asks about a typed city the PIN code does not name: its town, or the shopper's own word", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const product = await productInStock(request, { minStock: 1, skip: 2 });
  const cart = await cartIn(request, product.id, "INR");
  await openCheckout(page, context, baseURL!, cart);
  const form = checkout(page);
  const pin = form.getByRole("textbox", { name: "PIN code" });
  const city = form.getByRole("textbox", { name: "City" });
  const state = form.getByRole("combobox", { name: "State" });
  const question = form.getByRole("group", { name: "Which city?" });

  // The case: PIN code 122001 with the city Mumbai. The state follows the PIN code; the city is asked about.
  await city.fill("Mumbai");
  await pin.fill("122001");
  await expect(state).toHaveValue("Haryana");
  await expect(city).toHaveValue("Mumbai");
  await expect(city).toHaveAccessibleDescription(
    'PIN code 122001 is in Gurugram, Haryana: use Gurugram as the city, or confirm "Mumbai".',
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await question.getByRole("button", { name: "Use Gurugram" }).click();
  await expect(city).toHaveValue("Gurugram");
  await expect(question).toHaveCount(0);

  // The old name of the town, or a locality among its post offices, is not questioned; another city is, and may be kept.
  await city.fill("Gurgaon");
  await expect(question).toHaveCount(0);
  await city.fill("Mumbai");
  await question.getByRole("button", { name: "Keep Mumbai" }).click();
  await expect(question).toHaveCount(0);
  await expect(city).not.toHaveAttribute("aria-invalid", "true");
  await expect(city).toHaveValue("Mumbai");
});
