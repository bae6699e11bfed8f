import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { istDayOf, addDays } from "../../lib/seller-time";
import { loadNotificationLinksSecret } from "../accounts/notification-preferences";
import { newShopper, postAuth, tokenHeader, verifiedShopper } from "../accounts/test-support";
import { auditLog } from "../admin/tables";
import { call, newAdmin } from "../admin/test-support";
import { keptOutOfQuotedCart } from "../cart/login-claim";
import { QUOTED_CART_MESSAGE } from "../cart/quote-lock";
import { createReminderLinks } from "../cart/reminder-links";
import { cartLines, cartReminders, carts } from "../cart/tables";
import { pickVariants, addBody, type PickedVariant } from "../cart/test-support";
import { products } from "../catalog/tables";
import {
  createListeningTestApp,
  createOrder,
  emailsTo,
  orderBody,
  payByCard,
  storedOrder,
  verifyPayment,
  webhooksSettled,
} from "../checkout/test-support";
import { pdfText } from "../invoices/test-support";
import { orderLines } from "../orders/tables";
import { invoices } from "../invoices/tables";
import { quotes } from "./tables";

let app: FastifyInstance;
let owner: Record<string, string>;
let a: PickedVariant;
let b: PickedVariant;
/** A piece no quote names: what a guest cart, a reminder or a past order would bring into a quoted cart. */
let c: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  owner = (await newAdmin(app)).headers;
  [a, b, c] = (await pickVariants(app, { minStock: 20, count: 3 })) as [PickedVariant, PickedVariant, PickedVariant];
});
afterEach(async () => {
  await webhooksSettled(app);
});
afterAll(() => app.close());

const today = () => istDayOf(new Date());
const buyer = async () => {
  const shopper = await newShopper(app);
  return { email: shopper.email, headers: tokenHeader(shopper.token) };
};

function requestBody(extra: Record<string, unknown> = {}) {
  return {
    lines: [
      { product_id: a.productId, size: a.size, colour: "Indigo", quantity: 3 },
      { product_id: b.productId, size: b.size, quantity: 2 },
      { custom_text: "Twelve block-printed table runners, 2 m", quantity: 12 },
    ],
    wanted_by: addDays(today(), 20),
    state: "Maharashtra",
    notes: "For our shop in Pune",
    phone: "98765 43210",
    ...extra,
  };
}

async function requested(headers: Record<string, string>) {
  const res = await call(app, headers, "POST", "/api/quotes/", requestBody());
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; lines: { id: number; product_id: number | null }[] }>();
}

function answerBody(
  quote: { lines: { id: number; product_id: number | null }[] },
  extra: Record<string, unknown> = {},
) {
  return {
    lines: quote.lines.map((l, i) =>
      l.product_id === null
        ? {
            id: l.id,
            unit_price_paise: 45_050,
            sold_product_id: b.productId,
            sold_size: b.size === a.size ? "XL" : a.size,
          }
        : { id: l.id, unit_price_paise: i === 0 ? 99_900 : 150_025 },
    ),
    shipping_paise: 25_000,
    valid_until: addDays(today(), 10),
    terms: "50% advance, balance before dispatch",
    lead_time_days: 14,
    ...extra,
  };
}

