import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext } from "@playwright/test";
import type { CardOrderResponse, ProductDetail, ProductListResponse, VerifyPaymentResponse } from "@store/shared";
import { seriousA11yViolations } from "../fixtures/axe";
import { adminToken, expectNoSidewaysScroll, PHONE } from "../fixtures/back-office";
import { guestCart, openWithStorage, productDetail } from "../fixtures/cart";

/**
 * Issue 38, points 10 and 11 in the back office: the owner corrects a paid order's address to another state
 * (the city asked about, the invoice re-issued), enters the e-way bill of an order above ₹50,000 and
 * downloads its portal JSON, and sees the GST limits among the notified values. Three page loads.
 */
const MUMBAI = {
  name: "Kavya Reddy",
  delivery_address: "4 Marine Drive",
  pin_code: "400001",
  city: "Mumbai",
  state: "Maharashtra",
};

/** A product whose stock is worth `rupees`, from the end of a category's list (other specs buy from its start). */
async function productWorth(request: APIRequestContext, rupees: number): Promise<ProductDetail> {
  for (const category of [6, 5, 4, 3, 2, 1]) {
    const list = (await (
      await request.get(`/api/get-all-products/?category_pk=${category}`)
    ).json()) as ProductListResponse;
    for (const item of [...list.data].reverse().slice(0, 10)) {
      const detail = await productDetail(request, item.id, "INR");
      if (detail.offer_price * (detail.stock - 2) >= rupees) return detail;
    }
  }
  throw new Error(`No product with ₹${rupees} of stock`);
}

/** A card order of `quantity` pieces paid through the simulated Razorpay, to `address` (Jaipur unless given). */
async function paidOrder(request: APIRequestContext, product: ProductDetail, quantity: number, address = {}) {
  const cart = await guestCart(request, product, quantity);
  const created = await request.post("/api/create-order/", {
    data: {
      amount: cart.subtotal * 100,
      currency: "INR",
      promo_code: "Nil",
      cart_id: cart.cart_id,
      razorpay: true,
      name: "Kavya Reddy",
      mobile_number: "9829012345",
      delivery_address: "14 MI Road",
      pin_code: "302001",
      city: "Jaipur",
      state: "Rajasthan",
      ...address,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { data } = (await created.json()) as CardOrderResponse;
  const paid = await request.post("/sim/razorpay/checkout/pay", { data: { key_id: data.key, order_id: data.data.id } });
  const verified = await request.post("/api/verify-payment/", {
    data: { razorpay: true, ...(await paid.json()), amount: data.data.amount, cart_id: cart.cart_id },
  });
  expect(((await verified.json()) as VerifyPaymentResponse).status).toBe("paid");
  return data.order_id;
}

test("the owner corrects an address to another state, and enters and downloads a high-value order's e-way bill", async ({
  page,
  request,
}) => {
  const product = await productWorth(request, 65_000);
  const small = await paidOrder(request, product, 1);
  const large = await paidOrder(request, product, Math.ceil(60_000 / product.offer_price), MUMBAI);
  const token = await adminToken(request);

  // The address: on a phone, PIN code 122001 with the city still Jaipur; the city is asked about, Gurugram taken.
  await page.setViewportSize(PHONE);
  await openWithStorage(page, `/admin/orders/${small}`, { token });
  const form = page.getByRole("region", { name: "Correct the address" });
  await form.getByRole("textbox", { name: "Delivery address" }).fill("Plot 7, Sector 14");
  await form.getByRole("textbox", { name: "PIN code" }).fill("122001");
  await expect(form.getByRole("combobox", { name: "State" })).toHaveValue("Haryana");
  const city = form.getByRole("textbox", { name: "City" });
  await expect(city).toHaveAccessibleDescription(
    'PIN code 122001 is in Gurugram, Haryana: use Gurugram as the city, or confirm "Jaipur".',
  );
  await form.getByRole("button", { name: "Use Gurugram" }).click();
  await expect(city).toHaveValue("Gurugram");
  await form.getByRole("button", { name: "Save the address" }).click();
  await expect(form.getByRole("status")).toHaveText(
    /^The place of supply changed from Rajasthan to Haryana: invoice TST\/\S+ is cancelled by credit note TST\S+, and invoice TST\/\S+ is issued\.$/,
  );
  await expect(page.getByRole("region", { name: "Delivery" })).toContainText(
    "Plot 7, Sector 14, Gurugram, Haryana 122001",
  );
  const invoice = page.getByRole("region", { name: "Invoice" });
  await expect(invoice).toContainText("Replaced invoice");
  await expect(invoice).toContainText("Delivery address corrected");
  await expectNoSidewaysScroll(page);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The e-way bill: why, the portal's JSON, a wrong number refused, the right one saved.
  await page.goto(`/admin/orders/${large}`);
  const bill = page.getByRole("region", { name: "E-way bill" });
  await expect(bill).toContainText("over the ₹50,000 limit for goods going to another state");
  const download = page.waitForEvent("download");
  await bill.getByRole("button", { name: "Download e-way bill JSON" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^e-way-bill-TST-\d\d-\d\d-\d+\.json$/);
  const json = JSON.parse(await readFile((await file.path())!, "utf8")) as {
    version: string;
    billLists: { docNo: string; toPincode: number; toStateCode: number; toGstin: string }[];
  };
  expect(json.version).toBe("1.0.0621");
  expect(json.billLists[0]).toMatchObject({ toPincode: 400001, toStateCode: 27, toGstin: "URP" });
  const number = bill.getByRole("textbox", { name: "E-way bill number" });
  await number.fill("12345");
  await bill.getByRole("button", { name: "Save number" }).click();
  await expect(number).toHaveAccessibleDescription(/12 digits/);
  await number.fill("331001234567");
  await bill.getByRole("button", { name: "Save number" }).click();
  await expect(bill.getByRole("status")).toHaveText("The e-way bill number is saved.");
  await expectNoSidewaysScroll(page);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The limits among the notified values, as dated rows.
  await page.goto("/admin/exchange-rates");
  await expect(page.getByRole("list", { name: "E-way bill needed above, to another state" })).toContainText("₹50,000");
  await expect(page.getByRole("list", { name: "E-way bill needed above, within the seller's state" })).toContainText(
    "₹1,00,000",
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
});
