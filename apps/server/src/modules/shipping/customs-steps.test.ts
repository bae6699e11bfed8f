import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { OrderDetail, ShipmentResults } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { istDayOf } from "../../lib/seller-time";
import { call, newAdmin } from "../admin/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createListeningTestApp } from "../checkout/test-support";
import { cardOrder, LONDON } from "../invoices/test-support";
import { orders } from "../orders/tables";
import { dhlSimulatorCredentials, type DhlSimShipment } from "./simulator/dhl-sim";
import { loadCarrierSimulatorSecrets, secretsOf } from "./registry";
import { shippingSimulatorRecords } from "./simulator/tables";

/**
 * Decision 086: a London parcel's customs steps, as DHL Express's pushes report them through its simulator, on
 * the shopper's order page: cleared for export with its shipping bill, at import customs, held (with what to
 * do), released, each once and in order; a replayed push adds nothing; an order within India shows nothing new.
 */
let app: FastifyInstance;
let owner: Record<string, string>;
let piece: PickedVariant;

beforeAll(async () => {
  app = await createListeningTestApp();
  owner = (await newAdmin(app)).headers;
  [piece] = (await pickVariants(app, { minStock: 10, count: 1 })) as [PickedVariant];
  // An export invoice needs the day's customs rate and the exporter's IEC (as dhl.test.ts sets them).
  const rate = await call(app, owner, "POST", "/api/admin/notified-values", {
    kind: "usd_export_rate",
    effective_from: istDayOf(new Date()),
    value: 88.15,
    notification: "64/2026-Customs (N.T.)",
  });
  expect([201, 409], rate.body).toContain(rate.statusCode);
  const gst = (await call(app, owner, "GET", "/api/admin/settings/gst")).json().gst;
  await call(app, owner, "PUT", "/api/admin/settings/gst", { ...gst, iec: "AAJCJ4523K" });
});
afterAll(async () => {
  await app.services.shipping.gateway.simulators.get("dhl-express")?.settled();
  await app.services.shipping.gateway.simulators.get("shiprocket")?.settled();
  await app.close();
});

const db = () => app.database.db;
/** The order as its shopper's page reads it (the guest's link). */
async function shopperView(orderId: number): Promise<OrderDetail> {
  const [order] = await db().select({ token: orders.viewToken }).from(orders).where(eq(orders.id, orderId));
  const res = await app.inject({ method: "GET", url: `/api/orders/${orderId}?token=${order!.token}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OrderDetail;
}
async function bookAndCollect(orderId: number): Promise<string> {
  const booked = (await call(app, owner, "POST", "/api/admin/shipments", { order_ids: [orderId] })).json();
  const result = (booked as ShipmentResults).results[0]!;
  expect(result, JSON.stringify(booked)).toMatchObject({ ok: true });
  await call(app, owner, "POST", "/api/admin/shipments/pickup", { order_ids: [orderId] });
  return result.awb!;
}
const advance = async (orderId: number, times: number) => {
  for (let i = 0; i < times; i++) {
    const res = await call(app, owner, "POST", `/api/admin/orders/${orderId}/shipment/simulate`, {
      action: "advance",
    });
    expect(res.statusCode, res.body).toBe(200);
  }
};

describe("customs steps on the shopper's tracking", () => {
  it("shows a London parcel's export clearance, import customs, hold and release once each, in order", async () => {
    const london = await cardOrder(app, [{ variant: piece }], "USD", LONDON);
    const awb = await bookAndCollect(london.orderId);
    const before = await shopperView(london.orderId);
    expect(before.customs).toEqual({
      country: "the United Kingdom",
      carrier: "DHL Express",
      duties_paid: false,
      note: "Import duties and taxes for the United Kingdom, if any are due, are charged by DHL Express at delivery, not by us.",
    });

    // Picked up, export clearance, departure, arrival, the hold: then the hold's push again (DHL retries).
    await advance(london.orderId, 5);
    const [record] = await db()
      .select({ body: shippingSimulatorRecords.body })
      .from(shippingSimulatorRecords)
      .where(eq(shippingSimulatorRecords.id, awb));
    const sim = record!.body as DhlSimShipment;
    expect(sim.step).toBe("customsHold");
    const hold = sim.history.at(-1)!;
    const { pushToken } = dhlSimulatorCredentials(secretsOf(await loadCarrierSimulatorSecrets(db()), "dhl-express"));
    const replay = await app.inject({
      method: "POST",
      url: "/api/shipping/webhook/dhl-express",
      headers: { "content-type": "application/json", "x-dhl-push-token": pushToken },
      payload: {
        shipments: [
          {
            id: awb,
            status: {
              timestamp: hold.at,
              statusCode: "transit",
              status: "CD",
              description: "Clearance delay: held by customs, duties and taxes being assessed",
              location: { address: { addressLocality: hold.location, countryCode: "GB" } },
            },
            destination: { address: { countryCode: "GB" } },
            events: [],
          },
        ],
      },
    });
    expect(replay.statusCode, replay.body).toBe(200);

    // Released, with the courier, delivered.
    await advance(london.orderId, 3);
    const after = await shopperView(london.orderId);
    const bill = sim.shippingBill!;
    const billDay = new Date(`${bill.shippingBillDate}T00:00:00Z`).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    const shipped = after.timeline.findIndex((s) => s.label === "Shipped");
    expect(after.timeline.slice(shipped).map((s) => s.label)).toEqual([
      "Shipped",
      "Picked up (JAIPUR - INDIA)",
      `Cleared export customs in India (shipping bill ${bill.shippingBillNumber} of ${billDay})`,
      "In transit (NEW DELHI - INDIA)",
      "Arrived at customs in the United Kingdom",
      "Held at customs in the United Kingdom: Clearance delay: held by customs, duties and taxes being assessed",
      "Released by customs in the United Kingdom",
      "Out for delivery (LONDON - GB)",
      "Delivered",
    ]);
    const held = after.timeline.find((s) => s.label.startsWith("Held"))!;
    expect(held.detail).toMatch(/^DHL Express may contact you .* proof of identity or payment of the duties and taxes/);
    expect(after.timeline.filter((s) => s.detail)).toHaveLength(1);
  });

  it("says nothing of customs for an order within India", async () => {
    const jaipur = await cardOrder(app, [{ variant: piece }], "INR");
    await bookAndCollect(jaipur.orderId);
    await advance(jaipur.orderId, 3);
    const view = await shopperView(jaipur.orderId);
    expect(view.customs).toBeNull();
    expect(view.timeline.some((s) => /customs/i.test(s.label) || s.detail)).toBe(false);
    // Its courier's steps are there as before.
    expect(view.timeline.some((s) => s.label.startsWith("Picked up"))).toBe(true);
  });
});