/** A quote of a product line (a, 3 pieces) and custom work sold as b's size, priced and sent. */
async function quoted(headers: Record<string, string>) {
  const res = await call(app, headers, "POST", "/api/quotes/", {
    ...requestBody(),
    lines: [
      { product_id: a.productId, size: a.size, colour: "Indigo", quantity: 3 },
      { custom_text: "Block-printed runners, 2 m", quantity: 2 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const quote = res.json<{ id: number; lines: { id: number; product_id: number | null }[] }>();
  const sent = await call(app, owner, "POST", `/api/admin/quotes/${quote.id}/send`, {
    lines: [
      { id: quote.lines[0]!.id, unit_price_paise: 99_950 },
      { id: quote.lines[1]!.id, unit_price_paise: 45_025, sold_product_id: b.productId, sold_size: b.size },
    ],
    shipping_paise: 25_000,
    valid_until: addDays(today(), 10),
    terms: "Full payment with the order",
    lead_time_days: 7,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return quote.id;
}

describe("quote requests", () => {
  it("a signed-in buyer asks; the quote is theirs alone, listed with its status", async () => {
    const me = await buyer();
    const quote = await requested(me.headers);
    expect(quote).toMatchObject({
      status: "requested",
      phone: "+919876543210",
      state: "Maharashtra",
      lines: [
        { product_id: a.productId, size: a.size, colour: "Indigo", quantity: 3, unit_price_paise: null },
        { product_id: b.productId, quantity: 2 },
        { product_id: null, custom_text: "Twelve block-printed table runners, 2 m", quantity: 12 },
      ],
      total_paise: null,
    });
    const mine = await call(app, me.headers, "GET", "/api/quotes/");
    expect(mine.json().data.map((q: { id: number; status: string }) => [q.id, q.status])).toEqual([
      [quote.id, "requested"],
    ]);
    const other = await buyer();
    expect((await call(app, other.headers, "GET", `/api/quotes/${quote.id}`)).statusCode).toBe(404);
    expect((await call(app, other.headers, "GET", "/api/quotes/")).json().data).toEqual([]);
    expect((await call(app, {}, "POST", "/api/quotes/", requestBody())).statusCode).toBe(401);
  });

  it.each([
    ["no lines", { lines: [] }, "lines"],
    ["quantity 0", { lines: [{ product_id: 1, quantity: 0 }] }, "lines.0.quantity"],
    ["quantity above 10,000", { lines: [{ custom_text: "x", quantity: 10_001 }] }, "lines.0.quantity"],
    ["product and custom text", { lines: [{ product_id: 1, custom_text: "x", quantity: 1 }] }, "lines.0.custom_text"],
    ["neither", { lines: [{ quantity: 1 }] }, "lines.0.custom_text"],
    ["a date that is not one", { wanted_by: "2026-02-30" }, "wanted_by"],
    ["a bad phone", { phone: "12345" }, "phone"],
    ["an unknown field", { discount: 5 }, ""],
  ])("refuses %s with a 400 naming the field, writing nothing", async (_what, over, path) => {
    const me = await buyer();
    const res = await call(app, me.headers, "POST", "/api/quotes/", requestBody(over));
    expect(res.statusCode, res.body).toBe(400);
    if (path) expect(JSON.stringify(res.json())).toContain(path);
    expect((await call(app, me.headers, "GET", "/api/quotes/")).json().data).toEqual([]);
  });

  it("refuses a past date, an unknown state, product or size with a 422", async () => {
    const me = await buyer();
    for (const over of [
      { wanted_by: today() },
      { state: "Atlantis" },
      { lines: [{ product_id: 2_000_000_000, quantity: 1 }] },
      { lines: [{ product_id: a.productId, size: "XXXXL", quantity: 1 }] },
    ]) {
      const res = await call(app, me.headers, "POST", "/api/quotes/", requestBody(over));
      expect(res.statusCode, res.body).toBe(422);
    }
    expect((await call(app, me.headers, "GET", "/api/quotes/")).json().data).toEqual([]);
  });
});

describe("the seller's answer", () => {
  it("prices every line, e-mails the buyer and writes an audit row; the total includes shipping", async () => {
    const me = await buyer();
    const quote = await requested(me.headers);
    const res = await call(app, owner, "POST", `/api/admin/quotes/${quote.id}/send`, answerBody(quote));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "quoted",
      shipping_paise: 25_000,
      lead_time_days: 14,
      total_paise: 3 * 99_900 + 2 * 150_025 + 12 * 45_050 + 25_000,
    });
    expect((await emailsTo(app, me.email)).some((m) => m.subject.includes(`quote Q-${quote.id}`))).toBe(true);
    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.entity, "quote"));
    expect(audit.some((r) => r.action === "quote:send" && r.entityId === String(quote.id))).toBe(true);
    // Sent once: a second answer is refused.
    const again = await call(app, owner, "POST", `/api/admin/quotes/${quote.id}/send`, answerBody(quote));
    expect(again.statusCode).toBe(409);
  });

  it("refuses bad answers without changing the quote", async () => {
    const me = await buyer();
    const quote = await requested(me.headers);
    const url = `/api/admin/quotes/${quote.id}/send`;
    const full = answerBody(quote);
    for (const [body, status] of [
      [{ ...full, shipping_paise: -1 }, 400],
      [{ ...full, valid_until: "tomorrow" }, 400],
      [{ ...full, lead_time_days: 1.5 }, 400],
      [{ ...full, lines: [{ ...full.lines[0], unit_price_paise: 0 }, ...full.lines.slice(1)] }, 400],
      [{ ...full, valid_until: addDays(today(), -1) }, 422],
      [{ ...full, lines: full.lines.slice(0, 2) }, 422],
      [{ ...full, lines: full.lines.map((l, i) => (i === 2 ? { id: l.id, unit_price_paise: 100 } : l)) }, 422],
      [{ ...full, lines: [...full.lines.slice(0, 2), { ...full.lines[2], id: 2_000_000_000 }] }, 422],
    ] as const) {
      const res = await call(app, owner, "POST", url, body);
      expect(res.statusCode, res.body).toBe(status);
    }
    expect((await call(app, owner, "GET", `/api/admin/quotes/${quote.id}`)).json()).toMatchObject({
      status: "requested",
      total_paise: null,
    });
    expect((await call(app, owner, "POST", "/api/admin/quotes/2000000000/send", full)).statusCode).toBe(404);
    expect((await call(app, owner, "POST", "/api/admin/quotes/abc/send", full)).statusCode).toBe(400);
  });

  it("is the owner's alone: a shopper and a guest are refused", async () => {
    const me = await buyer();
    const quote = await requested(me.headers);
    for (const headers of [me.headers, {}]) {
      const sent = await call(app, headers, "POST", `/api/admin/quotes/${quote.id}/send`, answerBody(quote));
      expect([401, 403]).toContain(sent.statusCode);
      const list = await call(app, headers, "GET", "/api/admin/quotes");
      expect([401, 403]).toContain(list.statusCode);
    }
    expect((await call(app, me.headers, "GET", `/api/quotes/${quote.id}`)).json().status).toBe("requested");
  });

  it("declines with a reason; a declined quote cannot be accepted or priced", async () => {
    const me = await buyer();
    const quote = await requested(me.headers);
    expect((await call(app, owner, "POST", `/api/admin/quotes/${quote.id}/decline`, { reason: "  " })).statusCode).toBe(
      400,
    );
    const declined = await call(app, owner, "POST", `/api/admin/quotes/${quote.id}/decline`, {
      reason: "We do not print on silk.",
    });
    expect(declined.json()).toMatchObject({ status: "declined", decline_reason: "We do not print on silk." });
    expect((await call(app, me.headers, "POST", `/api/quotes/${quote.id}/accept`)).statusCode).toBe(409);
    expect((await call(app, owner, "POST", `/api/admin/quotes/${quote.id}/send`, answerBody(quote))).statusCode).toBe(
      409,
    );
  });
});

describe("the proforma invoice", () => {
  it("is marked not a tax invoice, with the seller's GSTIN, the buyer, the lines, GST and validity; buyer and owner only", async () => {
    const me = await buyer();
    const id = await quoted(me.headers);
    const pdf = await call(app, me.headers, "GET", `/api/quotes/${id}/proforma.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Proforma invoice - not a tax invoice");
    expect(text).toMatch(/GSTIN: \w{15}/);
    expect(text).toContain(`Q-${id}`);
    expect(text).toContain("Maharashtra (27)");
    expect(text).toContain("IGST");
    expect(text).toContain("Custom work: Block-printed runners, 2 m");
    // Lines and shipping, GST included: 3 × ₹999.50 + 2 × ₹450.25 + ₹250.
    expect(text).toContain("4,149.00");
    expect(text).toContain("Full payment with the order");
    const seller = await call(app, owner, "GET", `/api/admin/quotes/${id}/proforma.pdf`);
    expect(seller.statusCode).toBe(200);
    const other = await buyer();
    expect((await call(app, other.headers, "GET", `/api/quotes/${id}/proforma.pdf`)).statusCode).toBe(404);
    const unpriced = await requested(me.headers);
    expect((await call(app, me.headers, "GET", `/api/quotes/${unpriced.id}/proforma.pdf`)).statusCode).toBe(409);
  });
});

describe("accepting a quote", () => {
  it("fills the cart at the quoted prices; the card order's total and lines match the quote; the quote is accepted", async () => {
    const me = await buyer();
    const id = await quoted(me.headers);
    const other = await buyer();
    expect((await call(app, other.headers, "POST", `/api/quotes/${id}/accept`)).statusCode).toBe(404);

    const accepted = await call(app, me.headers, "POST", `/api/quotes/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cartId = accepted.json().cart_id as string;
    const cart = (await call(app, me.headers, "GET", `/api/get-cart-items/?cart_id=${cartId}&currency=USD`)).json();
    expect(cart).toMatchObject({ currency: "INR", subtotal: 3 * 999.5 + 2 * 450.25 });
    expect(
      cart.data.map((l: { product_pk: number; offer_price: number; quantity: number }) => [
        l.product_pk,
        l.offer_price,
        l.quantity,
      ]),
    ).toEqual([
      [a.productId, 999.5, 3],
      [b.productId, 450.25, 2],
    ]);
    // A quoted cart is not edited: adding and changing are refused.
    const add = await call(app, me.headers, "POST", "/api/cart-items/", addBody(b, { cart_id: cartId }, "INR"));
    expect(add.statusCode).toBe(409);
    const change = await call(app, me.headers, "POST", "/api/update-cart-item/", {
      product_pk: a.productId,
      size: a.size,
      is_direct_buy: false,
      cart_id: cartId,
      quantity: 1,
    });
    expect(change.statusCode).toBe(409);

    const total = 3 * 99_950 + 2 * 45_025 + 25_000;
    expect((await createOrder(app, orderBody(cartId, "razorpay", "USD", total), me.headers)).statusCode).toBe(422);
    expect(
      (await createOrder(app, orderBody(cartId, "razorpay", "INR", total, { promo_code: "WELCOME10" }), me.headers))
        .statusCode,
    ).toBe(422);
    const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total), me.headers);
    expect(created.statusCode, created.body).toBe(200);
    const { data } = created.json();
    const paid = await payByCard(app, data.data.id, data.key);
    const verified = await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid }, me.headers);
    expect(verified.json().status).toBe("paid");

    const { order } = await storedOrder(app, data.order_id);
    expect(order).toMatchObject({ total, shipping: 25_000, quoteId: id, status: "paid" });
    const lines = await app.database.db.select().from(orderLines).where(eq(orderLines.orderId, data.order_id));
    expect(lines.map((l) => [l.productId, l.unitPrice, l.quantity]).sort()).toEqual(
      [
        [a.productId, 99_950, 3],
        [b.productId, 45_025, 2],
      ].sort(),
    );
    // The tax invoice carries the same total as the quote, GST included.
    const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, data.order_id));
    expect(invoice?.gross).toBe(total);
    const after = (await call(app, me.headers, "GET", `/api/quotes/${id}`)).json();
    expect(after).toMatchObject({ status: "accepted", order_id: data.order_id, total_paise: total });
    expect((await call(app, me.headers, "POST", `/api/quotes/${id}/accept`)).statusCode).toBe(409);
  });

  it("an expired quote cannot be accepted, nor ordered from a cart filled before it lapsed", async () => {
    const me = await buyer();
    const id = await quoted(me.headers);
    const accepted = await call(app, me.headers, "POST", `/api/quotes/${id}/accept`);
    const cartId = accepted.json().cart_id as string;
    await app.database.db
      .update(quotes)
      .set({ validUntil: addDays(today(), -1) })
      .where(eq(quotes.id, id));
    expect((await call(app, me.headers, "GET", `/api/quotes/${id}`)).json().status).toBe("expired");
    expect((await call(app, me.headers, "POST", `/api/quotes/${id}/accept`)).statusCode).toBe(409);
    const total = 3 * 99_950 + 2 * 45_025 + 25_000;
    const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total), me.headers);
    expect(created.statusCode).toBe(409);
    expect(created.json().code).toBe("QUOTE_NOT_OPEN");
    // Emptying the cart (removing a line removes the quote's lines) lets the buyer shop as usual.
    const removed = await call(app, me.headers, "POST", "/api/remove-cart-items/", {
      product_pk: a.productId,
      size: a.size,
      is_direct_buy: false,
      cart_id: cartId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual([]);
  });

  it("custom work sold as a hidden product stays orderable from the quote", async () => {
    const me = await buyer();
    const id = await quoted(me.headers);
    await app.database.db.update(products).set({ isActive: false }).where(eq(products.id, b.productId));
    try {
      const cartId = (await call(app, me.headers, "POST", `/api/quotes/${id}/accept`)).json().cart_id as string;
      const cart = (await call(app, me.headers, "GET", `/api/get-cart-items/?cart_id=${cartId}`)).json();
      expect(cart.data.every((l: { available: boolean }) => l.available)).toBe(true);
    } finally {
      await app.database.db.update(products).set({ isActive: true }).where(eq(products.id, b.productId));
    }
  });
});

