import { expect, test, type APIRequestContext } from "@playwright/test";
import type { DashboardResponse, ProductDetail } from "@store/shared";
import { logInByApi, verifiedAccount } from "../fixtures/accounts";
import { adminToken, simulatorControlHeaders } from "../fixtures/back-office";
import { addToCart, cartLink, openProduct, openWithStorage, productInStock } from "../fixtures/cart";
import { mailsTo } from "../fixtures/mail";

const SUBJECT = "Your cart is waiting for you";
const HOUR = 3_600_000;

let product: ProductDetail;
// A journey across two or three browsers and the back office: 30 s is too little on a loaded machine.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({ request }) => {
  // Nothing here buys, but the restored quantity is capped by stock: a product the buying specs leave alone.
  product = await productInStock(request, { minStock: 5, skip: 6, category: 4 });
});

/** The simulator's clock (a control: the owner's session): one reminder sweep as if `hours` had passed, for this shopper only. */
async function sweepAfter(request: APIRequestContext, hours: number, email: string): Promise<number> {
  const response = await request.post("/sim/jobs/cart-reminders", {
    data: { now: new Date(Date.now() + hours * HOUR).toISOString(), email },
    headers: await simulatorControlHeaders(request),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { sent: number }).sent;
}

const reminders = async (request: APIRequestContext, email: string) =>
  (await mailsTo(request, email)).filter((m) => m.subject === SUBJECT);

async function remindersSent(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/admin/dashboard", {
    headers: { Authorization: `Token ${await adminToken(request)}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as DashboardResponse).cart_reminders.sent;
}

test("a cart left for a day gets one reminder whose link restores it on another device", async ({
  page,
  request,
  browser,
}) => {
  // Reminders go only to addresses that proved themselves: here, an account that confirmed its e-mail.
  const account = await verifiedAccount(request, "reminder");
  const { token } = await logInByApi(request, account);
  await openWithStorage(page, "/", { token });
  await openProduct(page, product.id);
  await addToCart(page, 2);
  await expect(cartLink(page, 2)).toBeVisible();
  const sentBefore = await remindersSent(request);

  // Not yet after 23 hours; after 25, exactly one.
  expect(await sweepAfter(request, 23, account.email)).toBe(0);
  expect(await sweepAfter(request, 25, account.email)).toBe(1);
  await expect.poll(async () => (await reminders(request, account.email)).length, { timeout: 20_000 }).toBe(1);
  expect(await sweepAfter(request, 30, account.email)).toBe(0);
  const [mail, ...more] = await reminders(request, account.email);
  expect(more).toEqual([]);
  expect(mail?.text).toContain(`${product.name} - size ${product.size} x 2`);
  expect(mail?.html).toContain("Return to your cart");
  const link = /Return to your cart:\n(\S+)/.exec(mail?.text ?? "")?.[1];
  expect(link).toMatch(/\/cart\/restore\?r=\d+&s=[\w-]+$/);
  const path = new URL(link ?? "").pathname + new URL(link ?? "").search;

  // Another device: a fresh browser, nobody signed in, no cart.
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await phone.goto(path);
    await expect(phone).toHaveURL("/cart");
    const line = phone.getByRole("listitem", { name: `${product.name}, size ${product.size}` });
    await expect(line.getByRole("spinbutton")).toHaveValue("2");
    await expect(cartLink(phone, 2)).toBeVisible();

    // A forged link changes nothing and says so.
    await phone.goto(path.replace(/s=[\w-]+$/, "s=forged"));
    await expect(phone.getByText("This link is not valid or has expired.")).toBeVisible();
    await expect(cartLink(phone, 2)).toBeVisible();
  } finally {
    await other.close();
  }

  expect(await remindersSent(request)).toBeGreaterThan(sentBefore);
  // The seller's dashboard, in a browser of its own (the shopper is signed in on the first one).
  const seller = await browser.newContext();
  const desk = await seller.newPage();
  await openWithStorage(desk, "/admin", { token: await adminToken(request) });
  const tile = desk.getByRole("region", { name: "Cart reminders sent" });
  await expect(tile.getByText(/^\d+$/)).toHaveText(/^[1-9]\d*$/);
  await expect(desk.getByRole("region", { name: "Carts restored" }).getByText(/^\d+$/)).toHaveText(/^[1-9]\d*$/);
  await expect(desk.getByRole("region", { name: "Carts recovered" })).toBeVisible();
  await seller.close();
});
