import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ORDER_STATUS_MESSAGES, type AdminOrderDetail, type ProductDetail, type ReturnView } from "@store/shared";
import { getDocumentProxy } from "unpdf";
import { seriousA11yViolations } from "../fixtures/axe";
import { paidLondonOrder } from "../fixtures/abroad";
import { adminToken, DESKTOP, expectNoSidewaysScroll, PHONE } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { mailsTo } from "../fixtures/mail";
import { paidCardOrder } from "../fixtures/orders";
import { pdfText } from "../fixtures/pdf";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 40, the seller's orders and shipping (decision 077): the dashboard's returns tile opens the returns to
 * handle (point 11); an order shipped by hand names its carrier, e-mails the shopper and shows the tracking link
 * (point 12); labels are booked and printed for what can go by courier, the rest listed with the reason
 * (point 13); an address abroad carries its country wherever it is shown (point 18). At 1366 and 390 px.
 */
test.describe.configure({ timeout: 90_000 });

// Category 3 past the products admin-orders (0-2) and admin-shipping (3) buy; category 4's fifth for USD.
let product: ProductDetail;
let usdProduct: ProductDetail;
test.beforeAll(async ({ request }) => {
  product = await productInStock(request, { currency: "INR", minStock: 8, skip: 4, category: 3 });
  usdProduct = await productInStock(request, { currency: "USD", minStock: 4, skip: 4, category: 4 });
});

const adminHeaders = async (request: APIRequestContext) => ({
  Authorization: `Token ${await adminToken(request)}`,
});

/** The shopper's own page of an order (the guest lookup answers its path with the page's secret). */
async function shopperPage(request: APIRequestContext, orderId: number, email: string): Promise<string> {
  const lookup = await request.post("/api/orders/lookup", { data: { order_number: String(orderId), contact: email } });
  expect(lookup.status(), await lookup.text()).toBe(200);
  return ((await lookup.json()) as { data: { path: string } }).data.path;
}

