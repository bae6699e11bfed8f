import { COD_SHIPPING_FEE_INR, formatMoney, MESSAGES } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createTestApp } from "../../testing/test-app";
import { UNCONFIRMED_COD_PER_EMAIL } from "../orders/caps";
import { COD_CODE_SENDS } from "./cod-codes";
import {
  codeSentTo,
  confirmCod,
  countRows,
  createOrder,
  DELIVERY,
  emailsTo,
  fillCart,
  lapse,
  orderBody,
  pageTotal,
  setStock,
  stockOf,
  storedOrder,
} from "./test-support";

let app: FastifyInstance;
let variant: PickedVariant;
let other: PickedVariant;
beforeAll(async () => {
  // Cash on delivery never talks to a provider: no listening server needed.
  app = await createTestApp();
  const [a, b] = await pickVariants(app, { minStock: 10, count: 2 });
  if (!a || !b) throw new Error("no variants");
  [variant, other] = [a, b];
});
afterAll(() => app.close());

const codTotal = (lines: { variant: PickedVariant; quantity?: number }[]) =>
  pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
let emails = 0;
const freshEmail = () => `cod.${process.pid}.${++emails}@example.in`;

/** A guest's cash-on-delivery checkout of `lines`: created, waiting for the code e-mailed to a fresh address. */
async function waitingOrder(
  lines: { variant: PickedVariant; quantity?: number }[],
  extra: Record<string, unknown> = {},
) {
  const email = freshEmail();
  const cartId = await fillCart(app, lines, "INR");
  const res = await createOrder(app, orderBody(cartId, "cod", "INR", codTotal(lines), { email, ...extra }));
  expect(res.statusCode).toBe(200);
  return {
    cartId,
    email,
    orderId: res.json().order_id as number,
    body: res.json(),
    code: await codeSentTo(app, email),
  };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("cash on delivery from a guest: confirmed with a code e-mailed to the address given", () => {
  it("holds nothing until the code comes back, then takes the stock, empties the cart and sends the confirmation", async () => {
    const lines = [{ variant, quantity: 3 }];
    const before = await stockOf(app, variant);
    const amount = codTotal(lines);
    const { cartId, email, orderId, body, code } = await waitingOrder(lines, { promo_code: "" });

    expect(body).toEqual({
      order_id: orderId,
      status: "awaiting_confirmation",
      amount,
      currency: "INR",
      email,
      expires_at: expect.any(String),
      message: expect.stringContaining(email),
      channel: "email",
      sent_to: email,
      whatsapp_available: true,
      store_credit: 0,
      to_pay: amount,
    });
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await stockOf(app, variant)).toBe(before);
    expect((await app.inject({ url: `/api/get-cart-items/?cart_id=${cartId}` })).json().data).toHaveLength(1);
    expect((await storedOrder(app, orderId)).order).toMatchObject({
      status: "awaiting_confirmation",
      stockHeld: false,
      shipping: 3900,
      total: amount * 100,
    });

    const confirmed = await confirmCod(app, { order_id: orderId, code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      order_id: orderId,
      status: "cod_confirmed",
      amount,
      currency: "INR",
      order_page: expect.stringMatching(/&placed=1$/),
      store_credit: 0,
      to_pay: amount,
    });
    const stored = await storedOrder(app, orderId);
    expect(stored.order).toMatchObject({
      status: "cod_confirmed",
      stockHeld: true,
      expiresAt: null,
      comment: DELIVERY.comment,
    });
    expect(stored.events.map((e) => e.toStatus)).toEqual(["awaiting_confirmation", "cod_confirmed"]);
    expect(stored.payment).toBeUndefined();
    expect(await stockOf(app, variant)).toBe(before - 3);
    expect((await app.inject({ url: `/api/get-cart-items/?cart_id=${cartId}` })).json().data).toEqual([]);
    const [codeMail, confirmation] = await emailsTo(app, email);
    expect(codeMail?.subject).toContain(code);
    expect(confirmation?.text).toContain("cash on delivery");
    expect(confirmation?.text).toContain(`Shipping: ${formatMoney(COD_SHIPPING_FEE_INR, "INR")}`);

    // Confirming again answers as the first time and changes nothing; the cart is empty for a new checkout.
    const again = await confirmCod(app, { order_id: orderId, code });
    expect(again.statusCode).toBe(200);
    expect(await stockOf(app, variant)).toBe(before - 3);
    expect((await storedOrder(app, orderId)).events).toHaveLength(2);
    expect((await createOrder(app, orderBody(cartId, "cod", "INR", amount, { email }))).json().code).toBe("CART_EMPTY");
  });

  it("e-mails only what the shop wrote: the code, product names and total, never the requester's own text", async () => {
    const { email, code } = await waitingOrder([{ variant }], {
      name: "Click http://evil.example now",
      comment: "Your account is locked",
      delivery_address: "Visit evil.example",
    });
    const [mail] = await emailsTo(app, email);
    expect(mail?.text).toContain(code);
    expect(mail?.text).toContain(variant.name);
    expect(mail?.text).not.toMatch(/evil|locked|Click/);
  });

  it("needs an e-mail address from a guest", async () => {
    const cartId = await fillCart(app, [{ variant }], "INR");
    const rows = await countRows(app);
    const res = await createOrder(app, orderBody(cartId, "cod", "INR", codTotal([{ variant }])));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "EMAIL_REQUIRED", message: expect.stringContaining("e-mail") });
    expect(await countRows(app)).toEqual(rows);
  });

  it("counts wrong codes and closes the order after the last try; nothing was ever taken", async () => {
    const before = await stockOf(app, other);
    const { orderId, code } = await waitingOrder([{ variant: other }]);
    for (const left of [4, 3, 2, 1]) {
      const res = await confirmCod(app, { order_id: orderId, code: wrongCode(code) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: "CODE_INCORRECT",
        message: `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
      });
    }
    const last = await confirmCod(app, { order_id: orderId, code: wrongCode(code) });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: "TOO_MANY_TRIES", message: expect.stringContaining("last try") });
    expect((await storedOrder(app, orderId)).order.status).toBe("expired");
    // Even the right code is too late now.
    expect((await confirmCod(app, { order_id: orderId, code })).statusCode).toBe(409);
    expect(await stockOf(app, other)).toBe(before);
  });

  it("refuses a code past the deadline and closes the order; the next checkout of the cart is a new order", async () => {
    const { cartId, email, orderId, code } = await waitingOrder([{ variant }]);
    await lapse(app, orderId);
    const late = await confirmCod(app, { order_id: orderId, code });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: "CODE_EXPIRED" });
    expect((await storedOrder(app, orderId)).order.status).toBe("expired");
    const again = await createOrder(app, orderBody(cartId, "cod", "INR", codTotal([{ variant }]), { email }));
    expect(again.statusCode).toBe(200);
    expect(again.json().order_id).not.toBe(orderId);
  });

  it("e-mails a new code when the shopper checks out again (the old one stops working), a few times at most", async () => {
    const { cartId, email, orderId, code } = await waitingOrder([{ variant }]);
    const body = orderBody(cartId, "cod", "INR", codTotal([{ variant }]), { email });
    expect((await createOrder(app, body)).json().order_id).toBe(orderId);
    const second = await codeSentTo(app, email);
    expect(await emailsTo(app, email)).toHaveLength(2);
    for (let sent = 2; sent < COD_CODE_SENDS; sent++) expect((await createOrder(app, body)).statusCode).toBe(200);
    const tooMany = await createOrder(app, body);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().code).toBe("TOO_MANY_CODES");
    expect(await emailsTo(app, email)).toHaveLength(COD_CODE_SENDS);
    if (second !== code) expect((await confirmCod(app, { order_id: orderId, code })).statusCode).toBe(422);
    expect((await confirmCod(app, { order_id: orderId, code: await codeSentTo(app, email) })).statusCode).toBe(200);
  });

  it("keeps only a few orders waiting for codes sent to one address", async () => {
    const email = freshEmail();
    const order = async () =>
      createOrder(
        app,
        orderBody(await fillCart(app, [{ variant }], "INR"), "cod", "INR", codTotal([{ variant }]), { email }),
      );
    for (let i = 0; i < UNCONFIRMED_COD_PER_EMAIL; i++) expect((await order()).statusCode).toBe(200);
    const rows = await countRows(app);
    const refused = await order();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "TOO_MANY_UNCONFIRMED" });
    expect(await countRows(app)).toEqual(rows);
    expect(await emailsTo(app, email)).toHaveLength(UNCONFIRMED_COD_PER_EMAIL);
  });

  it("e-mails one address a few codes a day at most, whatever the orders, changing nothing after", async () => {
    const email = freshEmail();
    const perDay = app.config.abuse.codCodes.max;
    // Each order's checkout is asked again for new codes, COD_CODE_SENDS at most; then another order's.
    let sent = 0;
    let refused: Awaited<ReturnType<typeof createOrder>> | undefined;
    while (!refused) {
      const body = orderBody(await fillCart(app, [{ variant }], "INR"), "cod", "INR", codTotal([{ variant }]), {
        email,
      });
      for (let send = 0; send < COD_CODE_SENDS && !refused; send++) {
        const res = await createOrder(app, body);
        if (res.statusCode === 200) sent++;
        else refused = res;
      }
    }
    expect(sent).toBe(perDay);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: "TOO_MANY_CODES_TODAY",
      message:
        "We have sent as many codes to this e-mail address as we send in a day. Please use one of them, or pay online.",
    });
    const rows = await countRows(app);
    const another = await createOrder(
      app,
      orderBody(await fillCart(app, [{ variant }], "INR"), "cod", "INR", codTotal([{ variant }]), { email }),
    );
    expect(another.statusCode).toBe(429);
    expect(await countRows(app)).toEqual(rows);
    expect(await emailsTo(app, email)).toHaveLength(perDay);
  });

  it("answers 404 for an unknown order and 400 for a code that is not six digits", async () => {
    expect((await confirmCod(app, { order_id: 2_000_000_000, code: "123456" })).statusCode).toBe(404);
    const { orderId } = await waitingOrder([{ variant }]);
    for (const code of ["12345", "1234567", "abcdef", ""]) {
      const res = await confirmCod(app, { order_id: orderId, code });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
  });

  it("is refused in USD (422) and without the fee (409), storing nothing", async () => {
    const usdCart = await fillCart(app, [{ variant }], "USD");
    const inrCart = await fillCart(app, [{ variant }], "INR");
    const rows = await countRows(app);
    const usd = await createOrder(
      app,
      orderBody(usdCart, "cod", "USD", pageTotal([{ variant }], "USD"), { email: freshEmail() }),
    );
    expect(usd.statusCode).toBe(422);
    expect(usd.json()).toMatchObject({
      message: "Cash on delivery is available for orders in INR only.",
      code: "COD_NOT_AVAILABLE",
    });
    const noFee = await createOrder(
      app,
      orderBody(inrCart, "cod", "INR", pageTotal([{ variant }], "INR"), { email: freshEmail() }),
    );
    expect(noFee.statusCode).toBe(409);
    expect(noFee.json().code).toBe("AMOUNT_MISMATCH");
    expect(await countRows(app)).toEqual(rows);
  });

  it("answers 400 with one entry per missing delivery field, and asks for a payment method", async () => {
    const cartId = await fillCart(app, [{ variant }], "INR");
    const body = orderBody(cartId, "cod", "INR", codTotal([{ variant }]));
    const res = await createOrder(app, {
      ...body,
      name: "",
      mobile_number: " ",
      delivery_address: undefined,
      city: "",
      state: "",
      pin_code: "",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_FAILED");
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
      // An Indian address's empty city and state are not missing: the server fills them from the PIN code.
    ).toEqual(["body.delivery_address", "body.mobile_number", "body.name"]);
    // The country's own rules (the PIN code here, decision 079) are checked once every field has its shape.
    const noPin = await createOrder(app, { ...body, city: "", state: "", pin_code: "" });
    expect(noPin.statusCode).toBe(400);
    expect(noPin.json().errors.map((e: { path: string }) => e.path)).toEqual(["body.pin_code"]);
    const noMethod = await createOrder(app, { ...body, payment_method: undefined });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().errors).toEqual([{ path: "body.payment_method", message: MESSAGES.selectPaymentMethod }]);
  });

  it("refuses an empty cart (422), an unknown one (404) and another shopper's (404)", async () => {
    const cartId = await fillCart(app, [{ variant }], "INR");
    await app.inject({
      method: "POST",
      url: "/api/remove-cart-items/",
      payload: { product_pk: variant.productId, size: variant.size, is_direct_buy: false, cart_id: cartId },
    });
    const empty = await createOrder(
      app,
      orderBody(cartId, "cod", "INR", COD_SHIPPING_FEE_INR, { email: freshEmail() }),
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ message: "Your cart is empty.", code: "CART_EMPTY" });
    expect(
      (
        await createOrder(
          app,
          orderBody("8f14e45f-ceea-4e7a-9c3b-2b1d3f8e9a01", "cod", "INR", 1, { email: freshEmail() }),
        )
      ).statusCode,
    ).toBe(404);

    const shopper = await newShopper(app);
    const ownCart = await fillCart(app, [{ variant }], "INR", tokenHeader(shopper.token));
    const asGuest = await createOrder(
      app,
      orderBody(ownCart, "cod", "INR", codTotal([{ variant }]), { email: freshEmail() }),
    );
    expect(asGuest.statusCode).toBe(404);
    const asOwner = await createOrder(
      app,
      orderBody(ownCart, "cod", "INR", codTotal([{ variant }])),
      tokenHeader(shopper.token),
    );
    expect(asOwner.statusCode).toBe(200);
    // A shopper whose e-mail is not verified yet gets the code at their account's address.
    expect(asOwner.json()).toMatchObject({ status: "awaiting_confirmation", email: shopper.email });
    expect(await codeSentTo(app, shopper.email)).toMatch(/^\d{6}$/);
  });

  it("refuses a cart holding more than is left (409) and names the product", async () => {
    const lines = [{ variant: other, quantity: 2 }];
    const cartId = await fillCart(app, lines, "INR");
    await setStock(app, other, 1);
    const res = await createOrder(app, orderBody(cartId, "cod", "INR", codTotal(lines), { email: freshEmail() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: `Only 1 left of ${other.name} (size ${other.size}). Please update your cart.`,
      code: "OUT_OF_STOCK",
    });
    expect(await stockOf(app, other)).toBe(1);
    await setStock(app, other, 10);
  });

  it("refuses the code when the piece sold out meanwhile, and keeps the order waiting", async () => {
    await setStock(app, other, 1);
    const { orderId, code } = await waitingOrder([{ variant: other }]);
    await setStock(app, other, 0);
    const res = await confirmCod(app, { order_id: orderId, code });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "OUT_OF_STOCK",
      message: `Sorry, ${other.name} (size ${other.size}) has just sold out. Please review your cart.`,
    });
    expect((await storedOrder(app, orderId)).order.status).toBe("awaiting_confirmation");
    await setStock(app, other, 10);
  });

  it("honours a promo's usage limit when orders are confirmed (LIMITED1: one use)", async () => {
    const lines = [{ variant }];
    const subtotal = pageTotal(lines, "INR");
    const amount = subtotal - Math.floor((subtotal * 25) / 100) + COD_SHIPPING_FEE_INR;
    const place = async () => {
      const email = freshEmail();
      const cartId = await fillCart(app, lines, "INR");
      const created = await createOrder(
        app,
        orderBody(cartId, "cod", "INR", amount, { promo_code: "LIMITED1", email }),
      );
      expect(created.statusCode).toBe(200);
      return { orderId: created.json().order_id as number, code: await codeSentTo(app, email) };
    };
    // Both wait (a waiting order reserves nothing); the first confirmed takes the one use.
    const [first, second] = [await place(), await place()];
    expect((await confirmCod(app, { order_id: first.orderId, code: first.code })).statusCode).toBe(200);
    const refused = await confirmCod(app, { order_id: second.orderId, code: second.code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: "This promo code has reached its usage limit.",
      code: "PROMO_NOT_APPLICABLE",
    });
  });
});

describe("cash on delivery from a signed-in shopper", () => {
  it("needs no code once the account's e-mail is verified, and a confirmed code verifies it", async () => {
    const shopper = await newShopper(app);
    const auth = tokenHeader(shopper.token);
    const lines = [{ variant }];
    const before = await stockOf(app, variant);

    // Not verified yet: the code goes to the account's address; confirming it proves the address.
    const first = await createOrder(
      app,
      orderBody(await fillCart(app, lines, "INR", auth), "cod", "INR", codTotal(lines)),
      auth,
    );
    expect(first.json()).toMatchObject({ status: "awaiting_confirmation", email: shopper.email });
    expect(
      (await confirmCod(app, { order_id: first.json().order_id, code: await codeSentTo(app, shopper.email) }, auth))
        .statusCode,
    ).toBe(200);
    expect((await app.inject({ url: "/api/me/", headers: auth })).json().user.email_verified).toBe(true);

    // Verified: confirmed at once, stock taken in the same request.
    const second = await createOrder(
      app,
      orderBody(await fillCart(app, lines, "INR", auth), "cod", "INR", codTotal(lines)),
      auth,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      order_id: expect.any(Number),
      status: "cod_confirmed",
      amount: codTotal(lines),
      currency: "INR",
      order_page: expect.stringMatching(/^\/orders\/\d+\?token=[0-9a-f]{64}&placed=1$/),
      store_credit: 0,
      to_pay: codTotal(lines),
    });
    expect((await storedOrder(app, second.json().order_id)).events.map((e) => e.toStatus)).toEqual([
      "pending_payment",
      "cod_confirmed",
    ]);
    expect(await stockOf(app, variant)).toBe(before - 2);
  });
});
