import { expect, test } from "@playwright/test";
import type { ProductDetail } from "@store/shared";
import { newShopper } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { DEMO_ADMIN } from "../fixtures/demo-admin";
import { mailsTo } from "../fixtures/mail";
import { confirmedCodOrder, paidCardOrder } from "../fixtures/orders";
import { DESKTOP, PHONE, adminToken, expectNoSidewaysScroll, title } from "../fixtures/back-office";
import { keepScreen } from "../fixtures/screens";

/** Issue 13 points 11 and 12: customers, the audit log, staff accounts and the seller's settings. */

/** Screens only the owner may use (the server refuses staff there): each shows staff a refusal, not a form. */
const OWNER_SCREENS = [
  "/add_items",
  "/admin/promo-codes",
  "/admin/blogs",
  "/admin/home-strip",
  "/admin/testimonials",
  "/admin/reviews",
  "/admin/sales",
  "/admin/delivery-outcomes",
  "/admin/feeds",
  "/admin/numbers",
  "/admin/cod-rules",
  "/admin/bank-transfer",
  "/admin/trade",
  "/admin/tax",
  "/admin/customers",
  "/admin/audit-log",
  "/admin/staff",
  "/admin/tax-rules",
  "/admin/exchange-rates",
  "/admin/settings",
  "/admin/quotes",
];

/** Kids' products (category 4): no other spec buys from it, so these orders never wait on another test's stock. */
let products: ProductDetail[];
test.beforeAll(async ({ request }) => {
  products = await Promise.all(
    [0, 1].map((skip) => productInStock(request, { currency: "INR", minStock: 3, skip, category: 4 })),
  );
});

