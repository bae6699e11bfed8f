import { expect, test, type APIRequestContext } from "@playwright/test";
import { OTHER_CARRIER, RETURN_ABROAD_TERMS, type AdminOrderDetail, type ProductDetail } from "@store/shared";
import { seriousA11yViolations } from "../fixtures/axe";
import { paidLondonOrder } from "../fixtures/abroad";
import { adminToken, DESKTOP, expectNoSidewaysScroll, PHONE } from "../fixtures/back-office";
import { openWithStorage, productInStock } from "../fixtures/cart";
import { mailsTo } from "../fixtures/mail";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 41, point 6 (decision 085): a London order's return. Before asking, the shopper reads that they send the
 * parcel at their cost, what the refund covers and that duties are not refunded; once the seller approves (no
 * courier pickup), the page and the e-mail give the address and the customs words; the shopper enters the
 * parcel's tracking, which the seller sees before receiving it. At 1366 and 390 px.
 */
test.describe.configure({ timeout: 90_000 });

// Category 4's seventh product in USD: past the ones other specs buy.
let product: ProductDetail;
test.beforeAll(async ({ request }) => {
  product = await productInStock(request, { currency: "USD", minStock: 4, skip: 6, category: 4 });
});

const adminHeaders = async (request: APIRequestContext) => ({ Authorization: `Token ${await adminToken(request)}` });

/** A guest's paid order to London (fixtures/abroad.ts), delivered. */
async function deliveredLondonOrder(request: APIRequestContext, email: string): Promise<number> {
  const { orderId } = await paidLondonOrder(request, product, { email });
  // Shipped by hand: the return from abroad does not depend on how the parcel went out.
  const headers = await adminHeaders(request);
  for (const change of [
    { status: "shipped", carrier: OTHER_CARRIER, carrier_name: "DHL Express", tracking_number: "1234567890" },
    { status: "delivered" },
  ]) {
    const res = await request.post(`/api/admin/orders/${orderId}/status`, { headers, data: change });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return orderId;
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a London order's return: sent back by the shopper with the customs words, tracked, received by the seller", async ({
      page,
      request,
    }) => {
      const email = `abroad.${viewport.width}.${Date.now()}@example.in`;
      const orderId = await deliveredLondonOrder(request, email);
      const lookup = await request.post("/api/orders/lookup", {
        data: { order_number: String(orderId), contact: email },
      });
      const path = ((await lookup.json()) as { data: { path: string } }).data.path;

      // Before asking: the terms of a return from abroad, and no size exchange.
      await page.goto(path);
      const returns = page.getByRole("region", { name: "Returns and exchanges" });
      await expect(returns).toContainText("You can ask for a return until");
      await returns.getByRole("button", { name: "Return or exchange pieces" }).click();
      const terms = returns.getByRole("note", { name: "Returns from abroad" });
      await expect(terms).toContainText(RETURN_ABROAD_TERMS.shipping);
      await expect(terms).toContainText("we cannot refund them");
      await expect(terms).toContainText("The delivery charge is not refunded.");
      await expect(returns.getByRole("radio", { name: "Another size" })).toBeHidden();
      await terms.scrollIntoViewIfNeeded();
      await keepScreen(page, "issue41-p06-return-abroad-terms");
      const form = returns.getByRole("form", { name: "Ask for a return or an exchange" });
      await form.getByRole("checkbox").first().check();
      await form.getByRole("button", { name: "Send request" }).click();
      const asked = returns.getByRole("article").filter({ hasText: /Return #\d+: Requested/ });
      await expect(asked).toBeVisible();
      const returnId = Number((await asked.getByRole("heading").textContent())!.match(/#(\d+)/)![1]);
      const summary = returns.getByRole("article").filter({ hasText: `Return #${returnId}:` });

      // The seller approves it in the back office: no pickup to book, the shopper sends it.
      const token = await adminToken(request);
      await openWithStorage(page, "/admin/returns?status=requested", { token });
      const card = page.getByRole("article").filter({ hasText: `order #${orderId}` });
      await card.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByText(`Approved return #${returnId}.`)).toBeVisible();
      await page.getByLabel("Show").selectOption("approved");
      await expect(card).toContainText("Approved: shopper sends it");
      await expect(card).toContainText("Return shipping: shopper sends it from abroad (no pickup); no tracking yet");
      await expect(card.getByRole("button", { name: "Book pickup" })).toHaveCount(0);

      await expect
        .poll(
          async () => (await mailsTo(request, email)).find((m) => /return is approved/.test(m.subject))?.text ?? "",
          {
            timeout: 20_000,
          },
        )
        .toContain(`Write "Return #${returnId}" on the parcel.`);
      const mail = (await mailsTo(request, email)).find((m) => /return is approved/.test(m.subject))!.text;
      expect(mail).toContain("Plot 14, Sanganer Industrial Area");
      expect(mail).toContain('"Returned goods"');

      // The shopper reads where to send it, and enters the parcel's tracking (a bad number is said, not sent).
      await page.goto(path);
      await expect(summary).toContainText("Approved: shopper sends it");
      await expect(summary).toContainText("Jaipur Kala House Handicrafts");
      await expect(summary).toContainText(`Write "Return #${returnId}" on the parcel.`);
      const parcel = summary.getByRole("form", { name: "The parcel you sent back" });
      await parcel.getByLabel("Carrier").fill("Royal Mail");
      await parcel.getByLabel("Tracking number").fill("12");
      await parcel.getByRole("button", { name: "Save tracking" }).click();
      await expect(parcel).toContainText("tracking_number must be 6 to 35 letters and digits");
      await parcel.getByLabel("Tracking number").fill("ab 1234 5678 9gb");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await parcel.getByRole("button", { name: "Save tracking" }).click();
      await expect(summary).toContainText("You sent it with Royal Mail, tracking number AB123456789GB.");
      await expectNoSidewaysScroll(page);
      await returns.evaluate((region) => region.scrollIntoView({ block: "start" }));
      await keepScreen(page, "issue41-p06-return-abroad");

      // The seller sees the tracking, and marks the parcel received to check it as any return.
      await openWithStorage(page, "/admin/returns?status=approved", { token });
      await expect(card).toContainText("the shopper sent it with Royal Mail, tracking AB123456789GB");
      await keepScreen(page, "issue41-p06-return-abroad-seller");
      await card.getByRole("button", { name: "Parcel received" }).click();
      await expect(page.getByText(`Received return #${returnId}.`)).toBeVisible();
      const order = (await (
        await request.get(`/api/admin/orders/${orderId}`, { headers: await adminHeaders(request) })
      ).json()) as AdminOrderDetail;
      expect(order.status).toBe("delivered");
    });
  });
}