describe("a quoted cart stays exactly the quote", () => {
  const db = () => app.database.db;
  const linesOf = (cartId: string) =>
    db()
      .select({
        productId: cartLines.productId,
        size: cartLines.size,
        quantity: cartLines.quantity,
        quoteId: cartLines.quoteId,
      })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId))
      .orderBy(asc(cartLines.id));

  /** A buyer (with the password, to log in again) whose cart holds an accepted quote. */
  async function quotedCart(signUp = newShopper) {
    const shopper = await signUp(app);
    const headers = tokenHeader(shopper.token);
    const quoteId = await quoted(headers);
    const accepted = await call(app, headers, "POST", `/api/quotes/${quoteId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cartId = accepted.json().cart_id as string;
    return { ...shopper, headers, quoteId, cartId, lines: await linesOf(cartId) };
  }

  async function guestCartOf(variant: PickedVariant, quantity: number) {
    const res = await app.inject({ method: "POST", url: "/api/cart-items/", payload: addBody(variant, { quantity }) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().cart_id as string;
  }

  it("logging in with a guest cart keeps the guest's pieces out, says so, and leaves the guest cart as it was", async () => {
    const me = await quotedCart();
    const guestCartId = await guestCartOf(c, 2);
    const login = await postAuth(app, "/api/login/", { email: me.email, password: me.password, cart_id: guestCartId });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ cart_id: me.cartId, cart_notice: keptOutOfQuotedCart(2) });
    expect(await linesOf(me.cartId)).toEqual(me.lines);
    const [guest] = await db().select().from(carts).where(eq(carts.id, guestCartId));
    expect(guest?.userId).toBeNull();
    expect(await linesOf(guestCartId)).toEqual([{ productId: c.productId, size: c.size, quantity: 2, quoteId: null }]);

    // Signed in, naming that guest cart in an add: refused as any add to a quoted cart, the guest cart not taken.
    const add = await call(app, me.headers, "POST", "/api/cart-items/", addBody(c, { cart_id: guestCartId }));
    expect(add.statusCode, add.body).toBe(409);
    expect(add.json()).toMatchObject({ code: "QUOTED_CART", message: QUOTED_CART_MESSAGE });
    expect(await linesOf(me.cartId)).toEqual(me.lines);
    expect(await linesOf(guestCartId)).toHaveLength(1);

    // A login with no guest cart, or with the quoted cart's own id, has nothing to say.
    for (const cart_id of [null, me.cartId]) {
      const again = await postAuth(app, "/api/login/", { email: me.email, password: me.password, cart_id });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().cart_id).toBe(me.cartId);
      expect(again.json()).not.toHaveProperty("cart_notice");
    }
  });

  it("a guest cart still merges at login once the quoted cart is emptied", async () => {
    const me = await quotedCart();
    const emptied = await call(app, me.headers, "POST", "/api/remove-cart-items/", {
      product_pk: a.productId,
      size: a.size,
      is_direct_buy: false,
      cart_id: me.cartId,
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    const guestCartId = await guestCartOf(c, 1);
    const login = await postAuth(app, "/api/login/", { email: me.email, password: me.password, cart_id: guestCartId });
    expect(login.json()).toMatchObject({ cart_id: me.cartId });
    expect(login.json()).not.toHaveProperty("cart_notice");
    expect(await linesOf(me.cartId)).toEqual([{ productId: c.productId, size: c.size, quantity: 1, quoteId: null }]);
  });

  it("a cart reminder's restore link is refused on a quoted cart, copying nothing and marking nothing", async () => {
    const me = await quotedCart();
    const [reminder] = await db()
      .insert(cartReminders)
      .values({
        cartId: null,
        email: me.email,
        currency: "INR",
        pieces: [{ productId: c.productId, size: c.size, quantity: 1, notes: "" }],
      })
      .returning();
    const href = createReminderLinks(await loadNotificationLinksSecret(db())).href(reminder!.id);
    const signature = new URL(href, "https://shop.test").searchParams.get("s");
    const guestCartId = await guestCartOf(c, 1);
    // Signed in; and signed in naming this browser's guest cart (which must not be merged in either).
    for (const cart_id of [undefined, guestCartId]) {
      const res = await call(app, me.headers, "POST", "/api/cart/restore/", {
        reminder: reminder!.id,
        signature,
        cart_id,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: "QUOTED_CART", message: QUOTED_CART_MESSAGE });
    }
    expect(await linesOf(me.cartId)).toEqual(me.lines);
    expect(await linesOf(guestCartId)).toHaveLength(1);
    const [after] = await db().select().from(cartReminders).where(eq(cartReminders.id, reminder!.id));
    expect(after).toMatchObject({ restoredAt: null, restoredCartId: null });
  });

  it("a quoted cart left alone gets no cart reminder (the quote has its own validity)", async () => {
    const me = await quotedCart(verifiedShopper);
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await app.services.cart.sendReminders(later, { email: me.email })).toBe(0);
    expect(await db().select().from(cartReminders).where(eq(cartReminders.cartId, me.cartId))).toEqual([]);
  });

  it("a reorder of a past order is refused on a quoted cart", async () => {
    const me = await quotedCart();
    const total = 3 * 99_950 + 2 * 45_025 + 25_000;
    const created = await createOrder(app, orderBody(me.cartId, "razorpay", "INR", total), me.headers);
    expect(created.statusCode, created.body).toBe(200);
    const { data } = created.json();
    const paid = await payByCard(app, data.data.id, data.key);
    const verify = { amount: total, razorpay: true, cart_id: me.cartId, ...paid };
    expect((await verifyPayment(app, verify, me.headers)).json().status).toBe("paid");

    const second = await quoted(me.headers);
    const cartId = (await call(app, me.headers, "POST", `/api/quotes/${second}/accept`)).json().cart_id as string;
    const lines = await linesOf(cartId);
    const res = await call(app, me.headers, "POST", "/api/reorder/", { order_id: data.order_id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: "QUOTED_CART" });
    expect(await linesOf(cartId)).toEqual(lines);
  });
});
