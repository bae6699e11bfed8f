import { createServer } from "node:net";
import { asc, eq } from "drizzle-orm";
import { COD_SHIPPING_FEE_INR, type AdminOrderDetail, type ShipmentResults } from "@store/shared";
import type { FastifyInstance } from "fastify";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, insertOrder, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  codeSentTo,
  confirmCod,
  createListeningTestApp,
  createOrder,
  emailsTo,
  fillCart,
  orderBody,
  pageTotal,
  paidCardOrder,
  stockOf,
} from "../checkout/test-support";
import { createTestApp } from "../../testing/test-app";
import { creditNotes, invoices } from "../invoices/tables";
import { orders } from "../orders/tables";
import { bookForward } from "./book";
import type { ShippingProvider } from "./provider";
import { courierTimeText } from "./time";
import { shippingSimulatorRecords } from "./simulator/tables";
import { shipmentEvents, shipments } from "./tables";

let app: FastifyInstance;
let admin: Record<string, string>;
let kurta: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  admin = (await newAdmin(app)).headers;
  [kurta] = (await pickVariants(app, { minStock: 20, count: 1 })) as [PickedVariant];
});
afterAll(async () => {
  await app.services.shipping.gateway.simulator?.settled();
  await app.close();
});

const db = () => app.database.db;
const sim = (path: string) => `${app.config.publicUrl}/sim/shiprocket${path}`;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const shipmentOf = async (orderId: number) =>
  (await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0];
const create = async (ids: number[]) => {
  const res = await call(app, admin, "POST", "/api/admin/shipments", { order_ids: ids });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShipmentResults;
};
const simulate = (id: number, action: "advance" | "fail") =>
  call(app, admin, "POST", `/api/admin/orders/${id}/shipment/simulate`, { action });
const webhookSecret = async () =>
  (await import("./simulator/credentials")).loadCourierSimulatorCredentials(db()).then((c) => c.webhookSecret);
const webhook = (body: unknown, token?: string) =>
  app.inject({
    method: "POST",
    url: "/api/shipping/webhook",
    headers: { "content-type": "application/json", ...(token && { "x-api-key": token }) },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });

async function simToken(): Promise<string> {
  const { email, password } = await (await import("./simulator/credentials")).loadCourierSimulatorCredentials(db());
  const res = await fetch(sim("/auth/login"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe("the simulated courier's HTTP API (Shiprocket-compatible)", () => {
  it("logs in only with this install's password and answers serviceability by its documented rule", async () => {
    const wrong = await fetch(sim("/auth/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "api-user@simulator.shiprocket.test", password: "guess" }),
    });
    expect(wrong.status).toBe(403);
    const noToken = await fetch(
      sim("/courier/serviceability/?pickup_postcode=302022&delivery_postcode=400001&weight=1"),
    );
    expect(noToken.status).toBe(401);

    const token = await simToken();
    const ask = async (pin: string, cod: 0 | 1) => {
      const res = await fetch(
        sim(`/courier/serviceability/?pickup_postcode=302022&delivery_postcode=${pin}&weight=0.5&cod=${cod}`),
        { headers: { authorization: `Bearer ${token}` } },
      );
      return (await res.json()) as {
        status: number;
        data: { available_courier_companies: { cod: number; estimated_delivery_days: string }[] } | null;
      };
    };
    const mumbai = await ask("400001", 1);
    expect(mumbai.data?.available_courier_companies.map((c) => [c.cod, c.estimated_delivery_days])).toEqual([
      [1, "6"],
      [1, "7"],
    ]);
    expect((await ask("302002", 0)).data?.available_courier_companies[0]?.estimated_delivery_days).toBe("2");
    expect((await ask("960001", 0)).status).toBe(404);
    expect((await ask("400099", 1)).status).toBe(404);
    expect((await ask("400099", 0)).data?.available_courier_companies.every((c) => c.cod === 0)).toBe(true);
  });

  it("is read through the adapter as couriers with COD yes or no and days", async () => {
    const provider = app.services.shipping.gateway.provider!;
    const couriers = await provider.serviceability({
      pickupPincode: "302022",
      deliveryPincode: "400099",
      weightKg: 1,
      cod: false,
    });
    expect(couriers).toEqual([
      { courierId: 20, name: "Xpressbees Express", cod: false, estimatedDays: 6 },
      { courierId: 10, name: "Delhivery Surface", cod: false, estimatedDays: 7 },
    ]);
    expect(
      await provider.serviceability({ pickupPincode: "302022", deliveryPincode: "960001", weightKg: 1, cod: true }),
    ).toEqual([]);
  });
});

describe("creating shipments", () => {
  it("books paid and COD-confirmed orders in one call, ships them with AWB and courier, and refuses the rest one by one", async () => {
    const paid = await insertOrder(app);
    const cod = await insertOrder(app, { paymentMethod: "cod" });
    const pending = await insertOrder(app, { status: "pending_payment" });
    const cancelled = await insertOrder(app, { status: "cancelled" });
    // Worth less than the e-way bill limit, so that the courier is asked and refuses the route.
    const army = await insertOrder(app, { total: 100_000 });
    // The army postal service's 2 CBPO, Kolkata: a real PIN code no courier serves.
    await db()
      .update(orders)
      .set({ pinCode: "900099", city: "Kolkata", state: "West Bengal" })
      .where(eq(orders.id, army.order.id));

    const body = await create([
      paid.order.id,
      2_000_000_000,
      pending.order.id,
      cod.order.id,
      cancelled.order.id,
      army.order.id,
    ]);
    expect(body.done).toBe(2);
    expect(body.refused).toBe(4);
    const byId = new Map(body.results.map((r) => [r.order_id, r]));
    for (const id of [paid.order.id, cod.order.id]) {
      const r = byId.get(id)!;
      expect(r.ok).toBe(true);
      expect(r.awb).toMatch(/^SIM\d+/);
      const order = await orderRow(id);
      expect(order.status).toBe("shipped");
      expect(order.trackingNumber).toBe(r.awb);
      expect((await shipmentOf(id))?.courier).toBe(r.courier);
    }
    expect(byId.get(2_000_000_000)).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(byId.get(pending.order.id)).toMatchObject({ ok: false, code: "NOT_SHIPPABLE" });
    expect(byId.get(pending.order.id)?.message).toContain("Awaiting payment");
    expect(byId.get(cancelled.order.id)).toMatchObject({ ok: false, code: "NOT_SHIPPABLE" });
    expect(byId.get(army.order.id)).toMatchObject({ ok: false, code: "COURIER_REFUSED" });
    expect(byId.get(army.order.id)?.message).toContain("not serviceable");
    // Refused orders are as they were, with no shipment row.
    expect((await orderRow(army.order.id)).status).toBe("paid");
    expect(await shipmentOf(army.order.id)).toBeUndefined();
    expect((await orderRow(pending.order.id)).status).toBe("pending_payment");

    // Asked again: already shipped, nothing booked twice.
    const again = await create([paid.order.id]);
    expect(again.results[0]).toMatchObject({ ok: false, code: "NOT_SHIPPABLE" });
    expect(await db().select().from(shipments).where(eq(shipments.orderId, paid.order.id))).toHaveLength(1);

    const mails = await emailsTo(app, "asha@example.in");
    expect(
      mails.some(
        (m) => m.subject.includes(`#${paid.order.id} has shipped`) && m.text.includes(byId.get(paid.order.id)!.awb!),
      ),
    ).toBe(true);
  });

  it("refuses a bad body with a 400 and changes nothing", async () => {
    for (const payload of [{}, { order_ids: [] }, { order_ids: [1, 1] }, { order_ids: ["x"] }]) {
      const res = await call(app, admin, "POST", "/api/admin/shipments", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(app, {}, "POST", "/api/admin/shipments", { order_ids: [1] })).statusCode).toBe(401);
  });

  it("keeps the AWB on a cancelled shipment when the order is cancelled while the courier books it", async () => {
    const { order } = await insertOrder(app);
    const courier = app.services.shipping.gateway.provider!;
    // The seller cancels the order (on another tab) between the claim and the courier's answer.
    const cancelling: ShippingProvider = {
      ...courier,
      async createShipment(parcel) {
        await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
        return courier.createShipment(parcel);
      },
    };
    const booking = bookForward(db(), () => cancelling, app.config.shipping.pickupLocation, order.id);
    await expect(booking).rejects.toMatchObject({ code: "NOT_SHIPPABLE" });
    // The refusal is thrown after the shipment row is marked, and that write stays.
    expect(await shipmentOf(order.id)).toMatchObject({ status: "cancelled", awb: expect.stringMatching(/^SIM\d+/) });
    expect((await orderRow(order.id)).status).toBe("cancelled");
  });

  it("merges the labels of several orders into one PDF, and refuses orders without a shipment", async () => {
    const a = await insertOrder(app);
    const b = await insertOrder(app, { paymentMethod: "cod" });
    const unshipped = await insertOrder(app);
    await create([a.order.id, b.order.id]);
    const res = await call(app, admin, "GET", `/api/admin/shipments/labels.pdf?ids=${a.order.id},${b.order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    // The label is kept once fetched.
    const shipped = await shipmentOf(a.order.id);
    expect(shipped?.labelPdf?.length).toBeGreaterThan(100);
    // The courier's label file names the shopper and the address: its number alone does not open it.
    for (const file of [`${shipped?.shipmentId}.pdf`, `${shipped?.shipmentId}-guessed.pdf`])
      expect((await fetch(sim(`/labels/${file}`))).status, file).toBe(404);

    const missing = await call(
      app,
      admin,
      "GET",
      `/api/admin/shipments/labels.pdf?ids=${a.order.id},${unshipped.order.id}`,
    );
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toContain(String(unshipped.order.id));
    expect((await call(app, admin, "GET", "/api/admin/shipments/labels.pdf?ids=1,x")).statusCode).toBe(400);
    expect((await call(app, admin, "GET", "/api/admin/shipments/labels.pdf")).statusCode).toBe(400);
  });

  it("requests one pickup for several parcels; asking again changes nothing; an order without a parcel is refused", async () => {
    const a = await insertOrder(app);
    const b = await insertOrder(app);
    const unshipped = await insertOrder(app);
    await create([a.order.id, b.order.id]);
    const res = await call(app, admin, "POST", "/api/admin/shipments/pickup", {
      order_ids: [a.order.id, b.order.id, unshipped.order.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ShipmentResults;
    expect(body.results.map((r) => [r.order_id, r.ok])).toEqual([
      [a.order.id, true],
      [b.order.id, true],
      [unshipped.order.id, false],
    ]);
    const first = await shipmentOf(a.order.id);
    expect(first?.status).toBe("pickup_scheduled");
    expect(first?.pickupRequestedAt).not.toBeNull();
    const again = await call(app, admin, "POST", "/api/admin/shipments/pickup", { order_ids: [a.order.id] });
    expect((again.json() as ShipmentResults).done).toBe(1);
    expect((await shipmentOf(a.order.id))?.pickupRequestedAt?.getTime()).toBe(first?.pickupRequestedAt?.getTime());
  });
});

describe("tracking webhooks", () => {
  it("refuses forged and unreadable webhooks, ignores replays and late (older) updates", async () => {
    const { order } = await insertOrder(app);
    const [booked] = (await create([order.id])).results;
    const awb = booked!.awb!;
    const token = await webhookSecret();
    const update = (status: string, id: number, at: Date) => ({
      awb,
      current_status: status,
      current_status_id: id,
      current_timestamp: courierTimeText(at),
      scans: [{ location: "Jaipur Hub" }],
    });
    const now = Date.now();
    const inTransit = update("IN TRANSIT", 18, new Date(now + 60_000));

    expect((await webhook(inTransit)).statusCode).toBe(401);
    expect((await webhook(inTransit, "not-the-token")).statusCode).toBe(401);
    expect((await webhook("{not json", token)).statusCode).toBe(400);
    expect((await webhook({ hello: 1 }, token)).statusCode).toBe(400);
    expect((await shipmentOf(order.id))?.status).toBe("awb_assigned");

    const applied = await webhook(inTransit, token);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ duplicate: false, applied: true });
    const replay = await webhook(inTransit, token);
    expect(replay.json()).toMatchObject({ duplicate: true, applied: false });

    const ofd = update("OUT FOR DELIVERY", 17, new Date(now + 120_000));
    expect((await webhook(ofd, token)).json()).toMatchObject({ applied: true });
    // A late "picked up" (older) is recorded but does not move the parcel back.
    const late = await webhook(update("PICKED UP", 42, new Date(now + 30_000)), token);
    expect(late.json()).toMatchObject({ duplicate: false, applied: false });
    const shipment = await shipmentOf(order.id);
    expect(shipment?.status).toBe("out_for_delivery");
    expect((await orderRow(order.id)).status).toBe("shipped");
    const events = await db().select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment!.id));
    expect(events.map((e) => e.rawStatus)).toEqual(["AWB ASSIGNED", "IN TRANSIT", "OUT FOR DELIVERY", "PICKED UP"]);
    expect(
      (await emailsTo(app, "asha@example.in")).some((m) => m.subject.includes(`#${order.id} is out for delivery`)),
    ).toBe(true);

    // An AWB we never booked: answered, ignored.
    expect((await webhook({ ...inTransit, awb: "UNKNOWN1" }, token)).json()).toMatchObject({ applied: false });
  });

  it("takes an order to delivered through the simulator's advance button, and shows it on the order's page", async () => {
    const { order } = await insertOrder(app);
    await create([order.id]);
    let detail: AdminOrderDetail | undefined;
    for (let step = 0; step < 5; step++) {
      const res = await simulate(order.id, "advance");
      expect(res.statusCode, res.body).toBe(200);
      detail = res.json() as AdminOrderDetail;
    }
    expect(detail?.status).toBe("delivered");
    expect(detail?.shipping?.simulated).toBe(true);
    expect(detail?.shipping?.shipments[0]?.status).toBe("delivered");
    expect(detail?.shipping?.shipments[0]?.events.map((e) => e.status)).toEqual([
      "awb_assigned",
      "pickup_scheduled",
      "picked_up",
      "in_transit",
      "out_for_delivery",
      "delivered",
    ]);
    const end = await simulate(order.id, "advance");
    expect(end.statusCode).toBe(409);
    expect((await simulate(order.id, "fail")).statusCode).toBe(409);
    expect(
      (await emailsTo(app, "asha@example.in")).some((m) => m.subject.includes(`#${order.id} has been delivered`)),
    ).toBe(true);

    // The shopper's page (through its e-mailed link) shows each step once, in time, with the courier's link.
    const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
    const page = await app.inject({ url: `/api/orders/${order.id}?token=${stored!.viewToken}` });
    expect(page.statusCode).toBe(200);
    const shopper = page.json().data;
    expect(shopper.timeline.map((s: { label: string }) => s.label)).toEqual([
      "Order placed",
      "Shipped",
      "Picked up (Jaipur)",
      "In transit (Jaipur Hub)",
      "Out for delivery (Jaipur)",
      "Delivered",
    ]);
    const awb = detail?.shipping?.shipments[0]?.awb;
    expect(shopper.tracking).toEqual({ awb, courier: expect.any(String), url: expect.stringContaining(awb!) });
  });
});

describe("the simulated courier's clock and its buttons' bad input", () => {
  it("moves a parcel left alone long enough one step, and leaves the others", async () => {
    const { order } = await insertOrder(app);
    await create([order.id]);
    await call(app, admin, "POST", "/api/admin/shipments/pickup", { order_ids: [order.id] });
    const engine = app.services.shipping.gateway.simulator!;
    // Just moved: not due yet.
    await engine.tick(60);
    expect((await shipmentOf(order.id))?.status).toBe("pickup_scheduled");
    await db()
      .update(shippingSimulatorRecords)
      .set({ movedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(shippingSimulatorRecords.awb, (await shipmentOf(order.id))!.awb!));
    expect(await engine.tick(60)).toBeGreaterThanOrEqual(1);
    expect((await shipmentOf(order.id))?.status).toBe("picked_up");
  });

  it("answers a bad simulate request with a 400 or 404 and an order without a parcel with a 409", async () => {
    const { order } = await insertOrder(app);
    expect(
      (await call(app, admin, "POST", `/api/admin/orders/${order.id}/shipment/simulate`, { action: "fly" })).statusCode,
    ).toBe(400);
    expect((await simulate(2_000_000_000, "advance")).statusCode).toBe(404);
    const none = await simulate(order.id, "advance");
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain("no shipment");
  });
});

describe("return to origin (RTO)", () => {
  it("puts a COD order's pieces back in stock, credits its whole invoice and reports it as returned", async () => {
    const email = `rto.${process.pid}@example.in`;
    const lines = [{ variant: kurta, quantity: 2 }];
    const cartId = await fillCart(app, lines, "INR");
    const amount = pageTotal(lines, "INR", { shipping: COD_SHIPPING_FEE_INR });
    const created = await createOrder(app, orderBody(cartId, "cod", "INR", amount, { email }));
    expect(created.statusCode, created.body).toBe(200);
    const orderId = created.json().order_id as number;
    const confirmed = await confirmCod(app, { order_id: orderId, code: await codeSentTo(app, email) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice).toBeDefined();
    const stockBefore = await stockOf(app, kurta);

    await create([orderId]);
    expect((await simulate(orderId, "fail")).statusCode).toBe(409); // not picked up yet
    await simulate(orderId, "advance"); // pickup scheduled
    await simulate(orderId, "advance"); // picked up
    expect((await simulate(orderId, "fail")).statusCode).toBe(200); // undelivered
    expect((await orderRow(orderId)).status).toBe("shipped");
    await simulate(orderId, "advance"); // RTO initiated
    const back = await simulate(orderId, "advance"); // RTO delivered
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as AdminOrderDetail).status).toBe("returned_to_origin");

    expect(await stockOf(app, kurta)).toBe(stockBefore + 2);
    const notes = await db()
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, invoice!.id))
      .orderBy(asc(creditNotes.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.reason).toBe("Returned to origin");
    expect(notes[0]?.gross).toBe(invoice!.gross);
    expect((await emailsTo(app, email)).some((m) => m.subject.includes(`#${orderId} came back to us`))).toBe(true);

    // Reported as such in the back office's list (filter by status).
    const list = await call(app, admin, "GET", "/api/admin/orders?status=returned_to_origin");
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { data: { id: number }[] }).data.map((o) => o.id)).toContain(orderId);
    // A replayed RTO webhook restocks nothing twice.
    const shipment = await shipmentOf(orderId);
    expect(shipment?.status).toBe("rto_delivered");
    expect(await stockOf(app, kurta)).toBe(stockBefore + 2);
  });
});

