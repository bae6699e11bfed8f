import { COD_SHIPPING_FEE_INR, endInNine, type ProductListItem } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { giveBackOnClose } from "../store-credit/ledger";
import { expireLapsedOrders } from "../orders/expiry";
import {
  codeSentTo,
  confirmCod,
  createListeningTestApp,
  createOrder,
  fillCart,
  lapse,
  orderBody,
  pageTotal,
  payByCard,
  setStock,
  verifyPayment,
  webhooksSettled,
} from "../checkout/test-support";
import { invalidateCatalogCache } from "./cache";

/**
 * The catalogue's answers are cached; every write that changes what they show must reach them at once.
 * Each test first reads (so the old answer is cached), then writes through the API, then reads again.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let variants: PickedVariant[];
beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  variants = await pickVariants(app, { minStock: 5, count: 3 });
});
afterAll(async () => {
  await webhooksSettled(app);
  await app.close();
});

const stockShown = async (variant: PickedVariant) => {
  const res = await app.inject(
    `/api/get-product-detail/?product_pk=${variant.productId}&size=${variant.size}&currency=INR`,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data.stock as number;
};

/** Only this many pieces left; the test wrote the table itself, so it tells the cache. */
async function lastPieces(variant: PickedVariant, stock: number) {
  await setStock(app, variant, stock);
  invalidateCatalogCache();
  expect(await stockShown(variant)).toBe(stock);
}

let guests = 0;
/** A guest's cash-on-delivery order, confirmed with the e-mailed code. */
async function cashOnDelivery(variant: PickedVariant) {
  const lines = [{ variant }];
  const email = `cache.${++guests}@example.in`;
  const cartId = await fillCart(app, lines, "INR");
  const res = await createOrder(
    app,
    orderBody(cartId, "cod", "INR", pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR }), { email }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const confirmed = await confirmCod(app, { order_id: res.json().order_id, code: await codeSentTo(app, email) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return res.json().order_id as number;
}

describe("cached catalogue reads after a write", () => {
  it("show the last piece sold by cash on delivery as out of stock at once", async () => {
    const variant = variants[0]!;
    await lastPieces(variant, 1);
    await cashOnDelivery(variant);
    expect(await stockShown(variant)).toBe(0);
  });

  it("show the last piece sold by card (verify-payment) as out of stock at once", async () => {
    const variant = variants[1]!;
    await lastPieces(variant, 1);
    const lines = [{ variant }];
    const cartId = await fillCart(app, lines, "INR");
    const amount = pageTotal(lines, "INR") * 100;
    const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", amount));
    expect(created.statusCode, created.body).toBe(200);
    // Held for the shopper paying: nobody else can have it meanwhile.
    expect(await stockShown(variant)).toBe(0);
    const { data } = created.json();
    const paid = await payByCard(app, data.data.id, data.key);
    expect((await verifyPayment(app, { amount, razorpay: true, cart_id: cartId, ...paid })).statusCode).toBe(200);
    expect(await stockShown(variant)).toBe(0);
  });

  it("show the pieces of an order the seller cancels back in stock at once", async () => {
    const variant = variants[2]!;
    await lastPieces(variant, 3);
    const orderId = await cashOnDelivery(variant);
    expect(await stockShown(variant)).toBe(2);
    const cancel = await app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/status`,
      headers: admin,
      payload: { status: "cancelled" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockShown(variant)).toBe(3);
  });

  it("show the pieces of an unpaid order back in stock at once when it expires", async () => {
    const variant = variants[0]!;
    await lastPieces(variant, 2);
    const lines = [{ variant }];
    const created = await createOrder(
      app,
      orderBody(await fillCart(app, lines, "INR"), "paypal", "INR", endInNine(pageTotal(lines, "INR"))),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(await stockShown(variant)).toBe(1);
    await lapse(app, created.json().order_id);
    expect(await expireLapsedOrders(app.database.db, giveBackOnClose)).toBe(1);
    expect(await stockShown(variant)).toBe(2);
  });

  it("show the seller's new price in the listing and on the product page at once", async () => {
    const listing = async () =>
      (await app.inject("/api/get-all-products/?category_pk=1")).json().data as ProductListItem[];
    const [first] = await listing();
    if (!first) throw new Error("empty listing");
    const detail = `/api/get-product-detail/?product_pk=${first.id}&size=S`;
    expect((await app.inject(detail)).statusCode).toBe(200);
    const newPrice = first.offer_price > 1 ? 1 : 2;
    const edit = await app.inject({
      method: "PATCH",
      url: `/api/admin/products/${first.id}`,
      headers: admin,
      payload: { size: "S", offer_price: newPrice },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await listing()).find((p) => p.id === first.id)?.offer_price).toBe(newPrice);
    expect((await app.inject(detail)).json().data.offer_price).toBe(newPrice);
  });
});
