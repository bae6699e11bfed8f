import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  formatMoney,
  type CardOrderResponse,
  type CartResponse,
  type ProductDetail,
  type VerifyPaymentResponse,
} from "@store/shared";
import { newShopper } from "../fixtures/accounts";
import { seriousA11yViolations } from "../fixtures/axe";
import { guestCart, openWithStorage, productInStock } from "../fixtures/cart";
import { confirmedCodOrder as codOrderOf } from "../fixtures/orders";
import { adminToken, title } from "../fixtures/back-office";

/** The seller's day from the orders list (issue 13, points 4 and 5), on a computer and on a phone. */
const WIDTHS = [
  { name: "1366 px", viewport: { width: 1366, height: 900 }, phone: false },
  { name: "390 px", viewport: { width: 390, height: 844 }, phone: true },
] as const;

/** A confirmed cash-on-delivery order; on failure the server's answer says why. */
async function confirmedCodOrder(request: APIRequestContext, product: ProductDetail, email: string) {
  const stock = (await (
    await request.get(`/api/get-product-detail/?product_pk=${product.id}&size=${product.size}&currency=INR`)
  ).json()) as {
    data: ProductDetail;
  };
  expect(stock.data.stock, `stock of ${product.name}`).toBeGreaterThan(0);
  return codOrderOf(request, product, email);
}