/** A guest in London pays in USD (fixtures/abroad.ts): an order the courier aggregator cannot take. */
async function londonOrder(request: APIRequestContext, email: string): Promise<number> {
  const address = { name: "Emma Clarke", delivery_address: "221B Baker Street", pin_code: "NW1 6XE" };
  return (await paidLondonOrder(request, usdProduct, { email, address })).orderId;
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("point 11: the dashboard counts the returns to handle and opens exactly those", async ({ page, request }) => {
      const headers = await adminHeaders(request);
      const email = `p11.${viewport.width}.${Date.now()}@example.in`;
      const { orderId } = await paidCardOrder(request, product, { email });
      expect((await request.post("/api/admin/shipments", { headers, data: { order_ids: [orderId] } })).ok()).toBe(true);
      for (let step = 0; step < 5; step++)
        await request.post(`/api/admin/orders/${orderId}/shipment/simulate`, { headers, data: { action: "advance" } });
      const order = (await (await request.get(`/api/admin/orders/${orderId}`, { headers })).json()) as AdminOrderDetail;
      expect(order.status).toBe("delivered");
      const path = await shopperPage(request, orderId, email);
      const asked = await request.post(`/api/orders/${orderId}/returns?${path.split("?")[1]}`, {
        data: { kind: "return", reason: "Size does not fit", lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      const returnId = ((await asked.json()) as { data: ReturnView }).data.id;

      await openWithStorage(page, "/admin", { token: await adminToken(request) });
      const tile = page.getByRole("region", { name: "Returns to handle" });
      await expect(tile).toContainText("to decide, check or pay back");
      expect(Number(await tile.getByText(/^\d+$/).textContent())).toBeGreaterThanOrEqual(1);
      await keepScreen(page, "issue40-p11-returns-tile");
      await tile.getByRole("link", { name: "Show returns to handle" }).click();
      await expect(page).toHaveURL(/\/admin\/returns\?view=to_handle$/);
      await expect(page.getByLabel("Show")).toHaveValue("to_handle");
      const card = page.getByRole("article").filter({ hasText: `order #${orderId}` });
      await expect(card).toContainText("Requested");
      await expectNoSidewaysScroll(page);
      await keepScreen(page, "issue40-p11-returns-to-handle");

      // Once approved (waiting on the courier, not on the seller) it leaves the view.
      expect((await request.post(`/api/admin/returns/${returnId}/approve`, { headers, data: { note: "" } })).ok()).toBe(
        true,
      );
      await page.reload();
      await expect(page.getByRole("article").filter({ hasText: `order #${orderId}` })).toHaveCount(0);
    });

    test("point 12: shipped by hand, the seller names the carrier; the shopper is e-mailed and sees the tracking link", async ({
      page,
      request,
    }) => {
      const email = `p12.${viewport.width}.${Date.now()}@example.in`;
      const { orderId } = await paidCardOrder(request, product, { email });
      await openWithStorage(page, `/admin/orders/${orderId}`, { token: await adminToken(request) });
      const actions = page.getByRole("region", { name: "Next step" });
      // Nothing chosen: the courier is asked for first.
      await actions.getByRole("button", { name: "Mark shipped" }).click();
      const courier = actions.getByRole("combobox", { name: "Courier" });
      await expect(courier).toHaveAccessibleDescription(ORDER_STATUS_MESSAGES.carrier);
      await expect(courier).toBeFocused();
      // Another courier needs its name, and every courier its number.
      await courier.selectOption({ label: "Another courier" });
      await actions.getByRole("button", { name: "Mark shipped" }).click();
      await expect(actions.getByRole("textbox", { name: "Courier's name" })).toHaveAccessibleDescription(
        ORDER_STATUS_MESSAGES.carrierName,
      );
      await expect(actions.getByRole("textbox", { name: "Tracking number" })).toHaveAccessibleDescription(
        ORDER_STATUS_MESSAGES.trackingRequired,
      );
      await keepScreen(page, "issue40-p12-ship-by-hand-errors");
      await courier.selectOption({ label: "Delhivery" });
      await expect(actions.getByRole("textbox", { name: "Courier's name" })).toHaveCount(0);
      await actions.getByRole("textbox", { name: "Tracking number" }).fill(`DLV${orderId}77`);
      await expectNoSidewaysScroll(page);
      await actions.getByRole("button", { name: "Mark shipped" }).click();
      await expect(actions.getByRole("status").first()).toContainText("marked shipped");
      await expect(page.getByRole("region", { name: "History" })).toContainText("Shipped");

      // The shopper's "shipped" e-mail names the courier and links to its tracking page.
      await expect
        .poll(async () => (await mailsTo(request, email)).find((m) => /has shipped/.test(m.subject))?.text ?? "", {
          timeout: 20_000,
        })
        .toContain(`https://www.delhivery.com/track/package/DLV${orderId}77`);
      const mail = (await mailsTo(request, email)).find((m) => /has shipped/.test(m.subject))!;
      expect(mail.text).toContain("Courier: Delhivery");

      await page.goto(await shopperPage(request, orderId, email));
      const progress = page.getByRole("region", { name: "Order progress" });
      await expect(progress).toContainText(`With Delhivery, tracking number DLV${orderId}77`);
      await expect(progress.getByRole("link", { name: "Track on the courier's site" })).toHaveAttribute(
        "href",
        `https://www.delhivery.com/track/package/DLV${orderId}77`,
      );
      await progress.scrollIntoViewIfNeeded();
      await keepScreen(page, "issue40-p12-shopper-tracking");
    });

    test("point 12: two orders marked shipped together, one by India Post and one delivered by hand", async ({
      page,
      request,
    }) => {
      const stamp = `${viewport.width}.${Date.now()}`;
      const post = { email: `p12post.${stamp}@example.in` };
      const hand = { email: `p12hand.${stamp}@example.in` };
      const first = (await paidCardOrder(request, product, post)).orderId;
      const second = (await paidCardOrder(request, product, hand)).orderId;
      await openWithStorage(page, "/admin/orders?view=to_ship", { token: await adminToken(request) });
      for (const id of [first, second]) await page.getByRole("checkbox", { name: `Select order ${id}` }).check();
      await page.getByRole("region", { name: "Selected orders" }).getByRole("button", { name: "Mark shipped" }).click();
      const form = page.getByRole("region", { name: "Mark 2 orders shipped" });
      await form
        .getByRole("combobox", { name: `Courier for order ${first}` })
        .selectOption({ label: "India Post (Speed Post)" });
      await form.getByRole("textbox", { name: `Tracking number for order ${first}` }).fill(`EE${first}IN`);
      await form
        .getByRole("combobox", { name: `Courier for order ${second}` })
        .selectOption({ label: "Hand delivered (no tracking number)" });
      await expect(form.getByRole("textbox", { name: `Tracking number for order ${second}` })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await keepScreen(page, "issue40-p12-bulk-ship-form");
      await form.getByRole("button", { name: "Ship these orders" }).click();
      await expect(form.getByRole("status")).toContainText("2 shipped.");

      await expect
        .poll(async () => (await mailsTo(request, hand.email)).find((m) => /has shipped/.test(m.subject))?.text ?? "", {
          timeout: 20_000,
        })
        .toContain("We are bringing it to you ourselves");
      await page.goto(await shopperPage(request, second, hand.email));
      await expect(page.getByRole("region", { name: "Order progress" })).toContainText(
        "We are bringing your parcel to you ourselves.",
      );
      await page.goto(await shopperPage(request, first, post.email));
      await expect(page.getByRole("region", { name: "Order progress" })).toContainText(
        `With India Post (Speed Post), tracking number EE${first}IN`,
      );
      await keepScreen(page, "issue40-p12-shopper-india-post");
    });

    test("points 13 and 18: labels for what can go by courier, the order abroad listed with why; its country shown", async ({
      page,
      request,
    }) => {
      const jaipur = (
        await paidCardOrder(request, product, { email: `p13.${viewport.width}.${Date.now()}@example.in` })
      ).orderId;
      const londonEmail = `p18.${viewport.width}.${Date.now()}@example.in`;
      const london = await londonOrder(request, londonEmail);
      // DHL Express books it with its customs papers, made from its export invoice: held until the day's customs
      // rate is saved (another spec may have saved it), so the order's own state says which answer is right.
      const headers = await adminHeaders(request);
      const londonDetail = (await (
        await request.get(`/api/admin/orders/${london}`, { headers })
      ).json()) as AdminOrderDetail;
      const invoiced = londonDetail.invoice !== null;
      await openWithStorage(page, "/admin/orders?view=to_ship", { token: await adminToken(request) });
      for (const id of [jaipur, london]) await page.getByRole("checkbox", { name: `Select order ${id}` }).check();
      await page
        .getByRole("region", { name: "Selected orders" })
        .getByRole("button", { name: "Ship with courier" })
        .click();
      const courier = page.getByRole("region", { name: "Courier for 2 orders" });
      const download = page.waitForEvent("download");
      await courier.getByRole("button", { name: "Book and print labels" }).click();
      const file = await download;
      const answer = courier.getByRole("status");
      await expect(answer).toContainText(
        invoiced ? "2 labels to print" : "1 label to print, 1 could not go by courier.",
      );
      await expect(answer.getByRole("listitem").filter({ hasText: `Order ${london}:` })).toContainText(
        invoiced ? /AWB \d{10}/ : "it has no export invoice yet",
      );
      await expect(answer.getByRole("listitem").filter({ hasText: `Order ${jaipur}:` })).toContainText(/AWB SIM\d+/);
      const bytes = new Uint8Array(await readFile((await file.path())!));
      expect((await getDocumentProxy(bytes.slice())).numPages).toBe(invoiced ? 2 : 1);
      expect(await pdfText(bytes)).toContain("SIM");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await keepScreen(page, "issue40-p13-labels-partial");

      // Point 18: the London order's address ends with its country on the slip and the order pages; Jaipur's does not.
      await page.goto(`/admin/packing-slip?ids=${london},${jaipur}`);
      const londonSlip = page.getByRole("region", { name: `Deliver to, order ${london}` });
      // Issue 41: its place as the United Kingdom writes it, the town then the postcode on its own line.
      await expect(londonSlip).toContainText("London, Greater London");
      await expect(londonSlip).toContainText("NW1 6XE");
      await expect(londonSlip).toContainText("United Kingdom");
      await expect(page.getByRole("region", { name: `Deliver to, order ${jaipur}` })).not.toContainText("India");
      await keepScreen(page, "issue40-p18-packing-slip");
      await page.goto(`/admin/orders/${london}`);
      await expect(page.getByRole("region", { name: "Delivery" })).toContainText(
        "221B Baker Street, London, Greater London, NW1 6XE, United Kingdom",
      );
      await page.goto(await shopperPage(request, london, londonEmail));
      const delivery = page.getByRole("region", { name: "Delivery" });
      await expect(delivery).toContainText("United Kingdom");
      // As the United Kingdom writes it, once the order page has loaded the formats abroad (decision 112).
      await expect(delivery.locator("address")).toHaveText(/\nNW1 6XE\nUnited Kingdom\n/, { useInnerText: true });
      await delivery.scrollIntoViewIfNeeded();
      await keepScreen(page, "issue40-p18-shopper-address");
      // The confirmation e-mail's delivery block says it too.
      await expect
        .poll(async () => (await mailsTo(request, londonEmail)).map((m) => m.text).join("\n"), { timeout: 20_000 })
        .toMatch(/NW1 6XE\s+United Kingdom/);
    });
  });
}
