import { eq } from "drizzle-orm";
import { COD_SHIPPING_FEE_INR, SHIPPING_FEES_SEED, shippingMethod, type ShipmentResults } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  payByCard,
  storedOrder,
  verifyPayment,
} from "../checkout/test-support";
import { invoiceOfOrder } from "../invoices/read";
import { LONDON } from "../invoices/test-support";
import { shipments } from "./tables";

let app: FastifyInstance;
let admin: Record<string, string>;
let kurta: PickedVariant;
/** The express fee the seller sets here: not the seed's, so a fee read from code instead would show. */
const expressFee = SHIPPING_FEES_SEED["india-express"].INR + 50;
beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [kurta] = (await pickVariants(app, { minStock: 20, count: 1 })) as [PickedVariant];
  const fees = { "india-express": { INR: expressFee, USD: 5 } };
  const set = await call(app, admin, "PUT", "/api/admin/settings/shipping-fees", fees);
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => {
  await app.services.shipping.gateway.simulator?.settled();
  await app.close();
});

const express = shippingMethod("india-express");
let guests = 0;
const email = () => `express.${process.pid}.${++guests}@example.in`;

describe("an order sent by India express", () => {
  it("is priced with the fee the seller set, saved with its method, invoiced with the delivery taxed as its goods, and booked with its carrier", async () => {
    const lines = [{ variant: kurta, quantity: 2 }];
    const cartId = await fillCart(app, lines, "INR");
    const total = (pageTotal(lines, "INR") + expressFee) * 100;
    const extra = { email: email(), shipping_method: "india-express" };
    // The standard total is now the wrong amount: the server priced the express fee in.
    const stale = await createOrder(app, orderBody(cartId, "razorpay", "INR", total - expressFee * 100, extra));
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().code).toBe("AMOUNT_MISMATCH");

    const created = await createOrder(app, orderBody(cartId, "razorpay", "INR", total, extra));
    expect(created.statusCode, created.body).toBe(200);
    const { data } = created.json();
    const paid = await payByCard(app, data.data.id, data.key);
    const verified = await verifyPayment(app, { amount: total, razorpay: true, cart_id: cartId, ...paid });
    expect(verified.statusCode, verified.body).toBe(200);
    const orderId = data.order_id as number;

    const { order } = await storedOrder(app, orderId);
    expect(order).toMatchObject({ shippingMethod: "india-express", shipping: expressFee * 100, total, status: "paid" });

    const invoice = await invoiceOfOrder(app.database.db, orderId);
    const goods = invoice!.lines.filter((l) => l.kind === "goods");
    const delivery = invoice!.lines.find((l) => l.kind === "shipping");
    expect(delivery).toMatchObject({
      description: `Delivery (${express.label})`,
      hsn: "996812",
      gross: expressFee * 100,
      rateBps: Math.max(...goods.map((l) => l.rateBps)),
    });
    expect(delivery!.cgst + delivery!.sgst + delivery!.igst).toBeGreaterThan(0);
    expect(invoice!.gross).toBe(total);
    const detail = await call(app, admin, "GET", `/api/admin/orders/${orderId}`);
    expect(detail.json()).toMatchObject({ shipping_method: "india-express", shipping_minor: expressFee * 100 });

    const booked = await call(app, admin, "POST", "/api/admin/shipments", { order_ids: [orderId] });
    expect(booked.statusCode, booked.body).toBe(200);
    expect((booked.json() as ShipmentResults).results[0]).toMatchObject({ ok: true });
    const [parcel] = await app.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(parcel?.provider).toBe(express.carrier);
    expect(app.services.shipping.gateway.carrierFor("india-express")?.name).toBe(express.carrier);
  });

  it("adds cash on delivery's fee on top of the express fee", async () => {
    const lines = [{ variant: kurta, quantity: 2 }];
    const cartId = await fillCart(app, lines, "INR");
    const amount = pageTotal(lines, "INR") + expressFee + COD_SHIPPING_FEE_INR;
    const created = await createOrder(
      app,
      orderBody(cartId, "cod", "INR", amount, { email: email(), shipping_method: "india-express" }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { order } = await storedOrder(app, created.json().order_id);
    expect(order).toMatchObject({
      shippingMethod: "india-express",
      shipping: (expressFee + COD_SHIPPING_FEE_INR) * 100,
    });
  });

  it("is the spec's standard shipping when no method is asked for", async () => {
    const lines = [{ variant: kurta }];
    const cartId = await fillCart(app, lines, "INR");
    const created = await createOrder(
      app,
      orderBody(cartId, "razorpay", "INR", pageTotal(lines, "INR") * 100, { email: email() }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { order } = await storedOrder(app, created.json().data.order_id);
    expect(order).toMatchObject({ shippingMethod: "india-standard", shipping: 0 });
  });
});

describe("a shipping method that cannot ship the order", () => {
  const refused = async (shippingMethod: string, address: Record<string, unknown> = {}) => {
    const lines = [{ variant: kurta }];
    const cartId = await fillCart(app, lines, "INR");
    const body = orderBody(cartId, "razorpay", "INR", pageTotal(lines, "INR") * 100, {
      email: email(),
      shipping_method: shippingMethod,
      ...address,
    });
    const res = await createOrder(app, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe("VALIDATION_FAILED");
    expect(res.json().errors).toContainEqual({ path: "body.shipping_method", message: expect.any(String) });
    return res.json().message as string;
  };

  it("is refused with a clear 400: unknown, or for another zone", async () => {
    expect(await refused("teleport")).toContain("shipping_method must be one of india-standard, india-express");
    expect(await refused("india-express", { ...LONDON, delivery_country: "GB" })).toContain(
      "Express delivery does not deliver to this address.",
    );
    // Offered abroad since DHL Express books it (decision 082), never within India.
    expect(await refused("international-express")).toContain("International express does not deliver to this address.");
  });
});