/** A guest's INR card order of two pieces, paid through the simulated Razorpay. */
async function twoPieceCardOrder(request: APIRequestContext, product: ProductDetail): Promise<number> {
  const { cart_id } = await guestCart(request, product, 2);
  const cart = (await (
    await request.get(`/api/get-cart-items/?cart_id=${cart_id}&currency=INR`)
  ).json()) as CartResponse;
  const created = await request.post("/api/create-order/", {
    data: {
      amount: cart.subtotal * 100,
      currency: "INR",
      promo_code: "Nil",
      cart_id,
      razorpay: true,
      name: "Meera Joshi",
      delivery_address: "3 Bapu Bazaar",
      country_code: "+91",
      mobile_number: "9829055511",
      pin_code: "302003",
      city: "Jaipur",
      state: "Rajasthan",
      comment: "",
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { data } = (await created.json()) as CardOrderResponse;
  const paid = await request.post("/sim/razorpay/checkout/pay", { data: { key_id: data.key, order_id: data.data.id } });
  const verified = await request.post("/api/verify-payment/", {
    data: { razorpay: true, ...(await paid.json()), amount: data.data.amount, cart_id },
  });
  expect(((await verified.json()) as VerifyPaymentResponse).status).toBe("paid");
  return data.order_id;
}

/** The page itself never scrolls sideways (a wide table scrolls inside its own box). */
const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => {
      type Box = { right: number };
      type El = { getBoundingClientRect(): Box; tagName: string; className: string };
      const g = globalThis as unknown as {
        document: { documentElement: { scrollWidth: number }; querySelectorAll(s: string): El[] };
        innerWidth: number;
      };
      if (g.document.documentElement.scrollWidth <= g.innerWidth) return [];
      // What sticks out, to say why.
      return [...g.document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > g.innerWidth + 1)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${String(e.className).slice(0, 80)}`);
    }),
  ).toEqual([]);
/** The order's link in the list: a card on a phone, a table row on a computer. */
const orderLink = (page: Page, phone: boolean, id: number) =>
  (phone ? page.getByRole("list", { name: "Orders" }) : page.getByRole("table", { name: "Orders" })).getByRole("link", {
    name: `Order ${id}`,
    exact: true,
  });

let products: ProductDetail[];
test.beforeAll(async ({ request }) => {
  // Category 3's products: the other specs buy from categories 1 and 2, so no test waits on their pieces.
  products = await Promise.all(
    [0, 1, 2].map((skip) => productInStock(request, { currency: "INR", minStock: 8, skip, category: 3 })),
  );
});

for (const width of WIDTHS) {
  test.describe(`at ${width.name}`, () => {
    test.use({ viewport: width.viewport });

    test("the seller opens an order to ship, prints its slip and ships it", async ({ page, request }) => {
      const orderId = await confirmedCodOrder(request, products[0]!, newShopper("slip").email);
      await openWithStorage(page, "/admin/orders?view=to_ship", { token: await adminToken(request) });
      await expect(title(page, "Orders")).toBeVisible();
      await expect(page.getByLabel("Show")).toHaveValue("to_ship");
      await expect(orderLink(page, width.phone, orderId)).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await orderLink(page, width.phone, orderId).click();
      await expect(title(page, `Order ${orderId}`)).toBeVisible();
      // Items first, then the next step.
      const items = page.getByRole("heading", { name: "Items" });
      const next = page.getByRole("heading", { name: "Next step" });
      expect((await items.boundingBox())!.y).toBeLessThan((await next.boundingBox())!.y);
      const delivery = page.getByRole("region", { name: "Delivery" });
      await expect(delivery.getByRole("link", { name: /^Call / })).toHaveAttribute("href", "tel:+919829012345");
      await expect(delivery.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
        "href",
        "https://wa.me/919829012345",
      );
      // The tax invoice issued with the confirmation, downloaded with the back office's token.
      const invoice = page.getByRole("region", { name: "Invoice" });
      await expect(invoice).toContainText(/Tax invoice JKH\/\d\d-\d\d\/\d{6}/);
      const download = page.waitForEvent("download");
      await invoice.getByRole("button", { name: /^Download invoice JKH\/.* \(PDF\)$/ }).click();
      expect((await download).suggestedFilename()).toMatch(/^invoice-JKH-\d\d-\d\d-\d{6}\.pdf$/);
      await noSidewaysScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole("link", { name: "Packing slip" }).click();
      await expect(title(page, `Packing slip, order ${orderId}`)).toBeVisible();
      const slip = page.getByRole("article", { name: `Order ${orderId}` });
      await expect(slip).toContainText("Jaipur Kala House");
      await expect(slip).toContainText("Kavya Reddy");
      await expect(slip).toContainText("14 MI Road");
      await expect(slip.getByRole("row", { name: new RegExp(products[0]!.name) })).toContainText("1");
      await expect(slip).toContainText(/Cash on delivery: collect ₹[\d,]+/);
      await noSidewaysScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The real print dialog cannot be driven headless: count the calls instead.
      await page.evaluate(() => {
        const g = globalThis as unknown as { printed: number; print: () => void };
        g.printed = 0;
        g.print = () => void g.printed++;
      });
      await page.getByRole("button", { name: "Print" }).click();
      expect(await page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);
      // On paper: the slip only, without the shop's header, footer, chat button or the Print button.
      await page.emulateMedia({ media: "print" });
      await expect(slip).toBeVisible();
      await expect(
        page.getByRole("banner").filter({ has: page.getByRole("navigation", { name: "Main" }) }),
      ).toBeHidden();
      await expect(page.getByRole("contentinfo")).toBeHidden();
      await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toBeHidden();
      await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
      await page.emulateMedia({ media: "screen" });

      await page.goBack();
      const actions = page.getByRole("region", { name: "Next step" });
      await actions.getByRole("combobox", { name: "Courier" }).selectOption({ label: "Delhivery" });
      await actions.getByRole("textbox", { name: "Tracking number" }).fill("JKH-SLIP-1");
      await actions.getByRole("button", { name: "Mark shipped" }).click();
      await expect(actions.getByRole("status").first()).toContainText("marked shipped");
      // A typo in the number is corrected in place; the order stays shipped.
      const fix = actions.getByRole("form", { name: "Correct the tracking number" });
      await fix.getByRole("textbox", { name: "Tracking number" }).fill("JKH-SLIP-10");
      await fix.getByRole("button", { name: "Correct tracking number" }).click();
      await expect(fix.getByRole("status")).toContainText("corrected");
      await expect(delivery).toContainText("JKH-SLIP-10");
      await expect(page.getByRole("region", { name: "History" })).toContainText("from JKH-SLIP-1 to JKH-SLIP-10");
      // "Mark delivered" asks first.
      await actions.getByRole("button", { name: "Mark delivered" }).click();
      const dialog = page.getByRole("dialog", { name: `Mark order ${orderId} delivered?` });
      await expect(dialog).toContainText("cash was collected");
      await dialog.getByRole("button", { name: "Go back" }).click();
      await expect(dialog).toBeHidden();
      await actions.getByRole("button", { name: "Mark delivered" }).click();
      await dialog.getByRole("button", { name: "Mark delivered" }).click();
      await expect(actions.getByRole("status").first()).toContainText("marked delivered");
    });

    test("the seller ships two orders at once, each with its tracking number", async ({ page, request }) => {
      // One address per order: the mail fixture reads an address's first code.
      const first = await confirmedCodOrder(request, products[1]!, newShopper("bulk").email);
      const second = await confirmedCodOrder(request, products[1]!, newShopper("bulk").email);
      await openWithStorage(page, "/admin/orders?view=to_ship", { token: await adminToken(request) });
      for (const id of [first, second]) await page.getByRole("checkbox", { name: `Select order ${id}` }).check();
      const selected = page.getByRole("region", { name: "Selected orders" });
      await expect(selected).toContainText("2 selected");
      await expect(selected.getByRole("link", { name: "Print packing slips" })).toHaveAttribute(
        "href",
        new RegExp(`ids=(${first},${second}|${second},${first})$`),
      );
      await selected.getByRole("button", { name: "Mark shipped" }).click();

      const form = page.getByRole("region", { name: "Mark 2 orders shipped" });
      await form.getByRole("button", { name: "Ship these orders" }).click();
      await expect(form.getByRole("combobox", { name: `Courier for order ${first}` })).toBeFocused();
      for (const id of [first, second])
        await form.getByRole("combobox", { name: `Courier for order ${id}` }).selectOption({ label: "DTDC" });
      await form.getByRole("textbox", { name: `Tracking number for order ${first}` }).fill(`BULK-${first}`);
      await form.getByRole("textbox", { name: `Tracking number for order ${second}` }).fill(`BULK-${second}`);
      await noSidewaysScroll(page);
      await form.getByRole("button", { name: "Ship these orders" }).click();
      const result = form.getByRole("status");
      await expect(result).toContainText("2 shipped.");
      await expect(result).toContainText(`Order ${first}: shipped`);
      await expect(result).toContainText(`Order ${second}: shipped`);
      // Shipped orders leave the to-ship list.
      await expect(orderLink(page, width.phone, first)).toHaveCount(0);
      await expect(orderLink(page, width.phone, second)).toHaveCount(0);
    });

    test("the seller cancels one piece of a paid order; the rest stays and the piece is refunded", async ({
      page,
      request,
    }) => {
      const product = products[2]!;
      const orderId = await twoPieceCardOrder(request, product);
      await openWithStorage(page, `/admin/orders/${orderId}`, { token: await adminToken(request) });
      const cancel = page.getByRole("region", { name: "Cancel pieces" });
      await cancel.getByRole("button", { name: "Cancel selected pieces" }).click();
      await expect(cancel).toContainText("Choose at least one piece to cancel.");
      await cancel
        .getByRole("combobox", { name: `Pieces of ${product.name} (size ${product.size}) to cancel` })
        .selectOption({ label: "1 of 2" });
      await cancel.getByRole("button", { name: "Cancel selected pieces" }).click();
      const dialog = page.getByRole("dialog", { name: `Cancel these pieces of order ${orderId}?` });
      await expect(dialog).toContainText(`1 x ${product.name}`);
      await dialog.getByRole("button", { name: "Cancel pieces" }).click();
      const outcome = cancel.getByRole("status");
      await expect(outcome).toContainText("The pieces are cancelled and back in stock.");
      await expect(outcome).toContainText(formatMoney(product.offer_price, "INR"));
      await expect(page.getByRole("region", { name: "Items" })).toContainText("1 cancelled");
      await expect(page.getByRole("region", { name: "History" })).toContainText(`Cancelled 1 x ${product.name}`);
      await noSidewaysScroll(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });
}
