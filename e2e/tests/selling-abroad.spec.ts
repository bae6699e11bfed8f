import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Download, type Page } from "@playwright/test";
import {
  formatMoney,
  parcelWeight,
  SHIPPING_METHODS,
  type AdminOrderDetail,
  type AdminProduct,
  type DutiesNotice,
  type NotifiedValuesResponse,
  type ProductDetail,
  type ShippingMethodCode,
  type ShippingRatesResponse,
} from "@store/shared";
import { DESKTOP, PHONE, adminToken, simulatorControlHeaders } from "../fixtures/back-office";
import { addToCart, openProduct, openWithStorage, productInStock, storedSession } from "../fixtures/cart";
import { CONTINUE, checkout, orderNumber } from "../fixtures/checkout";
import { hydrated } from "../fixtures/hydration";
import { mailsTo } from "../fixtures/mail";
import { pdfText } from "../fixtures/pdf";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 41's "done when": a London buyer (international express) and a New York buyer (international
 * standard), each from the product page to their door through the simulated DHL Express: the delivery promise
 * for their country, the duties notice in the cart and at checkout, the shipping fee the seller's rate card
 * gives the parcel's chargeable weight, PayPal in dollars; then the owner books DHL Express, prints the label
 * and the customs papers, and the simulator's pushes take the parcel through export clearance (the shipping
 * bill's checkpoint), a customs hold and its release (New York), to delivered, which the shopper follows on the
 * order's page and by e-mail. The two buyers run side by side, London at a laptop's width and New York at a phone's.
 */

// Two buyers' journeys of about 40 steps each; the outbox sends e-mail every 5 s.
test.describe.configure({ timeout: 120_000 });

const PAID_NOTICE = /^Payment successful! Your order #(\d+) is confirmed\.$/;

interface Buyer {
  city: string;
  country: "GB" | "US";
  countryName: string;
  method: ShippingMethodCode;
  viewport: { width: number; height: number };
  /** The product page's listing: category 2's second page (packaged, heavy pieces) that no other spec buys. */
  skip: number;
  address: Record<string, string>;
  state?: string;
  /** The simulator's moves after the pickup, each answered once the store has taken the courier's push. */
  moves: ("advance" | "deliver")[];
}

const BUYERS: Buyer[] = [
  {
    city: "London",
    country: "GB",
    countryName: "United Kingdom",
    method: "international-express",
    viewport: DESKTOP,
    // An ottoman: a 45 cm cube of a box, billed by its volume, and a handling surcharge.
    skip: 0,
    address: {
      "Full name": "Emma Clarke",
      "Mobile number": "020 7946 0958",
      "Delivery address": "221B Baker Street",
      "Town or city": "London",
      Postcode: "NW1 6XE",
    },
    // Picked up, cleared for export at Delhi, departed, arrived; then delivered without a customs hold.
    moves: ["advance", "advance", "advance", "advance", "deliver"],
  },
  {
    city: "New York",
    country: "US",
    countryName: "United States",
    method: "international-standard",
    viewport: PHONE,
    // An umbrella: a metre-long box, billed by its volume.
    skip: 9,
    address: {
      "Full name": "Ruth Adler",
      "Mobile number": "(212) 736-5000",
      "Delivery address": "350 Fifth Avenue, Floor 20",
      City: "New York",
      "ZIP code": "10118",
    },
    state: "New York",
    // Picked up, export clearance, departed, arrived, held by customs, released, with the courier, delivered.
    moves: ["advance", "advance", "advance", "advance", "advance", "advance", "advance", "advance"],
  },
];

/** The owner's API calls, with the demo owner's token. */
async function owner(request: APIRequestContext) {
  const headers = { Authorization: `Token ${await adminToken(request)}` };
  const get = async <T>(path: string): Promise<T> => {
    const response = await request.get(path, { headers });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  };
  return { headers, get, order: (id: number) => get<AdminOrderDetail>(`/api/admin/orders/${id}`) };
}

/**
 * What the seller's rate card charges for one piece of `product` by `method` to `country`, in cents, worked
 * out here from what the seller set: the country's zone, that zone's USD card, and the chargeable weight of
 * the product's packed weight and box (the larger of actual and volumetric, in half kilos), plus its handling.
 */
