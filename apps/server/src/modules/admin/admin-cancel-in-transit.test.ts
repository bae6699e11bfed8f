import { and, eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AdminOrderDetail, AdminOrderListResponse, DashboardResponse } from "@store/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  createListeningTestApp,
  paidCardOrder,
  stockOf,
  webhooksSettled,
  withSimulatorsDown,
} from "../checkout/test-support";
import { emailOutbox } from "../../email/tables";
import { orders } from "../orders/tables";
import { call, courierMoves, moveParcel, newAdmin } from "./test-support";

/**
 * Issue 38, point 2 (decision 059): an order cancelled on its way asks the courier to bring the parcel back; the
 * order says so, its pieces come back on the shelf when the parcel does, and a parcel delivered all the same
 * flags the order for the seller instead of being lost.
 */
let app: FastifyInstance;
let admin: Record<string, string>;
let adminEmail: string;
let variant: PickedVariant;

beforeAll(async () => {
  app = await createListeningTestApp();
  ({ headers: admin, email: adminEmail } = await newAdmin(app));
  [variant] = (await pickVariants(app, { minStock: 30, count: 1 })) as [PickedVariant];
});
afterEach(async () => {
  await webhooksSettled(app);
  await app.services.shipping.gateway.simulator?.settled();
});
afterAll(() => app.close());

const detail = async (id: number) =>
  (await call(app, admin, "GET", `/api/admin/orders/${id}`)).json<AdminOrderDetail>();
const cancel = (id: number) => call(app, admin, "POST", `/api/admin/orders/${id}/status`, { status: "cancelled" });
const parcelOf = (order: AdminOrderDetail) => order.shipping!.shipments.find((s) => s.direction === "forward")!;
/** The shopper's own page of the order, opened with its link's secret. */
async function shopperView(id: number) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id));
  const page = await app.inject({ method: "GET", url: `/api/orders/${id}?token=${row!.viewToken}` });
  expect(page.statusCode, page.body).toBe(200);
  return page.json().data as { status: string; status_label: string };
}

describe("an order cancelled while its parcel is on its way", () => {
  it("calls the parcel back: the order says it is returning, and the pieces come back when the parcel does", async () => {
    const { orderId } = await paidCardOrder(app, [{ variant, quantity: 2 }]);
    await courierMoves(app, admin, orderId, ["advance", "advance", "advance"]);
    const stockOnTheWay = await stockOf(app, variant);

    const res = await cancel(orderId);
    expect(res.statusCode, res.body).toBe(200);
    await app.services.shipping.gateway.simulator?.settled();
    const order = await detail(orderId);
    // Within 24 hours: refunded in full at once; the parcel is coming back.
    expect(order.status).toBe("refunded");
    expect(parcelOf(order)).toMatchObject({ status: "rto_initiated", recall_error: null });
    expect(parcelOf(order).recall_requested_at).toBeTruthy();
    expect((await shopperView(orderId)).status_label).toBe("Refunded: parcel returning to us");
    expect(await stockOf(app, variant)).toBe(stockOnTheWay);

    await moveParcel(app, admin, orderId, ["advance"]);
    expect(await stockOf(app, variant)).toBe(stockOnTheWay + 2);
    const back = await detail(orderId);
    expect(back.events.at(-1)?.note).toMatch(/^Parcel back with the seller/);
    expect((await shopperView(orderId)).status_label).toBe("Refunded: parcel back with us");
  });

  it("a parcel not picked up yet is cancelled by the courier, and its pieces are back at once", async () => {
    const { orderId } = await paidCardOrder(app, [{ variant }]);
    await courierMoves(app, admin, orderId, []);
    const stockBooked = await stockOf(app, variant);
    expect((await cancel(orderId)).statusCode).toBe(200);
    await app.services.shipping.gateway.simulator?.settled();
    expect(parcelOf(await detail(orderId)).status).toBe("cancelled");
    expect(await stockOf(app, variant)).toBe(stockBooked + 1);
  });
});

describe("a courier that cannot be asked, and delivers anyway", () => {
  it("keeps the reason on the parcel; asking again calls it back", async () => {
    const { orderId } = await paidCardOrder(app, [{ variant }]);
    await courierMoves(app, admin, orderId, ["advance", "advance"]);
    expect((await withSimulatorsDown(app, () => cancel(orderId))).statusCode).toBe(200);
    const failed = parcelOf(await detail(orderId));
    expect(failed.recall_requested_at).toBeNull();
    expect(failed.recall_error).toMatch(/^The courier could not be reached/);

    const again = await call(app, admin, "POST", `/api/admin/orders/${orderId}/shipment/recall`);
    expect(again.statusCode, again.body).toBe(200);
    await app.services.shipping.gateway.simulator?.settled();
    expect(parcelOf(await detail(orderId))).toMatchObject({ status: "rto_initiated", recall_error: null });
  });

  it("flags the order and tells the seller when the parcel is delivered after the cancellation; the seller resolves it", async () => {
    const { orderId } = await paidCardOrder(app, [{ variant }]);
    await courierMoves(app, admin, orderId, ["advance", "advance"]);
    await withSimulatorsDown(app, () => cancel(orderId));
    const dashboard = async () =>
      (await call(app, admin, "GET", "/api/admin/dashboard")).json<DashboardResponse>().needs_attention;
    const flaggedBefore = await dashboard();

    await moveParcel(app, admin, orderId, ["advance", "advance", "advance"]);
    const order = await detail(orderId);
    expect(parcelOf(order).status).toBe("delivered");
    expect(order.status).toBe("cancelled");
    expect(order.attention).toMatch(/^Delivered after it was cancelled/);
    expect(await dashboard()).toBe(flaggedBefore + 1);
    const listed = await call(app, admin, "GET", "/api/admin/orders?view=attention");
    expect(listed.json<AdminOrderListResponse>().data.map((o) => o.id)).toContain(orderId);
    const alerts = await app.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, adminEmail), like(emailOutbox.subject, `Order #${orderId} was delivered after%`)));
    expect(alerts).toHaveLength(1);

    expect((await call(app, admin, "POST", `/api/admin/orders/${orderId}/attention`, { note: "" })).statusCode).toBe(
      400,
    );
    const resolved = await call(app, admin, "POST", `/api/admin/orders/${orderId}/attention`, {
      note: "The shopper paid by UPI",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<AdminOrderDetail>()).toMatchObject({ attention: null });
    expect(resolved.json<AdminOrderDetail>().events.at(-1)?.note).toBe("Resolved: The shopper paid by UPI");
    expect(await dashboard()).toBe(flaggedBefore);
    const twice = await call(app, admin, "POST", `/api/admin/orders/${orderId}/attention`, { note: "Again" });
    expect(twice.statusCode).toBe(409);
  });
});