test("the owner finds a customer, sees their spend and opens their order, at 1366 and 390 px", async ({
  page,
  request,
}) => {
  const shopper = newShopper("customer-screen");
  const orderId = await confirmedCodOrder(request, products[0]!, shopper.email);

  await page.setViewportSize(DESKTOP);
  await openWithStorage(page, "/admin/customers", { token: await adminToken(request) });
  await expect(title(page, "Customers")).toBeVisible();
  const search = page.getByRole("search", { name: "Search customers" });
  await search.getByRole("searchbox", { name: "Search customers" }).fill(shopper.email);
  await search.getByRole("button", { name: "Apply" }).click();
  const table = page.getByRole("table", { name: "Customers" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText(shopper.email);
  await expect(row).toContainText("(1 order)");
  await expect(row).toContainText("₹");
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await row.getByRole("link").click();
  await expect(page.getByRole("region", { name: "Contact and spend" })).toContainText(shopper.email);
  await expectNoSidewaysScroll(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page
    .getByRole("table", { name: "Orders of this customer" })
    .getByRole("link", { name: `Order ${orderId}` })
    .click();
  await expect(title(page, `Order ${orderId}`)).toBeVisible();
});

test("a settings switch is saved, and the audit log shows the change just made, at 1366 and 390 px", async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await openWithStorage(page, "/admin/settings", { token: await adminToken(request) });
  await expect(title(page, "Settings")).toBeVisible();
  const queries = page.getByRole("checkbox", { name: "E-mail me each new query" });
  await expect(queries).toBeChecked();
  const address = page.getByRole("textbox", { name: "Send alerts to" });
  await address.fill("not an address");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toBeFocused();
  await address.fill("");
  await queries.uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "E-mail me each new query" })).not.toBeChecked();

  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.getByRole("checkbox", { name: "E-mail me each new query" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

  await page.goto("/admin/audit-log?entity=seller_settings");
  await expect(title(page, "Audit log")).toBeVisible();
  const newest = page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem").first();
  await expect(newest).toContainText("update: Setting 1");
  await expect(newest).toContainText(DEMO_ADMIN.email);
  await expect(newest.getByRole("definition")).toContainText("before: false");
  await expect(newest.getByRole("definition")).toContainText("after: true");
  await expectNoSidewaysScroll(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  await expect(newest.getByRole("term")).toHaveText("alert new queries");
});

test("the owner invites staff; staff set a password from the e-mail, see orders but no price editing or cancel", async ({
  page,
  request,
  browser,
}) => {
  const { orderId } = await paidCardOrder(request, products[1]!);
  const email = newShopper("staff-invite").email;

  await page.setViewportSize(DESKTOP);
  await openWithStorage(page, "/admin/staff", { token: await adminToken(request) });
  await expect(title(page, "Staff")).toBeVisible();
  await page.getByRole("textbox", { name: "E-mail address" }).fill(email);
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("staff");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  const row = page.getByRole("table", { name: "People with access" }).getByRole("row", { name: new RegExp(email) });
  await expect(row).toContainText("has not set a password yet");
  await expect(row.getByRole("combobox", { name: `Role of ${email}` })).toHaveValue("staff");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);

  // The invitation arrives through the outbox (sent every few seconds) at the mail sink.
  await expect
    .poll(async () => (await mailsTo(request, email)).length, { timeout: 20_000, intervals: [500, 1000] })
    .toBeGreaterThan(0);
  const [mail] = await mailsTo(request, email);
  // The link names where to land after the password is set (next=/admin), as the e-mail says.
  const link = /https?:\/\/[^/\s]+(\/set-password\?token=[\w-]+&next=%2Fadmin)/.exec(mail?.text ?? "")?.[1];
  expect(link, mail?.text).toBeTruthy();

  const staffContext = await browser.newContext({ viewport: PHONE });
  const staff = await staffContext.newPage();
  try {
    await staff.goto(link!);
    await staff.getByLabel("New password").fill("packing table 42");
    await staff.getByRole("button", { name: "Set password" }).click();
    // Issue 40 point 17: the invitation's link lands them in the back office, signed in.
    await expect(staff).toHaveURL(/\/admin$/);
    await expect(title(staff, "Dashboard")).toBeVisible();
    await expect(staff.getByText(email).first()).toBeAttached();
    await keepScreen(staff, "issue40-p17-staff-lands-signed-in");

    await staff.goto(`/admin/orders/${orderId}`);
    await expect(title(staff, `Order ${orderId}`)).toBeVisible();
    const actions = staff.getByRole("region", { name: "Next step" });
    await expect(actions.getByRole("button", { name: "Mark shipped" })).toBeVisible();
    await expect(actions.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    await expectNoSidewaysScroll(staff);

    await staff.setViewportSize(DESKTOP);
    await staff.goto("/admin/orders");
    await expect(
      staff.getByRole("table", { name: "Orders" }).getByRole("link", { name: `Order ${orderId}` }),
    ).toBeVisible();
    await staff.goto(`/admin/products/${products[1]!.id}`);
    await expect(staff.getByText("Only the owner can change products, prices and stock.")).toBeVisible();
    await expect(staff.getByRole("button", { name: /save/i })).toHaveCount(0);
    // Issue 40 point 17: an owner's screen opened by its address says so, with the way back, and shows no form.
    for (const path of OWNER_SCREENS) {
      await staff.goto(path);
      await expect(title(staff, "Only the owner can do this")).toBeVisible();
      await expect(staff.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
      await expect(staff.locator("main form")).toHaveCount(0);
    }
    await keepScreen(staff, "issue40-p17-owner-only");
    await staff.setViewportSize(PHONE);
    await staff.goto("/admin/settings");
    await expect(title(staff, "Only the owner can do this")).toBeVisible();
    await expectNoSidewaysScroll(staff);
    await keepScreen(staff, "issue40-p17-owner-only");
    await staff.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(title(staff, "Dashboard")).toBeVisible();
    await staff.setViewportSize(DESKTOP);
    await expect(staff.getByRole("navigation", { name: "Back office" })).toBeVisible();
    // The navigation offers staff only the screens they may use.
    const nav = staff.getByRole("navigation", { name: "Back office" });
    await expect(nav.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Promo codes" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
  } finally {
    await staffContext.close();
  }
});