async function rateCardFee(request: APIRequestContext, product: ProductDetail, buyer: Buyer) {
  const seller = await owner(request);
  const rates = await seller.get<ShippingRatesResponse>("/api/admin/shipping-rates");
  const zone = rates.zones.find((z) => z.countries.some((c) => c.code === buyer.country));
  const card = rates.cards.find((c) => c.zone === zone?.code && c.method === buyer.method && c.currency === "USD");
  expect(card, `${buyer.method}'s USD card for ${buyer.country}`).toBeDefined();
  const facts = await seller.get<AdminProduct>(`/api/admin/products/${product.id}`);
  const box = facts.package_length_cm
    ? { length: facts.package_length_cm, width: facts.package_width_cm!, height: facts.package_height_cm! }
    : null;
  const weight = parcelWeight([{ grams: facts.shipping_grams, packageCm: box, quantity: 1 }]);
  // More than the first half kilo, so the card's "each half kilo more" counts.
  expect(weight.steps).toBeGreaterThan(1);
  return (
    Math.round(card!.first_half_kg * 100) +
    (weight.steps - 1) * Math.round(card!.each_half_kg_more * 100) +
    Math.round(facts.handling_usd * 100)
  );
}

/**
 * A dollar order's export invoice converts at the customs rate CBIC notifies (CGST rule 34), which the seller
 * enters in the back office: today's, unless one is in force already (another test's, or the other buyer's).
 * Rates in force are never deleted, so this one stays for the run: gst-invoices.spec.ts, which needs no rate
 * in force when its London order is paid, runs before every other spec (playwright.config.ts's projects).
 */
async function customsRateForToday(request: APIRequestContext) {
  const seller = await owner(request);
  const inForce = async () =>
    (await seller.get<NotifiedValuesResponse>("/api/admin/notified-values")).data.some(
      (v) => v.kind === "usd_export_rate" && v.status === "in_force",
    );
  if (await inForce()) return;
  const today = (await seller.get<NotifiedValuesResponse>("/api/admin/notified-values")).today;
  await request.post("/api/admin/notified-values", {
    headers: seller.headers,
    data: { kind: "usd_export_rate", effective_from: today, value: 88.15, notification: "64/2026-Customs (N.T.)" },
  });
  // Saved, or saved a moment ago by the other buyer's test.
  expect(await inForce()).toBe(true);
}

/** The e-mails to `address` whose subject matches, once one has come (the outbox sends every 5 s). */
async function mailAbout(request: APIRequestContext, address: string, subject: RegExp) {
  const find = async () => (await mailsTo(request, address)).find((m) => subject.test(m.subject));
  await expect.poll(async () => (await find()) !== undefined, { message: `${subject}`, timeout: 30_000 }).toBe(true);
  return (await find())!;
}

