import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatMoney, type AdminOrderDetail, type ProductDetail, type ReturnView } from "@store/shared";
import { seriousA11yViolations } from "../fixtures/axe";
import { adminToken } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { confirmedCodOrder, paidCardOrder } from "../fixtures/orders";

/**
 * Issue 38, points 1 to 3 on the seller's screens (decision 059): a returned parcel checked and accepted in part;
 * a cash-on-delivery order refunded by the seller's own transfer, with its reference; an order cancelled on its
 * way, its parcel called back, and the order flagged when the courier delivers it all the same.
 */
test.describe.configure({ timeout: 90_000 });

// Home & living's third page, past the products other specs buy: one product per test, as tests run side by side.
let products: ProductDetail[];
test.beforeAll(async ({ request }) => {
  products = await Promise.all(
    [0, 1, 2].map((skip) => productInStock(request, { currency: "INR", minStock: 3, skip, category: 2, page: 3 })),
  );
});

/** A 1x1 PNG: the smallest real photo. */
const PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The seller's calls, with the demo owner's token. */
async function seller(request: APIRequestContext) {
  const headers = { Authorization: `Token ${await adminToken(request)}` };
  const post = async (path: string, data: unknown = {}) => {
    const res = await request.post(path, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  return {
    headers,
    post,
    async ship(orderId: number, moves: readonly ("advance" | "fail")[]) {
      await post("/api/admin/shipments", { order_ids: [orderId] });
      for (const action of moves) await post(`/api/admin/orders/${orderId}/shipment/simulate`, { action });
    },
    order: async (orderId: number) =>
      (await (await request.get(`/api/admin/orders/${orderId}`, { headers })).json()) as AdminOrderDetail,
  };
}
const DELIVER = ["advance", "advance", "advance", "advance", "advance"] as const;
const next = (page: Page) => page.getByRole("region", { name: "Next step" });

test("the seller checks a returned parcel and accepts part of it; the shopper sees what was accepted", async ({
  page,
  request,
}) => {
  const shop = await seller(request);
  const { orderId } = await paidCardOrder(request, products[0]!, { email: `check.${Date.now()}@example.in` });
  await shop.ship(orderId, DELIVER);
  const order = await shop.order(orderId);
  const lookup = await request.post("/api/orders/lookup", {
    data: { order_number: String(orderId), contact: order.email },
  });
  const path = ((await lookup.json()) as { data: { path: string } }).data.path;
  const asked = await request.post(`/api/orders/${orderId}/returns?${path.split("?")[1]}`, {
    data: { kind: "return", reason: "Damaged or defective", lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const request_ = ((await asked.json()) as { data: ReturnView }).data;
  await shop.post(`/api/admin/returns/${request_.id}/approve`, { note: "" });
  await shop.post(`/api/admin/returns/${request_.id}/receive`);

  await openWithStorage(page, "/admin/returns?status=received", { token: await adminToken(request) });
  const card = page.getByRole("article").filter({ hasText: `order #${orderId}` });
  const check = card.getByRole("form", { name: `Check return #${request_.id}` });
  await check.getByRole("radio", { name: "Accept part of it: refund an amount" }).check();
  // The reason and the amount are needed: said in the form, nothing sent.
  await check.getByRole("button", { name: "Save the check" }).click();
  await expect(check.getByLabel(/^Amount to refund/)).toBeFocused();
  const part = Math.floor(request_.refund / 2);
  await check.getByLabel(/^Amount to refund/).fill(String(part));
  await check.getByLabel(/^What you found/).fill("The border is torn");
  await check.getByLabel(/^Photos of what you found/).setInputFiles({
    name: "found.png",
    mimeType: "image/png",
    buffer: PHOTO,
  });
  await check.getByLabel(/pieces back on sale/).fill("0");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await check.getByRole("button", { name: "Save the check" }).click();
  await expect(page.getByText(`Checked return #${request_.id}.`)).toBeVisible();

  await page.getByLabel("Show").selectOption("refunded");
  await expect(card).toContainText(`Accepted: ${formatMoney(part, "INR")}`);
  await expect(card).toContainText("Found when checked: The border is torn");
  await expect(card.getByRole("img", { name: `Photo 1 of Check of Return #${request_.id}` })).toBeVisible();
  await expect(card).toContainText(": 0 back on sale");

  await page.goto(path);
  const returns = page.getByRole("region", { name: "Returns and exchanges" });
  await expect(returns).toContainText(`Refund: ${formatMoney(part, "INR")} (part of it accepted)`);
  await expect(returns).toContainText("When we checked the parcel: The border is torn");
});

test("a cash-on-delivery order is refunded by the seller's transfer, which needs its reference", async ({
  page,
  request,
}) => {
  const shop = await seller(request);
  const orderId = await confirmedCodOrder(request, products[1]!, `transfer.${Date.now()}@example.in`);
  await shop.ship(orderId, DELIVER);

  await openWithStorage(page, `/admin/orders/${orderId}`, { token: await adminToken(request) });
  // Without the transfer's reference nothing is asked: the field says so.
  await next(page).getByRole("button", { name: "Refund order" }).click();
  const reference = next(page).getByLabel("Transfer reference (UPI or bank)");
  await expect(reference).toBeFocused();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await reference.fill("UPI 412345678901");
  await next(page).getByRole("button", { name: "Refund order" }).click();
  const dialog = page.getByRole("dialog", { name: `Refund order ${orderId}?` });
  await expect(dialog).toContainText("(reference UPI 412345678901)");
  await dialog.getByRole("button", { name: "Refund order" }).click();
  await expect(next(page).getByRole("status")).toContainText("The order is refunded.");
  await expect(page.getByRole("list", { name: "Refunds" })).toContainText("Order refunded: ₹");
  await expect(page.getByRole("list", { name: "Refunds" })).toContainText(
    "paid by transfer, reference UPI 412345678901.",
  );
});

test("an order cancelled on its way calls its parcel back; one delivered all the same is flagged and resolved", async ({
  page,
  request,
}) => {
  const shop = await seller(request);
  const { orderId } = await paidCardOrder(request, products[2]!);
  await shop.ship(orderId, ["advance", "advance"]);

  await openWithStorage(page, `/admin/orders/${orderId}`, { token: await adminToken(request) });
  await next(page).getByRole("button", { name: "Cancel order" }).click();
  await page
    .getByRole("dialog", { name: `Cancel order ${orderId}?` })
    .getByRole("button", { name: "Cancel order" })
    .click();
  await expect(next(page).getByRole("status")).toContainText("The order is cancelled.");
  await expect(page.getByText("parcel returning to us ·")).toBeVisible();
  const shipments = page.getByRole("region", { name: "Shipments" });
  await expect(shipments).toContainText(/Called back .*: parcel returning to us\./);

  // The courier hands it over all the same (the simulator's control plays a courier that ignored the call-back).
  const awb = (await shop.order(orderId)).shipping!.shipments[0]!.awb!;
  const delivered = await request.post(`/sim/shiprocket/control/shipments/${awb}`, {
    headers: shop.headers,
    data: { action: "deliver" },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await expect.poll(async () => (await shop.order(orderId)).attention).toMatch(/^Delivered after it was/);

  await page.reload();
  const flag = page.getByRole("region", { name: "Needs your attention" });
  await expect(flag).toContainText("ask the shopper to send it back or to pay for it");
  await flag.getByRole("button", { name: "Mark resolved" }).click();
  await expect(flag.getByLabel("How it was settled")).toBeFocused();
  await flag.getByLabel("How it was settled").fill("The shopper sent it back");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await flag.getByRole("button", { name: "Mark resolved" }).click();
  await expect(flag).toBeHidden();
  await expect(page.getByRole("region", { name: "History" })).toContainText("Resolved: The shopper sent it back");
});
