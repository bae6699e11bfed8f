import { COD_SHIPPING_FEE_INR, priceIn } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  codeSentTo,
  confirmCod,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  verifyPayment,
  webhooksSettled,
} from "./test-support";

let app: FastifyInstance;
let a: PickedVariant;
let b: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  const [first, second] = await pickVariants(app, { minStock: 5, count: 2 });
  if (!first || !second) throw new Error("no variants");
  [a, b] = [first, second];
});
afterAll(async () => {
  await webhooksSettled(app);
  await app.close();
});

const orders = (headers: Record<string, string>) => app.inject({ url: "/api/orders/", headers });
const order = (id: number | string, headers: Record<string, string>) =>
  app.inject({ url: `/api/orders/${id}`, headers });

describe("a shopper's orders (GET /api/orders/, GET /api/orders/:id)", () => {
  it("lists paid and cash-on-delivery orders newest first, shows lines and totals, and hides others' orders", async () => {
    const shopper = await newShopper(app);
    const auth = tokenHeader(shopper.token);

    const codLines = [{ variant: a, quantity: 2 }];
    const codCart = await fillCart(app, codLines, "INR", auth);
    const codWaiting = await createOrder(
      app,
      orderBody(codCart, "cod", "INR", pageTotal(codLines, "INR", { shipping: COD_SHIPPING_FEE_INR })),
      auth,
    );
    expect(codWaiting.statusCode).toBe(200);
    // Waiting for its code, it is not an order yet.
    expect((await orders(auth)).json().data).toEqual([]);
    const cod = await confirmCod(
      app,
      { order_id: codWaiting.json().order_id, code: await codeSentTo(app, shopper.email) },
      auth,
    );
    expect(cod.statusCode).toBe(200);

    const cardLines = [{ variant: b }];
    const cardCart = await fillCart(app, cardLines, "USD", auth);
    const amount = pageTotal(cardLines, "USD") * 100;
    const card = (await createOrder(app, orderBody(cardCart, "razorpay", "USD", amount), auth)).json().data;
    const paid = await payByCard(app, card.data.id, card.key);
    expect((await verifyPayment(app, { amount, razorpay: true, cart_id: cardCart, ...paid }, auth)).statusCode).toBe(
      200,
    );

    // An attempt never paid is not listed.
    const attemptCart = await fillCart(app, [{ variant: a }], "USD", auth);
    expect(
      (await createOrder(app, orderBody(attemptCart, "paypal", "USD", pageTotal([{ variant: a }], "USD")), auth))
        .statusCode,
    ).toBe(200);

    const list = await orders(auth);
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("private, no-store");
    expect(list.json().data).toEqual([
      {
        id: card.order_id,
        status: "paid",
        status_label: "Paid",
        payment_method: "razorpay",
        currency: "USD",
        total: amount / 100,
        item_count: 1,
        created_at: expect.any(String),
        is_test: true,
        time_zone: "Asia/Kolkata",
      },
      {
        id: cod.json().order_id,
        status: "cod_confirmed",
        status_label: "Confirmed (cash on delivery)",
        payment_method: "cod",
        currency: "INR",
        total: cod.json().amount,
        item_count: 2,
        created_at: expect.any(String),
        is_test: false,
        time_zone: "Asia/Kolkata",
      },
    ]);

    const detail = await order(cod.json().order_id, auth);
    expect(detail.statusCode).toBe(200);
    const unit = priceIn("INR", a.offerCents);
    expect(detail.json().data).toMatchObject({
      id: cod.json().order_id,
      subtotal: unit * 2,
      discount: 0,
      shipping: COD_SHIPPING_FEE_INR,
      shipping_method: "india-standard",
      rounding: 0,
      total: unit * 2 + COD_SHIPPING_FEE_INR,
      promo_code: null,
      delivery: { name: "Asha Meena", city: "Jaipur", state: "Rajasthan", pin_code: "302002" },
      lines: [
        {
          product_pk: a.productId,
          product_name: a.name,
          size: a.size,
          quantity: 2,
          unit_price: unit,
          mrp: priceIn("INR", a.mrpCents),
          line_total: unit * 2,
        },
      ],
    });

    const stranger = await newShopper(app);
    expect((await order(cod.json().order_id, tokenHeader(stranger.token))).statusCode).toBe(404);
    expect((await orders(tokenHeader(stranger.token))).json().data).toEqual([]);
    expect((await order(999999, auth)).statusCode).toBe(404);
    expect((await order("abc", auth)).statusCode).toBe(400);
  });

  it("needs a signed-in shopper (401)", async () => {
    expect((await orders({})).statusCode).toBe(401);
    expect((await order(1, {})).statusCode).toBe(401);
    expect((await orders({ authorization: "Token nope" })).statusCode).toBe(401);
  });
});
