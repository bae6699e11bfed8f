import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { DashboardResponse, DeliveryOutcomesResponse } from "@store/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders } from "../orders/tables";
import { shipments } from "../shipping/tables";
import { createListeningTestApp } from "../checkout/test-support";
import { istDayEnd, istDayStart } from "../../lib/seller-time";
import { call, courierMoves, insertOrder, newStaff, roles } from "./test-support";

let app: FastifyInstance;
let roleHeaders: Awaited<ReturnType<typeof roles>>;

interface Ended {
  outcome: "delivered" | "returned_to_origin";
  cod: boolean;
  rupees: number;
  pincode: string;
  state: string;
  courier: string;
  email: string;
  /** The order's placing and confirmation. */
  placed: Date;
  /** When the order reached its outcome. */
  at: Date;
  /** Forward and RTO freight in paise as the courier quoted them; null: not reported. */
  freight: [number, number] | null;
  currency?: "INR" | "USD";
  country?: string;
}

/** An order written straight to its end, with the order event and the courier's parcel a booking leaves. */
async function ended(e: Ended): Promise<number> {
  const db = app.database.db;
  const { order } = await insertOrder(app, {
    status: e.outcome === "delivered" ? "delivered" : "shipped",
    paymentMethod: e.cod ? "cod" : "razorpay",
    currency: e.currency ?? "INR",
    total: e.rupees * 100,
    createdAt: e.placed,
  });
  await db
    .update(orders)
    .set({
      status: e.outcome,
      pinCode: e.pincode,
      state: e.state,
      email: e.email,
      deliveryCountry: e.country ?? "IN",
      confirmedAt: e.placed,
      confirmedTotal: e.rupees * 100,
    })
    .where(eq(orders.id, order.id));
  await db
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: "shipped", toStatus: e.outcome, createdAt: e.at });
  await db.insert(shipments).values({
    orderId: order.id,
    provider: "shiprocket",
    awb: `TEST${order.id}`,
    courier: e.courier,
    status: e.outcome === "delivered" ? "delivered" : "rto_delivered",
    freightMinor: e.freight?.[0] ?? null,
    rtoFreightMinor: e.freight?.[1] ?? null,
  });
  return order.id;
}

const may = (day: number, hour = 12) =>
  new Date(istDayStart(`2021-05-${String(day).padStart(2, "0")}`).getTime() + hour * 3_600_000);
const JAIPUR = { pincode: "302002", state: "Rajasthan", courier: "Xpressbees Express" };
const MUMBAI = { pincode: "400001", state: "Maharashtra", courier: "Delhivery Surface" };

/**
 * May 2021 (IST): Asha's first order, COD ₹800 to Jaipur, came back (freight ₹60 each way); Bina's COD ₹800 to
 * Jaipur was delivered; Chitra's COD ₹2,500 to Mumbai came back, its freight not reported; Asha's second order,
 * prepaid ₹2,500 to Mumbai, was delivered; Esha's prepaid ₹6,000 to Jaipur was delivered at the period's first
 * instant. Around them: an RTO at the first instant after the period, and a USD order delivered abroad.
 */
