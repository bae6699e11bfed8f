import { expect, test, type APIRequestContext } from "@playwright/test";
import type { CardOrderResponse, CartResponse, ProductDetail, VerifyPaymentResponse } from "@store/shared";
import { adminToken, DESKTOP, PHONE } from "../fixtures/back-office";
import { firstMethodFee, guestCart, productInStock } from "../fixtures/cart";
import { hydrated } from "../fixtures/hydration";
import { keepScreen } from "../fixtures/screens";

/**
 * Issue 41, point 6 (decision 084): a foreign order's page shows its times in the shopper's zone, named, from
 * the zone the order kept, not the zone of the browser that opens it (here Tokyo's, so a page drawn with the
 * browser's clock would say so).
 */
let usdProduct: ProductDetail;
test.beforeAll(async ({ request }) => {
  usdProduct = await productInStock(request, { currency: "USD", minStock: 4, skip: 2, category: 4 });
});

const LONDON = {
  name: "Emma Clarke",
  delivery_address: "221B Baker Street",
  country_code: "+44",
  mobile_number: "+44 20 7946 0958",
  pin_code: "NW1 6XE",
  city: "London",
  state: "",
  delivery_country: "GB",
  time_zone: "Europe/London",
};
// No browser zone: the state's (New York) decides.
const NEW_YORK = {
  name: "Dana Park",
  delivery_address: "350 Fifth Avenue",
  country_code: "+1",
  mobile_number: "(212) 736-5000",
  pin_code: "10118",
  city: "New York",
  state: "NY",
  delivery_country: "US",
};

/** A guest's USD card order to `address`, paid through the simulated Razorpay, then shipped by hand. */
async function shippedOrder(request: APIRequestContext, address: Record<string, string>, email: string) {
  const { cart_id } = await guestCart(request, usdProduct);
  const cart = (await (
    await request.get(`/api/get-cart-items/?cart_id=${cart_id}&currency=USD`)
  ).json()) as CartResponse;
  const fee = await firstMethodFee(request, cart_id!, address.delivery_country!, "USD");
  const created = await request.post("/api/create-order/", {
    data: {
      amount: (cart.subtotal + fee) * 100,
      currency: "USD",
      promo_code: "Nil",
      cart_id,
      razorpay: true,
      email,
      ...address,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { data } = (await created.json()) as CardOrderResponse;
  const paid = await request.post("/sim/razorpay/checkout/pay", { data: { key_id: data.key, order_id: data.data.id } });
  const verified = await request.post("/api/verify-payment/", {
    data: { razorpay: true, ...(await paid.json()), amount: data.data.amount, cart_id },
  });
  expect(((await verified.json()) as VerifyPaymentResponse).status).toBe("paid");
  const shipped = await request.post(`/api/admin/orders/${data.order_id}/status`, {
    headers: { Authorization: `Token ${await adminToken(request)}` },
    data: { status: "shipped", carrier: "other", carrier_name: "DHL Express", tracking_number: `12${data.order_id}90` },
  });
  expect(shipped.ok(), await shipped.text()).toBe(true);
  const lookup = await request.post("/api/orders/lookup", {
    data: { order_number: String(data.order_id), contact: email },
  });
  expect(lookup.status(), await lookup.text()).toBe(200);
  return ((await lookup.json()) as { data: { path: string } }).data.path;
}

/** "Tue 8 Dec, 3:05 pm GMT": a time as the order's page writes it, in the zone named. */
const timeIn = (zones: string) => new RegExp(`\\w{3} \\d{1,2} \\w{3}, \\d{1,2}:\\d{2} [ap]m (${zones})`);

test.use({ timezoneId: "Asia/Tokyo" });

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a London and a New York order: each step of the tracking in the shopper's own zone, named", async ({
      page,
      request,
    }) => {
      const stamp = `${viewport.width}.${Date.now()}`;
      const newYork = await shippedOrder(request, NEW_YORK, `times.ny.${stamp}@example.com`);
      await page.goto(newYork);
      await hydrated(page);
      const nyProgress = page.getByRole("region", { name: "Order progress" });
      await expect(nyProgress.getByRole("listitem").filter({ hasText: "Shipped" })).toContainText(timeIn("EST|EDT"));

      const london = await shippedOrder(request, LONDON, `times.london.${stamp}@example.com`);
      await page.goto(london);
      await hydrated(page);
      const progress = page.getByRole("region", { name: "Order progress" });
      await expect(progress.getByRole("listitem").filter({ hasText: "Shipped" })).toContainText(timeIn("GMT|BST"));
      await expect(progress).toContainText("With DHL Express");
      // Neither India's clock nor the browser's (Tokyo) anywhere in the steps.
      await expect(progress).not.toContainText(/IST|GMT\+9|JST/);
      await progress.scrollIntoViewIfNeeded();
      await keepScreen(page, "issue41-p06-times");
    });
  });
}
