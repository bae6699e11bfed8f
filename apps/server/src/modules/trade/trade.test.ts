import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { gstinCheckCharacter, priceIn, type CartResponse } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, newStaff, roles } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createListeningTestApp, DELIVERY, setStock } from "../checkout/test-support";
import { emailOutbox } from "../../email/tables";
import { auditLog } from "../admin/tables";
import { orderLines, orders } from "../orders/tables";
import { approvedTradeBuyer } from "./pricing";

const gstin = (body = "08ABCDE1234F1Z") => body + gstinCheckCharacter(body);
const application = (extra: Record<string, unknown> = {}) => ({
  gstin: gstin(),
  business_name: "Meena Textiles",
  buys: "Block-printed bedsheets for our shop in Ajmer",
  monthly_volume_rupees: 150000,
  ...extra,
});

let app: FastifyInstance;
let owner: Record<string, string>;
let a: PickedVariant;
let b: PickedVariant;
let groupId: number;
const inr = (v: PickedVariant) => priceIn("INR", v.offerCents);

beforeAll(async () => {
  app = await createListeningTestApp();
  owner = (await roles(app)).admin;
  [a, b] = (await pickVariants(app, { minStock: 5, count: 2 })) as [PickedVariant, PickedVariant];
  await setStock(app, a, 200);
  await setStock(app, b, 200);
  const group = await call(app, owner, "POST", "/api/admin/trade/groups", { name: "Retailers", percent_off: 10 });
  expect(group.statusCode, group.body).toBe(201);
  groupId = group.json().id;
});
afterAll(() => app.close());

/** A signed-in shopper who applied; answers the token headers and the application. */
async function applicant(extra: Record<string, unknown> = {}) {
  const shopper = await newShopper(app);
  const headers = tokenHeader(shopper.token);
  const res = await call(app, headers, "POST", "/api/trade/apply/", application(extra));
  expect(res.statusCode, res.body).toBe(200);
  return { headers, email: shopper.email, id: res.json().id as number, userId: res.json().user_id as number };
}