/** The file a click downloads, as bytes, with its name. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ file: Download; bytes: Uint8Array }> {
  const download = page.waitForEvent("download");
  await click();
  const file = await download;
  return { file, bytes: new Uint8Array(await readFile((await file.path())!)) };
}

const dollars = (cents: number) => formatMoney(cents / 100, "USD");
/** Money as the customs papers write it: "USD 1,234.50". */
const customsMoney = (cents: number) =>
  `USD ${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

for (const buyer of BUYERS) {
  test.describe(`a ${buyer.city} buyer at ${buyer.viewport.width} px`, () => {
    test.use({ viewport: buyer.viewport });

    test(`buys by ${SHIPPING_METHODS[buyer.method].label.toLowerCase()} and is delivered by DHL Express`, async ({
      page,
      context,
      request,
    }) => {
      const email = `${buyer.country.toLowerCase()}.abroad.${Date.now()}.${test.info().workerIndex}@example.com`;
      const method = SHIPPING_METHODS[buyer.method];
      const product = await productInStock(request, { category: 2, page: 2, skip: buyer.skip, minStock: 3 });
      const fee = await rateCardFee(request, product, buyer);
      await customsRateForToday(request);

      // The product page: the promise for the buyer's country from the rate cards, not India's PIN code box.
      await page.setExtraHTTPHeaders({ "x-test-country": buyer.country });
      await openProduct(page, product.id);
      const promise = page.getByRole("region", { name: `Delivers to ${buyer.countryName}` });
      await expect(promise.getByRole("listitem").filter({ hasText: method.label })).toHaveText(
        new RegExp(`${method.days.earliest}-${method.days.latest} business days, from \\${dollars(fee)}`),
      );
      await expect(page.getByText("Deliver to PIN code")).toHaveCount(0);
      await addToCart(page);

      // The cart: duties and taxes are the buyer's at delivery, with the estimate for the country.
      await page.goto("/cart");
      await hydrated(page);
      const dutiesPattern = new RegExp(
        `^Estimated import duties and taxes for the ${buyer.countryName}: about \\$[\\d,.]+, paid to the carrier at delivery\\. This is an estimate\\.$`,
      );
      await expect(page.getByTestId("duties-notice")).toHaveText(dutiesPattern);

      // The checkout: the buyer's country, the method's fee from the rate card, the duties, a total that adds up.
      await page.getByRole("button", { name: CONTINUE }).click();
      const panel = checkout(page);
      await expect(panel.getByRole("heading", { name: "Delivery and payment" })).toBeFocused();
      await expect(panel.getByRole("combobox", { name: "Country", exact: true })).toHaveValue(buyer.country);
      for (const [label, value] of Object.entries(buyer.address))
        await panel.getByRole("textbox", { name: label, exact: true }).fill(value);
      if (buyer.state) await panel.getByRole("combobox", { name: "State", exact: true }).selectOption(buyer.state);
      await panel.getByRole("textbox", { name: "E-mail for the confirmation" }).fill(email);
      const choice = panel.getByRole("radio", { name: method.label });
      await choice.check();
      await expect(choice).toHaveAccessibleDescription(
        `${dollars(fee)}, ${method.days.earliest}-${method.days.latest} business days`,
      );
      const { cartId } = await storedSession(page);
      const estimate = await request.get("/api/duties-estimate/", {
        params: { cart_id: cartId!, currency: "USD", country: buyer.country, shipping_method: buyer.method },
      });
      expect(estimate.status(), await estimate.text()).toBe(200);
      const duties = ((await estimate.json()) as { duties: DutiesNotice }).duties;
      expect(duties.estimate?.total).toBeGreaterThan(0);
      await expect(panel.getByTestId("duties-notice")).toHaveText(duties.notice);
      await expect(panel.getByTestId("duties-notice")).toHaveText(dutiesPattern);
      const subtotal = Math.round(product.offer_price * 100);
      const total = subtotal + fee + (duties.charged ? Math.round(duties.estimate!.total * 100) : 0);
      await expect(panel.getByText("Total to pay").locator("..")).toHaveText(`Total to pay${dollars(total)}`);

      // PayPal, as a shopper in dollars pays.
      await panel.getByRole("radio", { name: "PayPal" }).check();
      const created = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/create-order/");
      await panel.getByRole("button", { name: "Continue to PayPal" }).click();
      expect((await created).postDataJSON()).toMatchObject({
        amount: total / 100,
        currency: "USD",
        payment_method: "paypal",
        delivery_country: buyer.country,
        shipping_method: buyer.method,
      });
      await page.getByRole("button", { name: "Pay with PayPal" }).click();
      const orderId = await orderNumber(page, PAID_NOTICE);
      const orderPage = new URL(page.url()).pathname + new URL(page.url()).search.replace("&placed=1", "");

      const seller = await owner(request);
      // The export invoice under the LUT, issued on payment at the day's customs rate.
      await expect
        .poll(async () => (await seller.order(orderId)).invoice?.number, { message: "the export invoice" })
        .toBeTruthy();
      const placed = await seller.order(orderId);
      expect(placed).toMatchObject({ currency: "USD", shipping_method: buyer.method, shipping_minor: fee });
      expect(placed.total_minor).toBe(total);

      // The back office: the owner books the courier for the order, and it goes to DHL Express.
      const office = await context.newPage();
      await openWithStorage(office, "/admin/orders?view=to_ship", { token: await adminToken(request) });
      await office.getByRole("checkbox", { name: `Select order ${orderId}` }).check();
      await office
        .getByRole("region", { name: "Selected orders" })
        .getByRole("button", { name: "Ship with courier" })
        .click();
      const courier = office.getByRole("region", { name: "Courier for 1 order" });
      await courier.getByRole("button", { name: "Create shipments" }).click();
      const answer = courier.getByRole("status");
      await expect(answer).toContainText("1 shipment created.");
      const line = answer.getByRole("listitem").filter({ hasText: `Order ${orderId}:` });
      await expect(line).toHaveText(new RegExp(`^Order ${orderId}: DHL .*, AWB \\d{10}$`));
      const awb = /AWB (\d{10})/.exec((await line.textContent()) ?? "")![1]!;

      // Its label, as a PDF naming the waybill.
      const label = await downloaded(office, () =>
        courier.getByRole("button", { name: "Book and print labels" }).click(),
      );
      expect(label.file.suggestedFilename()).toMatch(/\.pdf$/);
      expect(await pdfText(label.bytes)).toContain(awb);
      await courier.getByRole("button", { name: "Request pickup" }).click();
      await expect(answer).toContainText("Pickup requested for 1 parcel.");
      await keepScreen(office, "issue41-p04-book-international");

      // The customs papers on the order's page, with what customs reads.
      await office.goto(`/admin/orders/${orderId}`);
      const shipments = office.getByRole("region", { name: "Shipments" });
      await expect(shipments).toContainText(`AWB ${awb}`);
      const papers = office.getByRole("region", { name: "Customs papers" });
      const [lut, facts] = await Promise.all([
        seller.get<{ gst: { lut_reference: string } }>("/api/admin/settings/gst"),
        seller.get<AdminProduct>(`/api/admin/products/${product.id}`),
      ]);
      const hs = facts.hsn_code ?? facts.default_hsn_code!;
      const invoiceText = await pdfText(
        (
          await downloaded(office, () =>
            papers.getByRole("button", { name: "Download commercial invoice (PDF)" }).click(),
          )
        ).bytes,
      );
      expect(invoiceText).toContain("COMMERCIAL INVOICE");
      expect(invoiceText).toContain(`Export invoice no.: ${placed.invoice!.number}`);
      expect(invoiceText).toContain("Country of origin of goods: India");
      expect(invoiceText).toContain(hs);
      expect(invoiceText).toContain(`LUT reference: ${lut.gst.lut_reference}`);
      expect(invoiceText).toContain(customsMoney(placed.lines[0]!.line_total_minor));
      expect(invoiceText).toContain(`Freight ${customsMoney(fee)}`);
      expect(invoiceText).toContain(`Total invoice value ${customsMoney(subtotal + fee)}`);
      const packingText = await pdfText(
        (await downloaded(office, () => papers.getByRole("button", { name: "Download packing list (PDF)" }).click()))
          .bytes,
      );
      expect(packingText).toContain("PACKING LIST");
      expect(packingText).toContain(`Export invoice no.: ${placed.invoice!.number}`);
      expect(packingText).toContain("Country of origin: India");
      expect(packingText).toContain(hs);
      await papers.evaluate((node) => node.scrollIntoView({ block: "center" }));
      await keepScreen(office, "issue41-p05-customs-papers");

      // Shipped: the shopper's e-mail names DHL's waybill.
      const shipped = await mailAbout(request, email, new RegExp(`order #${orderId} has shipped`));
      expect(shipped.text).toContain(awb);

      // The parcel through the simulated DHL Express, each move answered once the store has its push.
      const control = await simulatorControlHeaders(request);
      for (const action of buyer.moves) {
        const moved = await request.post(`/sim/dhl-express/control/shipments/${awb}`, {
          headers: control,
          data: { action },
        });
        expect(moved.status(), await moved.text()).toBe(200);
      }
      const delivered = await seller.order(orderId);
      expect(delivered.status).toBe("delivered");
      const events = delivered.shipping!.shipments[0]!.events.map((e) => e.raw_status);
      // Cleared for export at Delhi: DHL's push carries the shipping bill, which the order's customs card shows
      // (a simulator-paid order is a test order, left out of the month's figures).
      expect(events.some((e) => /export clearance complete/i.test(e))).toBe(true);
      expect(delivered.invoice!.shipping_bill).toMatchObject({
        number: expect.stringMatching(/\d/),
        port_code: "INDEL4",
      });
      await office.reload();
      await expect(office.getByTestId("shipping-bill")).toHaveText(
        `Shipping bill ${delivered.invoice!.shipping_bill!.number} of ${delivered.invoice!.shipping_bill!.date}, port INDEL4`,
      );
      if (buyer.moves.length > 5) {
        // Held by customs while the duties were assessed, then released.
        const held = events.findIndex((e) => /held by customs/i.test(e));
        expect(held).toBeGreaterThan(-1);
        expect(events.findIndex((e) => /cleared by customs/i.test(e))).toBeGreaterThan(held);
      }

      // The shopper's page: the steps up to Delivered, with DHL's waybill.
      await page.goto(orderPage);
      const progress = page.getByRole("region", { name: "Order progress" });
      const steps = progress.getByRole("listitem");
      await expect(steps.first()).toHaveText(/^Order placed/);
      await expect(steps.filter({ hasText: /^Paid/ })).toHaveCount(1);
      await expect(steps.filter({ hasText: /^Shipped/ })).toHaveCount(1);
      await expect(steps.last()).toHaveText(/^Delivered/);
      await expect(progress).toContainText(new RegExp(`With DHL[^,]*, tracking number ${awb}`));
      await mailAbout(request, email, new RegExp(`order #${orderId} has been delivered`));
    });
  });
}
