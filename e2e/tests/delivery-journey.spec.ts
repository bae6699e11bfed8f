import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { ProductDetail } from "@store/shared";
import { adminToken, simulatorControlHeaders } from "../fixtures/back-office";
import { openWithStorage, productDetail, productInStock } from "../fixtures/cart";
import { mailsTo } from "../fixtures/mail";
import { confirmedCodOrder, paidCardOrder, SENT_BACK } from "../fixtures/orders";

/**
 * Issue 16's "done when": an order goes from payment to the shopper's door through the simulated courier;
 * the shopper follows each step on the order's page (from the e-mailed link) and gets each e-mail (on the
 * test SMTP server) and WhatsApp message (on the simulated phone); a return goes from request to refund;
 * an undelivered cash-on-delivery parcel comes back (RTO) and its pieces are back in stock.
 */

// The outboxes send every 5 s; each step below waits for one or two of their runs.
test.describe.configure({ timeout: 120_000 });

// Category 5, past the products order-tracking.spec.ts and notifications.spec.ts buy; one product per test,
// as the tests run side by side and the second counts its product's stock.
let product: ProductDetail;
let rtoProduct: ProductDetail;
test.beforeAll(async ({ request }) => {
  product = await productInStock(request, { currency: "INR", minStock: 6, skip: 4, category: 5 });
  rtoProduct = await productInStock(request, { currency: "INR", minStock: 6, skip: 5, category: 5 });
});

/** A 1x1 PNG: the smallest real photo. */
const PHOTO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

type PhoneMessage = { template: string; text: string };

async function poll<T>(read: () => Promise<T[]>, atLeast: number, what: string): Promise<T[]> {
  await expect
    .poll(async () => (await read()).length, { message: what, timeout: 30_000, intervals: [250, 500, 1000] })
    .toBeGreaterThanOrEqual(atLeast);
  return read();
}

/** The e-mails to `address` whose subject matches, once `atLeast` of them have arrived. */
const mailsAbout = (request: APIRequestContext, address: string, subject: RegExp, atLeast = 1) =>
  poll(async () => (await mailsTo(request, address)).filter((m) => subject.test(m.subject)), atLeast, `${subject}`);

/** What the simulated phone shows, once a message of `template` is there (a control: the owner's session). */
async function phoneShows(request: APIRequestContext, number: string, template: string) {
  const headers = await simulatorControlHeaders(request);
  return poll(
    async () =>
      (
        (await (await request.get(`/sim/whatsapp/phones/${number}/messages`, { headers })).json()) as {
          data: PhoneMessage[];
        }
      ).data.filter((m) => m.template === template),
    1,
    `WhatsApp ${template}`,
  );
}

/** The seller's calls, with the demo owner's token. */
async function seller(request: APIRequestContext) {
  const headers = { Authorization: `Token ${await adminToken(request)}` };
  return {
    headers,
    async ship(orderId: number) {
      const booked = await request.post("/api/admin/shipments", { headers, data: { order_ids: [orderId] } });
      expect(booked.status()).toBe(200);
      expect(((await booked.json()) as { results: { ok: boolean }[] }).results[0]?.ok).toBe(true);
    },
    async move(orderId: number, action: "advance" | "fail") {
      const moved = await request.post(`/api/admin/orders/${orderId}/shipment/simulate`, { headers, data: { action } });
      expect(moved.status(), await moved.text()).toBe(200);
    },
  };
}

const progress = (page: Page) => page.getByRole("region", { name: "Order progress" }).getByRole("listitem");