describe("a prepaid parcel that came back", () => {
  it("is refunded in full when the seller marks it refunded, its stock back once", async () => {
    const { orderId, total } = await paidCardOrder(app, [{ variant: kurta, quantity: 1 }]);
    const stockBefore = await stockOf(app, kurta);
    await create([orderId]);
    for (const move of ["advance", "advance", "fail", "advance", "advance"] as const)
      expect((await simulate(orderId, move)).statusCode).toBe(200);
    expect((await orderRow(orderId)).status).toBe("returned_to_origin");
    expect(await stockOf(app, kurta)).toBe(stockBefore + 1);

    const refunded = await call(app, admin, "POST", `/api/admin/orders/${orderId}/status`, { status: "refunded" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refund).toMatchObject({ rule: "full", refund_minor: total });
    expect((await orderRow(orderId)).status).toBe("refunded");
    // Refunding restocks nothing again.
    expect(await stockOf(app, kurta)).toBe(stockBefore + 1);
  });
});

describe("the courier is down", () => {
  let down: FastifyInstance;
  beforeAll(async () => {
    // A port nothing listens on: connections are refused at once.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    down = await createTestApp({
      config: {
        shipping: {
          ...app.config.shipping,
          email: "seller@example.in",
          password: "secret",
          webhookSecret: "hook-token",
          baseUrl: `http://127.0.0.1:${port}`,
        },
      },
    });
  });
  afterAll(() => down.close());

  it("answers each order with a clear message and changes nothing", async () => {
    const downAdmin = (await newAdmin(down)).headers;
    const { order } = await insertOrder(down);
    const res = await call(down, downAdmin, "POST", "/api/admin/shipments", { order_ids: [order.id] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ShipmentResults;
    expect(body.results[0]).toMatchObject({ ok: false, code: "COURIER_UNAVAILABLE" });
    expect(body.results[0]?.message).toMatch(/could not be reached.*nothing was changed/);
    const [row] = await down.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("paid");
    expect(await down.database.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toEqual([]);
    // The real adapter refuses a webhook without Shiprocket's token.
    const forged = await down.inject({
      method: "POST",
      url: "/api/shipping/webhook",
      headers: { "content-type": "application/json", "x-api-key": "wrong" },
      payload: JSON.stringify({ awb: "1", current_status: "DELIVERED" }),
    });
    expect(forged.statusCode).toBe(401);
  });

  it("refuses labels and pickups of a parcel booked earlier with a clear 503, and changes nothing", async () => {
    const downAdmin = (await newAdmin(down)).headers;
    const { order } = await insertOrder(down, { status: "shipped" });
    await down.database.db.insert(shipments).values({
      orderId: order.id,
      provider: "shiprocket",
      shipmentId: "5550001",
      awb: "AWB5550001",
      courier: "Delhivery",
      status: "awb_assigned",
    });
    const labels = await call(down, downAdmin, "GET", `/api/admin/shipments/labels.pdf?ids=${order.id}`);
    expect(labels.statusCode).toBe(503);
    expect(labels.json()).toMatchObject({ code: "COURIER_UNAVAILABLE" });
    const pickup = await call(down, downAdmin, "POST", "/api/admin/shipments/pickup", { order_ids: [order.id] });
    expect(pickup.statusCode).toBe(503);
    const [row] = await down.database.db.select().from(shipments).where(eq(shipments.orderId, order.id));
    expect(row).toMatchObject({ status: "awb_assigned", pickupRequestedAt: null, labelPdf: null });
  });
});
