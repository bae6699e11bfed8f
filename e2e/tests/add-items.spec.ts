import { expect, test, type Page } from "@playwright/test";
import {
  ADD_ITEM_DEFAULTS,
  ADD_ITEM_MESSAGES,
  ADD_ITEM_SIZES,
  HSN_MESSAGE,
  listingPath,
  searchHeading,
  type ErrorBody,
} from "@store/shared";
import { createAccount, logInByApi } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { DEMO_ADMIN } from "../fixtures/demo-admin";
import { openWithStorage } from "../fixtures/cart";

/** The browser's localStorage, typed here because the e2e project compiles without the DOM library. */
type WebStorage = { getItem(key: string): string | null };

/** A 1x1 PNG: enough for the server to re-encode as WebP. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const form = (page: Page) => page.getByRole("form", { name: "Add a product" });
const field = (page: Page, name: string) => form(page).getByRole("textbox", { name, exact: true });
const select = (page: Page, name: string) => form(page).getByRole("combobox", { name, exact: true });
const spin = (page: Page, name: string) => form(page).getByRole("spinbutton", { name, exact: true });
const submit = (page: Page) => form(page).getByRole("button", { name: "Add product" });

async function storedDraft(page: Page): Promise<string | null> {
  return page.evaluate(() => (globalThis as unknown as { localStorage: WebStorage }).localStorage.getItem("items"));
}

async function signInAsAdmin(page: Page) {
  const signIn = page.getByRole("region", { name: "Sign in to the back office" });
  await signIn.getByLabel("E-mail").fill(DEMO_ADMIN.email);
  await signIn.getByLabel("Password").fill(DEMO_ADMIN.password);
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a product" })).toBeFocused();
}

/** Letters only, so the word is one search term of its own. */
function uniqueWord(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  return `Vel${Array.from({ length: 7 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
}

test("a guest gets the back-office sign-in form, not the add-item form", async ({ page }) => {
  await page.goto("/add_items");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the back office" })).toBeVisible();
  await expect(form(page)).toHaveCount(0);
});

test("a shopper is refused with the server's words", async ({ page, request }) => {
  const session = await logInByApi(request, await createAccount(request, "add-items"));
  const refusal = (await (
    await request.get("/api/admin/dashboard", { headers: { Authorization: `Token ${session.token}` } })
  ).json()) as ErrorBody;
  await openWithStorage(page, "/add_items", { token: session.token });
  await expect(page.getByRole("alert").filter({ hasText: refusal.message })).toBeVisible();
  await expect(form(page)).toHaveCount(0);
});

test("the admin adds a product: defaults, validation texts, a kept draft, then the shop lists and finds it", async ({
  page,
}) => {
  const word = uniqueWord();
  const name = `${word} Block Print Garden Umbrella`;
  const code = String(100_000 + Math.floor(Math.random() * 800_000_000));

  await test.step("sign in; the form shows the spec's defaults and passes axe", async () => {
    await page.goto("/add_items");
    await signInAsAdmin(page);
    await expect(spin(page, "Quantity")).toHaveValue(String(ADD_ITEM_DEFAULTS.quantity));
    // A new product is a draft (decision 025-catalogue-tools); the spec's other two flags start on.
    await expect(form(page).getByRole("checkbox", { name: "Active", exact: true })).not.toBeChecked();
    for (const flag of ["New arrival", "Top selling"])
      await expect(form(page).getByRole("checkbox", { name: flag, exact: true })).toBeChecked();
    await expect(select(page, "Size")).toHaveValue(ADD_ITEM_DEFAULTS.size);
    await expect(select(page, "Size").getByRole("option")).toHaveText(ADD_ITEM_SIZES.map((s) => s.label));
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  await test.step("an empty submit shows each validation text under its field, and sends nothing", async () => {
    let posted = 0;
    page.on("request", (r) => r.method() === "POST" && r.url().endsWith("/api/admin/products") && posted++);
    await submit(page).click();
    await expect(field(page, "Product name")).toHaveAccessibleDescription(ADD_ITEM_MESSAGES.productName);
    await expect(field(page, "Product name")).toBeFocused();
    await expect(select(page, "Category")).toHaveAccessibleDescription(ADD_ITEM_MESSAGES.category);
    await expect(field(page, "Description")).toHaveAccessibleDescription(ADD_ITEM_MESSAGES.description);
    await expect(spin(page, "Offer price (USD)")).toHaveAccessibleDescription(ADD_ITEM_MESSAGES.offerPrice);
    await expect(spin(page, "MRP (USD)")).toHaveAccessibleDescription(ADD_ITEM_MESSAGES.mrp);
    // Issues 15 and 38: without a subcategory there is no default HSN code, so the form says it is needed.
    await expect(field(page, "HSN code")).toHaveAccessibleDescription(
      new RegExp(`^${HSN_MESSAGE}; printed on the invoice. Needed: the subcategory has no default`),
    );
    expect(posted).toBe(0);
  });

  await test.step("typed values are kept under `items` and survive a reload", async () => {
    await field(page, "Product name").fill(name);
    await field(page, "Description").fill("Hand block printed cotton canopy on a carved wooden stick.");
    await select(page, "Category").selectOption({ label: "Home & Living" });
    await spin(page, "Offer price (USD)").fill("24");
    expect(JSON.parse((await storedDraft(page)) ?? "{}")).toMatchObject({
      product_name: name,
      category: "2",
      offer_price: 24,
    });
    await page.reload();
    await expect(field(page, "Product name")).toHaveValue(name);
    await expect(field(page, "Description")).toHaveValue(/^Hand block printed/);
    await expect(select(page, "Category")).toHaveValue("2");
    await expect(spin(page, "Offer price (USD)")).toHaveValue("24");
    await expect(spin(page, "Quantity")).toHaveValue(String(ADD_ITEM_DEFAULTS.quantity));
  });

  await test.step("an uploaded main image fills its field and shows a thumbnail", async () => {
    const chooser = page.waitForEvent("filechooser");
    await form(page).getByRole("button", { name: "Upload main image" }).click();
    await (await chooser).setFiles({ name: "umbrella.png", mimeType: "image/png", buffer: PNG });
    await expect(form(page).getByRole("textbox", { name: "Main image" })).toHaveValue(/^\/media\/uploads\/.+\.webp$/);
    await expect(form(page).getByRole("img", { name: "Main image preview" })).toBeVisible();
  });

  let productPath = "";
  await test.step("submit creates the product and clears the draft", async () => {
    await field(page, "Product code").fill(code);
    await select(page, "Subcategory").selectOption({ label: "Umbrellas" });
    // Issue 38: left empty, the HSN code and rule are the subcategory's, as the fields say.
    await expect(field(page, "HSN code")).toHaveAccessibleDescription(/Leave empty for the subcategory's 6601/);
    await expect(select(page, "Tax rule")).toHaveValue("");
    await expect(select(page, "Tax rule").getByRole("option", { selected: true })).toHaveText(
      "The subcategory's: Handicrafts and jute articles",
    );
    await spin(page, "MRP (USD)").fill("32");
    await form(page).getByRole("checkbox", { name: "Active", exact: true }).check();
    await submit(page).click();
    await expect(page.getByRole("heading", { name: "Product added" })).toBeFocused();
    const view = page.getByRole("link", { name: "View in shop" });
    await expect(view).toHaveAttribute("href", /^\/product\/\d+$/);
    productPath = (await view.getAttribute("href")) ?? "";
    expect(await storedDraft(page)).toBeNull();
    await page.getByRole("button", { name: "Add another" }).click();
    await expect(field(page, "Product name")).toHaveValue("");
    await expect(field(page, "Product name")).toBeFocused();
  });

  await test.step("it is in its listing and in search at once", async () => {
    await page.goto(listingPath("home & living", "umbrellas"));
    await expect(page.getByRole("list", { name: "Umbrellas products" }).getByRole("link", { name })).toHaveAttribute(
      "href",
      productPath,
    );
    await page.goto(`/search?query=${word}`);
    await expect(page.getByRole("heading", { name: searchHeading(word) })).toBeVisible();
    await expect(page.getByRole("list", { name: `Results for ${word}` }).getByRole("link", { name })).toHaveAttribute(
      "href",
      productPath,
    );
  });
});
