import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { gstinCheckCharacter, priceIn, type CartResponse } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopper, tokenHeader } from "../accounts/test-support";
import { call, newStaff, roles } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { emailOutbox } from "../../email/tables";
import { createTestApp } from "../../testing/test-app";
import { auditLog } from "../admin/tables";
import { approvedTradeBuyer } from "./pricing";
import { openBankAccount } from "../payments/test-support";

/** Moving, revoking and reinstating an approved trade account (decision 097). */

const body = "08ABCDE1234F1Z";
const application = {
  gstin: body + gstinCheckCharacter(body),
  business_name: "Chandni Linens",
  buys: "Quilts and table linen for our hotel",
  monthly_volume_rupees: 80000,
};

let app: FastifyInstance;
let owner: Record<string, string>;
let variant: PickedVariant;
let tenOff: number;
let twentyOff: number;

const group = async (name: string, percent_off: number) => {
  const res = await call(app, owner, "POST", "/api/admin/trade/groups", { name, percent_off });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const act = (id: number | string, action: string, payload: Record<string, unknown>, headers = owner) =>
  call(app, headers, "POST", `/api/admin/trade/applications/${id}/${action}`, payload);

beforeAll(async () => {
  app = await createTestApp();
  owner = (await roles(app)).admin;
  [variant] = (await pickVariants(app, { minStock: 5 })) as [PickedVariant];
  tenOff = await group("Shops", 10);
  twentyOff = await group("Hotels", 20);
  // Bank transfer is offered only once the seller has an account on (decision 098).
  await openBankAccount(app, owner);
});
afterAll(() => app.close());

/** A signed-in shopper whose application the owner approved into `groupId`. */
async function approvedBuyer(groupId: number) {
  const shopper = await newShopper(app);
  const headers = tokenHeader(shopper.token);
  const applied = await call(app, headers, "POST", "/api/trade/apply/", application);
  expect(applied.statusCode, applied.body).toBe(200);
  const id = applied.json().id as number;
  expect((await act(id, "approve", { group_id: groupId })).statusCode).toBe(200);
  return { headers, email: shopper.email, id, userId: applied.json().user_id as number };
}

const retail = () => priceIn("INR", variant.offerCents);
const percentOff = (percent: number) => Math.round((retail() * (100 - percent)) / 100);
const cartPrice = async (headers: Record<string, string>) =>
  (await call(app, headers, "GET", "/api/get-cart-items/?currency=INR")).json<CartResponse>().data[0]?.offer_price;
const offersBankTransfer = async (headers: Record<string, string>) =>
  (await call(app, headers, "GET", "/api/payment-options/"))
    .json()
    .providers.some((p: { name: string }) => p.name === "bank_transfer");

describe("changing an approved trade account", () => {
  it("moves a buyer to another group, re-pricing the cart it already holds, audited", async () => {
    const buyer = await approvedBuyer(tenOff);
    const added = await call(app, buyer.headers, "POST", "/api/cart-items/", {
      product_pk: variant.productId,
      size: variant.size,
      quantity: 1,
      offer_price: percentOff(10),
      mrp: priceIn("INR", variant.mrpCents),
      is_direct_buy: false,
      cart_id: null,
      currency: "INR",
    });
    expect(added.statusCode, added.body).toBe(200);
    const moved = await act(buyer.id, "move", { group_id: twentyOff });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: "approved", group_id: twentyOff, group_name: "Hotels" });
    expect(await cartPrice(buyer.headers)).toBe(percentOff(20));
    expect((await act(buyer.id, "move", { group_id: twentyOff })).statusCode).toBe(409);
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "trade_application"), eq(auditLog.entityId, String(buyer.id))));
    expect(audit.map((r) => r.action)).toEqual(["approve", "update"]);
  });

  it("revokes at once: retail prices in the cart, no bank transfer, an e-mail with the reason; then reinstates", async () => {
    const buyer = await approvedBuyer(tenOff);
    await call(app, buyer.headers, "POST", "/api/cart-items/", {
      product_pk: variant.productId,
      size: variant.size,
      quantity: 1,
      offer_price: percentOff(10),
      mrp: priceIn("INR", variant.mrpCents),
      is_direct_buy: false,
      cart_id: null,
      currency: "INR",
    });
    expect(await cartPrice(buyer.headers)).toBe(percentOff(10));
    expect(await offersBankTransfer(buyer.headers)).toBe(true);

    const revoked = await act(buyer.id, "revoke", { reason: "Three bank transfers were not paid." });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: "revoked", group_id: null, revoke_reason: expect.any(String) });
    expect(await cartPrice(buyer.headers)).toBe(retail());
    expect(await offersBankTransfer(buyer.headers)).toBe(false);
    expect(await approvedTradeBuyer(app.database.db, buyer.userId)).toBeNull();
    const product = await call(app, buyer.headers, "GET", `/api/trade/product/?product_pk=${variant.productId}`);
    expect(product.json()).toEqual({ terms: null, prices: {} });
    const mails = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
    expect(mails.some((m) => m.subject.includes("suspended") && m.text.includes("were not paid"))).toBe(true);
    // A revoked account cannot apply its way back; the seller reinstates it.
    const again = await call(app, buyer.headers, "POST", "/api/trade/apply/", application);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("suspended");
    expect((await act(buyer.id, "revoke", { reason: "Twice" })).statusCode).toBe(409);
    expect((await act(buyer.id, "move", { group_id: tenOff })).statusCode).toBe(409);

    const back = await act(buyer.id, "reinstate", { group_id: twentyOff });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: "approved", group_name: "Hotels" });
    expect(await cartPrice(buyer.headers)).toBe(percentOff(20));
    expect(await offersBankTransfer(buyer.headers)).toBe(true);
    expect((await act(buyer.id, "reinstate", { group_id: twentyOff })).statusCode).toBe(409);
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "trade_application"), eq(auditLog.entityId, String(buyer.id))));
    expect(audit.map((r) => r.action)).toEqual(["approve", "revoke", "reinstate"]);
  });

  it("refuses bad input with a clear 4xx and changes nothing", async () => {
    const buyer = await approvedBuyer(tenOff);
    const before = await call(app, owner, "GET", "/api/admin/trade");
    const unknownGroup = await act(buyer.id, "move", { group_id: 999_999 });
    expect(unknownGroup.statusCode).toBe(422);
    expect(unknownGroup.json().message).toContain("trade groups");
    for (const action of ["move", "reinstate"]) {
      expect((await act(999_999, action, { group_id: tenOff })).statusCode).toBe(404);
      expect((await act(buyer.id, action, { group_id: "x" })).statusCode).toBe(400);
      expect((await act("abc", action, { group_id: tenOff })).statusCode).toBe(400);
    }
    expect((await act(999_999, "revoke", { reason: "Gone" })).statusCode).toBe(404);
    expect((await act(buyer.id, "revoke", { reason: "" })).statusCode).toBe(400);
    expect((await act(buyer.id, "revoke", {})).statusCode).toBe(400);

    // A declined or open application is not an account to revoke, move or reinstate.
    const declinedShopper = tokenHeader((await newShopper(app)).token);
    const declined = (await call(app, declinedShopper, "POST", "/api/trade/apply/", application)).json().id as number;
    const open = (
      await call(app, tokenHeader((await newShopper(app)).token), "POST", "/api/trade/apply/", application)
    ).json().id as number;
    expect((await act(declined, "decline", { reason: "Not a textile business." })).statusCode).toBe(200);
    for (const id of [declined, open]) {
      const revoke = await act(id, "revoke", { reason: "Suspended" });
      expect(revoke.statusCode).toBe(409);
      expect(revoke.json().message).toMatch(/is (declined|open), not approved/);
      expect((await act(id, "move", { group_id: twentyOff })).statusCode).toBe(409);
      expect((await act(id, "reinstate", { group_id: twentyOff })).statusCode).toBe(409);
    }
    const after = await call(app, owner, "GET", "/api/admin/trade");
    const row = (res: typeof before, id: number) =>
      res.json().applications.find((a: { id: number }) => a.id === id) as Record<string, unknown>;
    expect(row(after, buyer.id)).toEqual(row(before, buyer.id));
  });

  it("is the owner's alone", async () => {
    const buyer = await approvedBuyer(tenOff);
    const { shopper } = await roles(app);
    const staff = await newStaff(app, owner);
    for (const headers of [{}, shopper, staff.headers, buyer.headers]) {
      expect([401, 403]).toContain((await act(buyer.id, "revoke", { reason: "No" }, headers)).statusCode);
      expect([401, 403]).toContain((await act(buyer.id, "move", { group_id: twentyOff }, headers)).statusCode);
    }
    expect(await approvedTradeBuyer(app.database.db, buyer.userId)).toMatchObject({ groupId: tenOff });
  });
});