test("paid, shipped, delivered, returned and refunded: every step on the order's page, by e-mail and on WhatsApp", async ({
  page,
  request,
}) => {
  const email = `journey.${Date.now()}@example.in`;
  const local = `9${String(Date.now() % 1e9).padStart(9, "0")}`;
  const phone = `91${local}`;
  const { orderId } = await paidCardOrder(request, product, { email, mobile_number: local, whatsapp_opt_in: true });

  // Confirmed: the e-mail links the order's own page (its secret link), and the phone has the confirmation.
  const [confirmed] = await mailsAbout(request, email, new RegExp(`order #${orderId} is confirmed`));
  const link = new RegExp(`/orders/${orderId}\\?token=[0-9a-f]{64}`).exec(confirmed!.text)?.[0];
  expect(link, "the order page's link in the confirmation").toBeTruthy();
  expect(confirmed!.html).toContain(link!);
  await phoneShows(request, phone, "order_confirmed");

  // The seller books the simulated courier: shipped, with the courier's tracking link.
  const shop = await seller(request);
  await shop.ship(orderId);
  const [shipped] = await mailsAbout(request, email, new RegExp(`order #${orderId} has shipped`));
  expect(shipped!.text).toMatch(/Track your parcel:\n\S+\/tracking\/SIM\d+/);
  await phoneShows(request, phone, "order_shipped");
  await page.goto(link!);
  await expect(progress(page)).toHaveText([/^Order placed/, /^Paid/, /^Shipped/]);
  await expect(page.getByRole("link", { name: "Track on the courier's site" })).toHaveAttribute(
    "href",
    /\/tracking\/SIM\d+$/,
  );

  // Pickup asked, picked up, in transit, out for delivery, delivered: each a step of the page, the last told.
  for (let step = 0; step < 5; step++) await shop.move(orderId, "advance");
  await mailsAbout(request, email, new RegExp(`order #${orderId} is out for delivery`));
  await phoneShows(request, phone, "out_for_delivery");
  const [delivered] = await mailsAbout(request, email, new RegExp(`order #${orderId} has been delivered`));
  expect(delivered!.text).toContain("within 48 hours of delivery");
  expect(delivered!.text).toContain(`/orders/${orderId}?token=`);
  expect(delivered!.text).toMatch(/#review-\d+/);
  await phoneShows(request, phone, "order_delivered");

  await page.reload();
  await expect(progress(page)).toHaveText([
    /^Order placed/,
    /^Paid/,
    /^Shipped/,
    /^Picked up/,
    /^In transit/,
    /^Out for delivery/,
    /^Delivered/,
  ]);

  // Within 48 hours: the shopper asks for a return with a photo, from the same page.
  const returns = page.getByRole("region", { name: "Returns and exchanges" });
  await returns.getByRole("button", { name: "Return or exchange pieces" }).click();
  const form = returns.getByRole("form", { name: "Ask for a return or an exchange" });
  await form.getByRole("checkbox", { name: new RegExp(product.name) }).check();
  await form.getByLabel("Reason").selectOption("Size does not fit");
  await form.getByLabel(/^Photos/).setInputFiles({ name: "piece.png", mimeType: "image/png", buffer: PHOTO });
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(returns.getByRole("heading", { level: 3 })).toHaveText(/^Return #\d+: Requested$/);
  await mailsAbout(request, email, new RegExp(`Your return for .* order #${orderId}`));

  // The seller approves (the courier's pickup is booked), takes the parcel in and checks it: the card is refunded.
  await openWithStorage(page, "/admin/returns?status=requested", { token: await adminToken(request) });
  const card = page.getByRole("article").filter({ hasText: `order #${orderId}` });
  await expect(card.getByRole("img", { name: /^Photo 1 of Return #\d+$/ })).toBeVisible();
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText(/^Approved return #\d+\.$/)).toBeVisible();
  await page.getByLabel("Show").selectOption("approved");
  await expect(card.getByText(/Pickup: .*AWB SIM\d+/)).toBeVisible();
  await card.getByRole("button", { name: "Parcel received" }).click();
  await expect(page.getByText(/^Received return #\d+\.$/)).toBeVisible();
  await page.getByLabel("Show").selectOption("received");
  await card.getByRole("button", { name: "Save the check" }).click();
  await expect(page.getByText(/^Checked return #\d+\.$/)).toBeVisible();

  const [refund] = await mailsAbout(request, email, new RegExp(`Your refund of ₹[\\d,]+ for .* order #${orderId}`));
  expect(refund!.text).toContain("the card, UPI or wallet you paid with");
  await phoneShows(request, phone, "refund_sent");
  const order = await request.get(`/api/admin/orders/${orderId}`, { headers: shop.headers });
  const detail = (await order.json()) as { status: string; payments: { status: string }[]; credit_notes?: unknown[] };
  // Its only piece came back and was refunded: the order is refunded, through the card's provider.
  expect(detail.status).toBe("refunded");
  await page.goto(link!);
  await expect(page.getByRole("region", { name: "Returns and exchanges" })).toContainText(/Return #\d+: Refunded/);
});

test("an undelivered cash-on-delivery parcel comes back to the seller and its piece is back in stock", async ({
  request,
}) => {
  const email = `rto.${Date.now()}@example.in`;
  const before = (await productDetail(request, rtoProduct.id, "INR")).stock;
  const orderId = await confirmedCodOrder(request, rtoProduct, email, SENT_BACK);
  expect((await productDetail(request, rtoProduct.id, "INR")).stock).toBe(before - 1);

  const shop = await seller(request);
  await shop.ship(orderId);
  await shop.move(orderId, "advance"); // pickup asked
  await shop.move(orderId, "advance"); // picked up
  await shop.move(orderId, "fail");
  await shop.move(orderId, "advance");
  await shop.move(orderId, "advance");

  const order = await request.get(`/api/admin/orders/${orderId}`, { headers: shop.headers });
  expect(((await order.json()) as { status: string }).status).toBe("returned_to_origin");
  expect((await productDetail(request, rtoProduct.id, "INR")).stock).toBe(before);
  await mailsAbout(request, email, new RegExp(`order #${orderId} came back to us`));
});
