import { COD_SHIPPING_FEE_INR } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../testing/test-app";
import { pickVariant, type PickedVariant } from "../cart/test-support";
import { countRows, createOrder, DELIVERY, fillCart, orderBody, pageTotal, stockOf } from "./test-support";

/**
 * Regressions found by the generated-bad-input ring (issue 11): with the amount right, so that nothing else
 * stops the order, a NUL in a delivery field or the promo code reached the insert and answered 500.
 */
let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createTestApp();
  variant = await pickVariant(app, { minStock: 5 });
});
afterAll(() => app.close());

describe("POST /api/create-order/ with characters the database cannot store", () => {
  it.each([
    ["name", `${DELIVERY.name}\u0000`],
    ["delivery_address", `${DELIVERY.delivery_address}\u0000`],
    ["city", `Jai\u0000pur`],
    ["comment", `\u0000${DELIVERY.comment}`],
    ["promo_code", "WELCOME\u000010"],
  ])("a NUL in %s is a 400 naming the field; no order, no stock taken", async (field, value) => {
    const lines = [{ variant }];
    const cartId = await fillCart(app, lines, "INR");
    const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
    const rows = await countRows(app);
    const stock = await stockOf(app, variant);

    const res = await createOrder(app, orderBody(cartId, "cod", "INR", amount, { [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: `body.${field}`, message: `${field} contains characters that are not allowed` },
    ]);
    expect(await countRows(app)).toEqual(rows);
    expect(await stockOf(app, variant)).toBe(stock);
  });

  it("still takes line breaks in the address and the comment", async () => {
    const lines = [{ variant }];
    const cartId = await fillCart(app, lines, "INR");
    const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
    const res = await createOrder(
      app,
      orderBody(cartId, "cod", "INR", amount, {
        email: "line.breaks@example.in",
        delivery_address: "12 Hawa Mahal Road\nBadi Choupad",
        comment: "Call first\r\nGate 2",
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ["use_store_credit", { use_store_credit: "yes" }, "use_store_credit must be true or false"],
    [
      "store_credit_amount",
      { use_store_credit: true, store_credit_amount: "100" },
      "store_credit_amount must be a number",
    ],
    [
      "store_credit_amount",
      { use_store_credit: true, store_credit_amount: -5 },
      "store_credit_amount must be more than 0",
    ],
    [
      "store_credit_amount",
      { use_store_credit: true, store_credit_amount: 10.005 },
      "store_credit_amount has at most 2 decimals",
    ],
    ["store_credit_amount", { use_store_credit: true, store_credit_amount: 1e13 }, "store_credit_amount is too large"],
    [
      "store_credit_amount",
      { store_credit_amount: 10 },
      "store_credit_amount is sent only with use_store_credit: true.",
    ],
    ["use_store_credit", { payment_method: "store_credit" }, "Paying with store credit needs use_store_credit: true."],
  ])("store credit: a bad %s is a 400 naming it; nothing stored (decision 088)", async (field, extra, message) => {
    const lines = [{ variant }];
    const cartId = await fillCart(app, lines, "INR");
    const rows = await countRows(app);
    const res = await createOrder(app, orderBody(cartId, "razorpay", "INR", pageTotal(lines, "INR") * 100, extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path: `body.${field}`, message }]);
    expect(await countRows(app)).toEqual(rows);
  });
});