describe("trade prices for listing cards: GET /api/trade/prices/", () => {
  it("answers a trade buyer the price of each card's size, and nobody else any", async () => {
    const cards = (await call(app, {}, "GET", "/api/get-all-products/?category_pk=1&currency=INR")).json().data as {
      id: number;
      offer_price: number;
    }[];
    const [first, second] = cards as [(typeof cards)[number], (typeof cards)[number]];
    const buyer = await approvedBuyer(tenOff);
    const ask = (headers: Record<string, string>, query = `product_pks=${first.id},${second.id}&currency=INR`) =>
      call(app, headers, "GET", `/api/trade/prices/?${query}`);
    const trade = await ask(buyer.headers);
    expect(trade.statusCode, trade.body).toBe(200);
    expect(trade.headers["cache-control"]).toBe("private, no-store");
    expect(trade.json()).toEqual({
      group_name: "Shops",
      prices: {
        [first.id]: Math.round((first.offer_price * 90) / 100),
        [second.id]: Math.round((second.offer_price * 90) / 100),
      },
    });
    // A fixed price for every size of a product wins on its card too.
    const fixed = await call(app, owner, "PUT", `/api/admin/trade/groups/${tenOff}/prices`, {
      product_id: second.id,
      size: "",
      price_paise: 10000,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await ask(buyer.headers)).json().prices[second.id]).toBe(100);

    const retailBuyer = tokenHeader((await newShopper(app)).token);
    expect((await ask(retailBuyer)).json()).toEqual({ group_name: null, prices: {} });
    expect((await ask({})).statusCode).toBe(401);
    for (const bad of ["product_pks=", "product_pks=1,,2", "product_pks=abc", `product_pks=${first.id}&currency=EUR`])
      expect((await ask(buyer.headers, bad)).statusCode, bad).toBe(400);
    expect(
      (await ask(buyer.headers, `product_pks=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`)).statusCode,
    ).toBe(400);

    expect((await act(buyer.id, "revoke", { reason: "Closed the shop." })).statusCode).toBe(200);
    expect((await ask(buyer.headers)).json()).toEqual({ group_name: null, prices: {} });
  });
});