beforeAll(async () => {
  app = await createListeningTestApp();
  roleHeaders = await roles(app);
  const rto = "returned_to_origin" as const;
  const a = { email: "asha@example.in" };
  await ended({
    outcome: rto,
    cod: true,
    rupees: 800,
    ...JAIPUR,
    ...a,
    placed: may(2),
    at: may(9),
    freight: [6_000, 6_000],
  });
  await ended({
    outcome: "delivered",
    cod: true,
    rupees: 800,
    ...JAIPUR,
    email: "bina@example.in",
    placed: may(2),
    at: may(6),
    freight: [6_000, 6_000],
  });
  await ended({
    outcome: rto,
    cod: true,
    rupees: 2_500,
    ...MUMBAI,
    email: "chitra@example.in",
    placed: may(3),
    at: may(12),
    freight: null,
  });
  await ended({
    outcome: "delivered",
    cod: false,
    rupees: 2_500,
    ...MUMBAI,
    ...a,
    placed: may(4),
    at: may(8),
    freight: [7_000, 7_000],
  });
  await ended({
    outcome: "delivered",
    cod: false,
    rupees: 6_000,
    ...JAIPUR,
    email: "esha@example.in",
    placed: new Date(2021, 3, 20),
    at: istDayStart("2021-05-01"),
    freight: [6_000, 6_000],
  });
  await ended({
    outcome: rto,
    cod: true,
    rupees: 900,
    ...JAIPUR,
    email: "farah@example.in",
    placed: may(20),
    at: istDayEnd("2021-05-31"),
    freight: [6_000, 6_000],
  });
  await ended({
    outcome: "delivered",
    cod: false,
    rupees: 90,
    currency: "USD",
    country: "US",
    pincode: "10001",
    state: "NY",
    courier: "DHL Express",
    email: "gia@example.com",
    placed: may(5),
    at: may(10),
    freight: null,
  });
});
afterAll(async () => {
  await app.services.shipping.gateway.simulator?.settled();
  await app.close();
});