async function tradeBuyer() {
  const buyer = await applicant();
  const res = await call(app, owner, "POST", `/api/admin/trade/applications/${buyer.id}/approve`, {
    group_id: groupId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return buyer;
}

const add = (headers: Record<string, string>, v: PickedVariant, offer: number, quantity = 1, currency = "INR") =>
  call(app, headers, "POST", "/api/cart-items/", {
    product_pk: v.productId,
    size: v.size,
    quantity,
    offer_price: offer,
    mrp: priceIn(currency as "INR", v.mrpCents),
    is_direct_buy: false,
    cart_id: null,
    currency,
  });

describe("applying for a trade account", () => {
  it("needs a signed-in account", async () => {
    const res = await call(app, {}, "POST", "/api/trade/apply/", application());
    expect(res.statusCode).toBe(401);
  });

  it("refuses a malformed GSTIN, a wrong check character and missing fields, saving nothing", async () => {
    const headers = tokenHeader((await newShopper(app)).token);
    for (const [body, text] of [
      [application({ gstin: "08ABCDE1234F1Z" }), "15 characters"],
      [application({ gstin: `${gstin().slice(0, 14)}${gstin().endsWith("A") ? "B" : "A"}` }), "last character"],
      [application({ gstin: gstin("99ABCDE1234F1Z") }), "not a GST state code"],
      [application({ business_name: "  " }), "business name"],
      [application({ monthly_volume_rupees: -5 }), "at least"],
      [application({ monthly_volume_rupees: "lots" }), "monthly"],
    ] as const) {
      const res = await call(app, headers, "POST", "/api/trade/apply/", body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(text);
    }
    expect((await call(app, headers, "GET", "/api/trade/")).json()).toEqual({ application: null, buyer: null });
  });

  it("keeps one open application per account, answers its state, and accepts a lower-case GSTIN with spaces", async () => {
    const shopper = await newShopper(app);
    const headers = tokenHeader(shopper.token);
    const first = await call(
      app,
      headers,
      "POST",
      "/api/trade/apply/",
      application({ gstin: ` ${gstin().toLowerCase()} ` }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: "open", gstin: gstin(), group_id: null });
    const again = await call(app, headers, "POST", "/api/trade/apply/", application());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("being reviewed");
    const status = (await call(app, headers, "GET", "/api/trade/")).json();
    expect(status.application.status).toBe("open");
    expect(status.buyer).toBeNull();
  });
});

describe("the seller's decision", () => {
  it("is the owner's alone", async () => {
    const { shopper } = await roles(app);
    const staff = await newStaff(app, owner);
    for (const headers of [{}, shopper, staff.headers]) {
      const res = await call(app, headers, "GET", "/api/admin/trade");
      expect([401, 403]).toContain(res.statusCode);
      const write = await call(app, headers, "POST", "/api/admin/trade/groups", { name: "Sneaky", percent_off: 50 });
      expect([401, 403]).toContain(write.statusCode);
    }
  });

  it("declines with a reason the business is e-mailed, audited; the business may apply again", async () => {
    const buyer = await applicant();
    const bad = await call(app, owner, "POST", `/api/admin/trade/applications/${buyer.id}/decline`, { reason: "" });
    expect(bad.statusCode).toBe(400);
    const res = await call(app, owner, "POST", `/api/admin/trade/applications/${buyer.id}/decline`, {
      reason: "We could not match the GSTIN to a textile business.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "declined", decline_reason: expect.stringContaining("GSTIN") });
    const mails = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
    expect(mails.some((m) => m.text.includes("could not match the GSTIN"))).toBe(true);
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "trade_application"), eq(auditLog.entityId, String(buyer.id))));
    expect(audit.map((r) => r.action)).toEqual(["decline"]);
    const twice = await call(app, owner, "POST", `/api/admin/trade/applications/${buyer.id}/approve`, {
      group_id: groupId,
    });
    expect(twice.statusCode).toBe(409);
    const again = await call(app, buyer.headers, "POST", "/api/trade/apply/", application());
    expect(again.statusCode, again.body).toBe(200);
  });

  it("approves into a group, e-mails the business and answers approvedTradeBuyer", async () => {
    const buyer = await applicant();
    expect(await approvedTradeBuyer(app.database.db, buyer.userId)).toBeNull();
    const noGroup = await call(app, owner, "POST", `/api/admin/trade/applications/${buyer.id}/approve`, {
      group_id: 99999,
    });
    expect(noGroup.statusCode).toBe(422);
    const res = await call(app, owner, "POST", `/api/admin/trade/applications/${buyer.id}/approve`, {
      group_id: groupId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "approved", group_name: "Retailers" });
    expect(await approvedTradeBuyer(app.database.db, buyer.userId)).toEqual({
      accountId: buyer.userId,
      gstin: gstin(),
      businessName: "Meena Textiles",
      groupId,
    });
    // The checkout prefills the B2B invoice's GSTIN and name from this answer.
    expect((await call(app, buyer.headers, "GET", "/api/trade/")).json().buyer).toEqual({
      gstin: gstin(),
      business_name: "Meena Textiles",
    });
    const mails = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
    expect(mails.some((m) => m.subject.includes("approved"))).toBe(true);
    expect((await call(app, buyer.headers, "POST", "/api/trade/apply/", application())).json().message).toContain(
      "already approved",
    );
  });

  it("refuses bad group, price and rule input", async () => {
    for (const [method, url, body] of [
      ["POST", "/api/admin/trade/groups", { name: "Too much", percent_off: 95 }],
      ["POST", "/api/admin/trade/groups", { name: "", percent_off: 5 }],
      ["PUT", `/api/admin/trade/groups/${groupId}/prices`, { product_id: a.productId, size: "", price_paise: 12345 }],
      ["PUT", `/api/admin/trade/groups/${groupId}/prices`, { product_id: a.productId, size: "", price_paise: -100 }],
      ["PUT", "/api/admin/trade/rules", { product_id: a.productId, min_quantity: 0, case_pack: 6 }],
      ["POST", "/api/admin/trade/applications/abc/approve", { group_id: groupId }],
    ] as const) {
      const res = await call(app, owner, method, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
    }
    const dup = await call(app, owner, "POST", "/api/admin/trade/groups", { name: "retailers", percent_off: 5 });
    expect(dup.statusCode).toBe(409);
    const noSize = await call(app, owner, "PUT", `/api/admin/trade/groups/${groupId}/prices`, {
      product_id: a.productId,
      size: "NOPE",
      price_paise: 10000,
    });
    expect(noSize.statusCode).toBe(422);
  });
});

describe("trade prices", () => {
  it("are the group's percentage off in the buyer's cart, never a retail visitor's, and a fixed size price wins", async () => {
    const buyer = await tradeBuyer();
    const tradeA = Math.round((inr(a) * 90) / 100);
    const stale = await add(buyer.headers, a, inr(a));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain(`₹${tradeA.toLocaleString("en-IN")}`);
    const cart = await add(buyer.headers, a, tradeA, 2);
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json<CartResponse>().data[0]).toMatchObject({ offer_price: tradeA, line_total: tradeA * 2 });

    // A guest and a retail account see the catalogue's price.
    const guest = await add({}, a, inr(a));
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json<CartResponse>().data[0]?.offer_price).toBe(inr(a));
    const retail = tokenHeader((await newShopper(app)).token);
    expect((await add(retail, a, tradeA)).statusCode).toBe(409);

    const fixed = await call(app, owner, "PUT", `/api/admin/trade/groups/${groupId}/prices`, {
      product_id: a.productId,
      size: a.size,
      price_paise: 49900,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const now = await call(app, buyer.headers, "GET", "/api/get-cart-items/?currency=INR");
    expect(now.json<CartResponse>().data[0]).toMatchObject({ offer_price: 499, line_total: 998 });
    expect(now.json<CartResponse>().subtotal).toBe(998);
    // The product page asks for the buyer's terms from the browser; a retail account gets none.
    const terms = await call(app, buyer.headers, "GET", `/api/trade/product/?product_pk=${a.productId}&currency=INR`);
    expect(terms.json()).toMatchObject({ terms: { group_name: "Retailers", min_quantity: 1, case_pack: 1 } });
    expect(terms.json().prices[a.size]).toBe(499);
    const none = await call(app, retail, "GET", `/api/trade/product/?product_pk=${a.productId}&currency=INR`);
    expect(none.json()).toEqual({ terms: null, prices: {} });
    // USD: the percentage only.
    const usd = await call(app, buyer.headers, "GET", "/api/get-cart-items/?currency=USD");
    expect(usd.json<CartResponse>().data[0]?.offer_price).toBe(Math.round((priceIn("USD", a.offerCents) * 90) / 100));

    // The order is priced and saved at the trade price; a promo code is not combined with it.
    const base = {
      amount: 998 * 100,
      currency: "INR",
      cart_id: cart.json().cart_id,
      ...DELIVERY,
      email: buyer.email,
      razorpay: true,
    };
    const promo = await call(app, buyer.headers, "POST", "/api/create-order/", { ...base, promo_code: "WELCOME10" });
    expect(promo.statusCode).toBe(422);
    expect(promo.json().message).toContain("trade prices");
    const retailTotal = await call(app, buyer.headers, "POST", "/api/create-order/", {
      ...base,
      amount: inr(a) * 2 * 100,
      promo_code: "Nil",
    });
    expect(retailTotal.statusCode).toBe(409);
    const order = await call(app, buyer.headers, "POST", "/api/create-order/", { ...base, promo_code: "Nil" });
    expect(order.statusCode, order.body).toBe(200);
    const orderId = order.json().data.order_id as number;
    const lines = await app.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(lines.map((l) => [l.unitPrice, l.quantity])).toEqual([[49900, 2]]);
    const [saved] = await app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(saved?.subtotal).toBe(99800);
  });
});

describe("minimum order quantities and case packs", () => {
  it("refuse a trade buyer's add, update and order below the minimum or off the pack; a retail buyer is free", async () => {
    const rule = await call(app, owner, "PUT", "/api/admin/trade/rules", {
      product_id: b.productId,
      min_quantity: 12,
      case_pack: 6,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const buyer = await tradeBuyer();
    const price = Math.round((inr(b) * 90) / 100);
    const few = await add(buyer.headers, b, price, 6);
    expect(few.statusCode).toBe(422);
    expect(few.json().message).toContain("Minimum 12 pieces");
    const odd = await add(buyer.headers, b, price, 13);
    expect(odd.statusCode).toBe(422);
    expect(odd.json().message).toContain("packs of 6");
    const ok = await add(buyer.headers, b, price, 12);
    expect(ok.statusCode, ok.body).toBe(200);
    const update = await call(app, buyer.headers, "POST", "/api/update-cart-item/", {
      product_pk: b.productId,
      size: b.size,
      is_direct_buy: false,
      cart_id: ok.json().cart_id,
      quantity: 15,
    });
    expect(update.statusCode).toBe(422);
    expect(update.json().message).toContain("packs of 6");
    expect((await add({}, b, inr(b), 1)).statusCode).toBe(200);

    // A rule made stricter after the cart was filled is enforced at create-order.
    await call(app, owner, "PUT", "/api/admin/trade/rules", {
      product_id: b.productId,
      min_quantity: 18,
      case_pack: 6,
    });
    const order = await call(app, buyer.headers, "POST", "/api/create-order/", {
      amount: price * 12 * 100,
      currency: "INR",
      cart_id: ok.json().cart_id,
      ...DELIVERY,
      email: buyer.email,
      razorpay: true,
      promo_code: "Nil",
    });
    expect(order.statusCode, order.body).toBe(422);
    expect(order.json().message).toContain("Minimum 18 pieces");
    await call(app, owner, "PUT", "/api/admin/trade/rules", { product_id: b.productId, min_quantity: 1, case_pack: 1 });
  });
});

describe("reorder: POST /api/reorder/", () => {
  it("puts the buyer's own past order back in the cart at today's prices, skipping what is sold out", async () => {
    const shopper = await newShopper(app);
    const headers = tokenHeader(shopper.token);
    await add(headers, a, inr(a), 2, "INR");
    await add(headers, b, inr(b), 1, "INR");
    const cartId = (await call(app, headers, "GET", "/api/get-cart-items/")).json().cart_id;
    const order = await call(app, headers, "POST", "/api/create-order/", {
      amount: (inr(a) * 2 + inr(b)) * 100,
      currency: "INR",
      cart_id: cartId,
      ...DELIVERY,
      email: shopper.email,
      razorpay: true,
      promo_code: "Nil",
    });
    expect(order.statusCode, order.body).toBe(200);
    const orderId = order.json().data.order_id as number;
    for (const line of (await call(app, headers, "GET", "/api/get-cart-items/")).json().data)
      await call(app, headers, "POST", "/api/remove-cart-items/", { ...line, cart_id: cartId });

    const stockB = b.stock;
    await setStock(app, b, 0);
    try {
      const res = await call(app, headers, "POST", "/api/reorder/", { order_id: orderId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ added: 2, skipped: [{ product_name: b.name, reason: "sold out" }] });
      expect(res.json().message).toContain("sold out");
      const cart = (await call(app, headers, "GET", "/api/get-cart-items/?currency=INR")).json<CartResponse>();
      expect(cart.data.map((l) => [l.product_pk, l.quantity, l.offer_price])).toEqual([[a.productId, 2, inr(a)]]);
    } finally {
      await setStock(app, b, stockB);
    }

    const stranger = tokenHeader((await newShopper(app)).token);
    expect((await call(app, stranger, "POST", "/api/reorder/", { order_id: orderId })).statusCode).toBe(404);
    expect((await call(app, {}, "POST", "/api/reorder/", { order_id: orderId })).statusCode).toBe(401);
    expect((await call(app, headers, "POST", "/api/reorder/", { order_id: "x" })).statusCode).toBe(400);
  });
});
