import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import type { ProductDetail } from "@store/shared";
import { getDocumentProxy } from "unpdf";
import { seriousA11yViolations } from "../fixtures/axe";
import { adminToken } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { createShipments, pressParcel as press } from "../fixtures/courier";
import { paidCardOrder } from "../fixtures/orders";
import { pdfText } from "../fixtures/pdf";

/**
 * Issue 16, shipping: the seller books the simulated courier for two paid orders in one go, prints their
 * labels as one PDF, asks for one pickup, then (with the simulator's buttons) one parcel is delivered and
 * the other fails delivery and comes back (RTO). Three page loads.
 */
let product: ProductDetail;
test.beforeAll(async ({ request }) => {
  // Category 3, past the products admin-orders.spec.ts buys, so the two specs never race for pieces.
  product = await productInStock(request, { currency: "INR", minStock: 8, skip: 3, category: 3 });
});

test("the seller ships two paid orders through the courier, one is delivered and one returns", async ({
  page,
  request,
}) => {
  const first = (await paidCardOrder(request, product)).orderId;
  const second = (await paidCardOrder(request, product)).orderId;
  await openWithStorage(page, "/admin/orders?view=to_ship", { token: await adminToken(request) });
  const answer = await createShipments(page, [first, second]);
  const courier = page.getByRole("region", { name: "Courier for 2 orders" });
  const awbs = await Promise.all(
    [first, second].map(async (id) => {
      const line = answer.getByRole("listitem").filter({ hasText: `Order ${id}:` });
      return /AWB (\S+)/.exec((await line.textContent()) ?? "")?.[1] ?? "";
    }),
  );
  for (const awb of awbs) expect(awb).toMatch(/^SIM\d+/);

  const download = page.waitForEvent("download");
  await courier.getByRole("button", { name: "Book and print labels" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^labels-\d{4}-\d\d-\d\d\.pdf$/);
  const bytes = new Uint8Array(await readFile((await file.path())!));
  expect((await getDocumentProxy(bytes.slice())).numPages).toBe(2);
  const text = await pdfText(bytes);
  for (const awb of awbs) expect(text).toContain(awb);

  await courier.getByRole("button", { name: "Request pickup" }).click();
  await expect(answer).toContainText("Pickup requested for 2 parcels.");
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The first parcel: picked up, in transit, out for delivery, delivered.
  await page.goto(`/admin/orders/${first}`);
  await expect(page.getByRole("region", { name: "Shipments" })).toContainText(awbs[0]!);
  await press(page, "Advance parcel", "Picked up");
  await press(page, "Advance parcel", "In transit");
  await press(page, "Advance parcel", "Out for delivery");
  await press(page, "Advance parcel", "Delivered");
  await expect(page.getByRole("region", { name: "History" })).toContainText("Delivered");
  const events = page.getByRole("list", { name: `Events of AWB ${awbs[0]}` });
  await expect(events.getByRole("listitem")).toHaveCount(6);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The second: picked up, the delivery fails, and the courier brings it back.
  await page.goto(`/admin/orders/${second}`);
  await press(page, "Advance parcel", "Picked up");
  await press(page, "Fail delivery", "Delivery failed");
  await press(page, "Advance parcel", "Returning to seller");
  await press(page, "Advance parcel", "Returned to seller");
  await expect(page.getByRole("region", { name: "History" })).toContainText("Returned to seller (not delivered)");
  await expect(page.getByRole("region", { name: "Invoice" })).toContainText("Returned to origin");
});