const report = async (query: string): Promise<DeliveryOutcomesResponse> => {
  const res = await call(app, roleHeaders.admin, "GET", `/api/admin/delivery-outcomes?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A row's measures: delivered, RTO, rate, freight lost (paise), RTOs whose freight is unknown. */
const m = (delivered: number, rto: number, rate: number, freight = 0, unknown = 0) => ({
  delivered,
  rto,
  rto_rate: rate,
  rto_freight_minor: freight,
  rto_freight_unknown: unknown,
});

describe("GET /api/admin/delivery-outcomes", () => {
  it("counts delivered and RTO parcels in the period with their rate and freight lost, six ways", async () => {
    const body = await report("from=2021-05-01&to=2021-05-31");
    expect(body.totals).toEqual(m(3, 2, 0.4, 12_000, 1));
    const rows = (by: keyof DeliveryOutcomesResponse["breakdowns"]) =>
      body.breakdowns[by].map(({ key, label, ...measures }) => ({ key, label, ...measures }));
    expect(rows("payment")).toEqual([
      { key: "cod", label: "Cash on delivery", ...m(1, 2, 0.6667, 12_000, 1) },
      { key: "prepaid", label: "Prepaid", ...m(2, 0, 0) },
    ]);
    expect(rows("customer")).toEqual([
      { key: "first", label: "First order", ...m(2, 2, 0.5, 12_000, 1) },
      { key: "repeat", label: "Repeat customer", ...m(1, 0, 0) },
    ]);
    expect(rows("value_band")).toEqual([
      { key: "000500", label: "₹500 to ₹999", ...m(1, 1, 0.5, 12_000) },
      { key: "002000", label: "₹2,000 to ₹4,999", ...m(1, 1, 0.5, 0, 1) },
      { key: "005000", label: "₹5,000 and above", ...m(1, 0, 0) },
    ]);
    // Equal RTO counts: the higher rate first.
    expect(rows("courier")).toEqual([
      { key: MUMBAI.courier, label: MUMBAI.courier, ...m(1, 1, 0.5, 0, 1) },
      { key: JAIPUR.courier, label: JAIPUR.courier, ...m(2, 1, 0.3333, 12_000) },
    ]);
    expect(rows("state").map((r) => [r.label, r.rto_rate])).toEqual([
      ["Maharashtra", 0.5],
      ["Rajasthan", 0.3333],
    ]);
    expect(rows("pincode").map((r) => [r.key, r.delivered, r.rto])).toEqual([
      ["400001", 1, 1],
      ["302002", 2, 1],
    ]);
  });

  it("answers zeros for a period where nothing ended", async () => {
    const body = await report("from=2020-01-01&to=2020-01-31");
    expect(body.totals).toEqual(m(0, 0, 0));
    expect(body.breakdowns.payment).toEqual([]);
  });

  it("answers every breakdown as CSV, the rate in percent and freight in rupees", async () => {
    const res = await call(
      app,
      roleHeaders.admin,
      "GET",
      "/api/admin/delivery-outcomes.csv?from=2021-05-01&to=2021-05-31",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="delivery-outcomes-2021-05-01-to-2021-05-31.csv"',
    );
    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe("\uFEFFbreakdown,key,label,delivered,rto,rto_rate_percent,rto_freight,rto_freight_unknown");
    expect(lines.slice(1, 5)).toEqual([
      "Payment method,cod,Cash on delivery,1,2,66.67,120.00,1",
      "Payment method,prepaid,Prepaid,2,0,0.00,0.00,0",
      "Customer,first,First order,2,2,50.00,120.00,1",
      "Customer,repeat,Repeat customer,1,0,0.00,0.00,0",
    ]);
    expect(lines).toContain("PIN code,302002,302002,2,1,33.33,120.00,0");
    expect(lines).toHaveLength(1 + 2 + 2 + 3 + 2 + 2 + 2 + 1);
  });

  it("refuses bad periods with a 400 and a message", async () => {
    const cases: [string, string, string][] = [
      ["from=2021-05-31&to=2021-05-01", "to", "The end date is before the start date"],
      ["from=2021-02-30&to=2021-03-01", "from", "This is not a calendar date"],
      ["from=2020-01-01&to=2022-12-31", "to", "A report covers at most 731 days; choose a shorter period"],
      ["to=2021-03-01", "from", "Use a date like 2026-03-31"],
      ["from=yesterday&to=2021-03-01", "from", "Use a date like 2026-03-31"],
    ];
    for (const [query, path, message] of cases) {
      for (const url of [`/api/admin/delivery-outcomes?${query}`, `/api/admin/delivery-outcomes.csv?${query}`]) {
        const res = await call(app, roleHeaders.admin, "GET", url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors, url).toContainEqual({ path: `querystring.${path}`, message });
      }
    }
  });

  it("is the owner's, as the sales report is", async () => {
    const url = "/api/admin/delivery-outcomes?from=2021-05-01&to=2021-05-31";
    expect((await call(app, roleHeaders.guest, "GET", url)).statusCode).toBe(401);
    expect((await call(app, roleHeaders.shopper, "GET", url)).statusCode).toBe(403);
    const staff = await newStaff(app, roleHeaders.admin);
    expect((await call(app, staff.headers, "GET", url)).statusCode).toBe(403);
  });
});

describe("the dashboard's month", () => {
  it("shows the RTO rate and the freight both ways the simulated courier quoted at booking", async () => {
    const rtoOrder = await insertOrder(app, { paymentMethod: "cod" });
    const deliveredOrder = await insertOrder(app, { paymentMethod: "razorpay", currency: "INR" });
    await courierMoves(app, roleHeaders.admin, rtoOrder.order.id, ["advance", "advance", "fail", "advance", "advance"]);
    await courierMoves(app, roleHeaders.admin, deliveredOrder.order.id, [
      "advance",
      "advance",
      "advance",
      "advance",
      "advance",
    ]);
    const [parcel] = await app.database.db.select().from(shipments).where(eq(shipments.orderId, rtoOrder.order.id));
    // Pickup and delivery share their first three digits: 2 days, ₹40 + ₹10 a day, the RTO at the same rate.
    expect(parcel).toMatchObject({ courier: "Xpressbees Express", freightMinor: 6_000, rtoFreightMinor: 6_000 });
    const res = await call(app, roleHeaders.admin, "GET", "/api/admin/dashboard");
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DashboardResponse).delivery_outcomes).toEqual(m(1, 1, 0.5, 12_000));
  });
});
