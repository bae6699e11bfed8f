import { eq } from "drizzle-orm";
import type { ShipmentResults, ShipmentStatus } from "@store/shared";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { SimulatorControl } from "../../http/simulator-control";
import { storeJobs } from "../../jobs";
import { silentLog } from "../../log";
import { describeMode } from "../../startup-summary";
import { simulatorSecretHeader } from "../../testing/test-app";
import { call, insertOrder, newAdmin } from "../admin/test-support";
import { createListeningTestApp } from "../checkout/test-support";
import { orders } from "../orders/tables";
import { SHIPPING_CARRIERS } from "./carriers";
import { createShippingGateway } from "./gateway";
import { callCourier } from "./http";
import { ShippingProviderError, ShippingWebhookRejected, type ShippingProvider } from "./provider";
import {
  loadCarrierSimulatorSecrets,
  secretsOf,
  type CarrierPlugin,
  type CarrierSimulator,
  type SimulatorContext,
} from "./registry";
import { createCourierWebhookSender } from "./simulator/webhooks";
import { shipments } from "./tables";

/**
 * Decision 072's promise: a carrier is one adapter (a `CarrierPlugin`), its simulator and one line of
 * registration. "Fakeship" below is all three, registered in this test's app only, and India express is
 * pointed at it there; an order goes from booking through its webhooks to the shopper's tracking with no
 * other file knowing its name.
 */

/** Fakeship's own words for a parcel's steps, and what each means to us (the adapter's mapping). */
const STEPS = ["LABELLED", "COLLECTED", "MOVING", "WITH_DRIVER", "HANDED_OVER"] as const;
type Step = (typeof STEPS)[number] | "CALLED_BACK";
const MEANS: Record<string, ShipmentStatus> = {
  COLLECTED: "picked_up",
  MOVING: "in_transit",
  WITH_DRIVER: "out_for_delivery",
  HANDED_OVER: "delivered",
  CALLED_BACK: "cancelled",
};
type FakeParcel = { id: string; reference: string; awb: string | null; step: Step; moves: number };

/** What Fakeship's simulator holds, readable by the test: the booking must have reached it. */
const fakeParcels = new Map<string, FakeParcel>();
const byAwb = (awb: string) => [...fakeParcels.values()].find((p) => p.awb === awb);

const webhookBody = z.object({ tracking_number: z.string(), state: z.string(), seq: z.number(), when: z.string() });

function createFakeship(options: {
  baseUrl: () => string;
  apiKey: string;
  webhookToken: string;
  simulated: boolean;
}): ShippingProvider {
  const url = (path: string) => `${options.baseUrl()}${path}`;
  const headers = { "content-type": "application/json", authorization: options.apiKey };
  const post = <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    callCourier(url(path), { method: "POST", headers, body: JSON.stringify(body) }, schema);
  const notInThisTest = async (): Promise<never> => {
    throw new ShippingProviderError("Fakeship does not offer this", 501, "not offered");
  };
  return {
    name: "fakeship",
    simulated: options.simulated,
    authenticate: async () => options.apiKey,
    serviceability: async () => [{ courierId: 1, name: "Fakeship Air", cod: false, estimatedDays: 2 }],
    async createShipment(parcel) {
      const { id } = await post("/parcels", { reference: parcel.reference }, z.object({ id: z.string() }));
      return { providerOrderId: id, shipmentId: id };
    },
    async assignAwb(shipmentId) {
      const schema = z.object({ awb: z.string(), service: z.string() });
      const { awb, service } = await post(`/parcels/${encodeURIComponent(shipmentId)}/awb`, {}, schema);
      return { awb, courier: service };
    },
    label: notInThisTest,
    requestPickup: notInThisTest,
    track: notInThisTest,
    bookReturnPickup: notInThisTest,
    async cancelShipment(awb) {
      await post(`/parcels/${encodeURIComponent(awb)}/cancel`, {}, z.object({ ok: z.boolean() }));
    },
    trackingUrl: (awb) => url(`/track/${encodeURIComponent(awb)}`),
    parseWebhook(headers, rawBody) {
      if (headers["x-fakeship-token"] !== options.webhookToken) throw new ShippingWebhookRejected("bad token", true);
      let parsed;
      try {
        parsed = webhookBody.parse(JSON.parse(rawBody));
      } catch {
        throw new ShippingWebhookRejected("not a Fakeship event", false);
      }
      return {
        awb: parsed.tracking_number,
        eventKey: `${parsed.tracking_number}:${parsed.seq}`,
        status: MEANS[parsed.state] ?? null,
        rawStatus: parsed.state,
        location: null,
        at: new Date(parsed.when),
      };
    },
  };
}

/** Fakeship's simulator: its API (in memory), its tracking page, its test control and its webhooks. */
function fakeshipSimulator({ secret, webhookUrl, log }: SimulatorContext): CarrierSimulator {
  const sender = createCourierWebhookSender(webhookUrl, log);
  let numbers = 0;
  async function move(awb: string, action: "advance" | "fail" | "deliver") {
    const parcel = byAwb(awb);
    if (!parcel) return undefined;
    const at = STEPS.indexOf(parcel.step as (typeof STEPS)[number]);
    const next = action === "fail" || at < 0 ? null : action === "deliver" ? "HANDED_OVER" : (STEPS[at + 1] ?? null);
    if (!next || parcel.step === next) return { ok: false };
    parcel.step = next;
    parcel.moves += 1;
    const body = { tracking_number: awb, state: next, seq: parcel.moves, when: new Date().toISOString() };
    await sender.send(JSON.stringify(body), { "x-fakeship-token": secret("webhook_token") });
    return { ok: true };
  }
  const routes: FastifyPluginAsync<{ control: SimulatorControl }> = async (app, { control }) => {
    const param = (params: unknown, name: string) => z.object({ [name]: z.string() }).parse(params)[name]!;
    app.addHook("onRequest", async (request, reply) => {
      const open = request.url.includes("/track/") || request.url.includes("/control/");
      if (!open && request.headers.authorization !== `Bearer ${secret("api_key")}`)
        await reply.status(401).send({ error: "bad key" });
    });
    app.post("/parcels", (request) => {
      const { reference } = z.object({ reference: z.string() }).parse(request.body);
      const parcel: FakeParcel = { id: `FSP${++numbers}`, reference, awb: null, step: "LABELLED", moves: 0 };
      fakeParcels.set(parcel.id, parcel);
      return { id: parcel.id };
    });
    app.post("/parcels/:id/awb", (request) => {
      const parcel = fakeParcels.get(param(request.params, "id"))!;
      parcel.awb = `FS${String(++numbers).padStart(8, "0")}`;
      return { awb: parcel.awb, service: "Fakeship Air" };
    });
    app.post("/parcels/:awb/cancel", (request) => {
      byAwb(param(request.params, "awb"))!.step = "CALLED_BACK";
      return { ok: true };
    });
    app.get("/track/:awb", (request, reply) => {
      const parcel = byAwb(param(request.params, "awb"));
      return parcel ? `Fakeship parcel ${parcel.awb}: ${parcel.step}` : reply.status(404).send("no such parcel");
    });
    app.post("/control/:awb", { onRequest: control }, async (request) => {
      const { action } = z.object({ action: z.enum(["advance", "deliver"]) }).parse(request.body);
      return (await move(param(request.params, "awb"), action)) ?? { ok: false };
    });
  };
  return {
    move,
    async tick() {
      let moved = 0;
      for (const parcel of fakeParcels.values()) if (parcel.awb && (await move(parcel.awb, "advance"))?.ok) moved += 1;
      return moved;
    },
    stepMinutes: 5,
    settled: () => sender.settled(),
    routes,
  };
}

const fakeship: CarrierPlugin = {
  name: "fakeship",
  title: "Fakeship",
  keys: "FAKESHIP_API_KEY",
  apiHost: () => "https://api.fakeship.example",
  real: () => null,
  simulated(context) {
    const { secret, baseUrl } = context;
    const webhookToken = secret("webhook_token");
    const provider = createFakeship({ baseUrl, apiKey: `Bearer ${secret("api_key")}`, webhookToken, simulated: true });
    return { provider, simulator: fakeshipSimulator(context) };
  },
};

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await createListeningTestApp({
    shippingCarriers: { plugins: [...SHIPPING_CARRIERS.plugins, fakeship], byMethod: { "india-express": "fakeship" } },
  });
  admin = (await newAdmin(app)).headers;
});
afterAll(async () => {
  for (const simulator of app.services.shipping.gateway.simulators.values()) await simulator.settled();
  await app.close();
});

const db = () => app.database.db;
const shipmentOf = async (orderId: number) =>
  (await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0]!;
const orderStatus = async (orderId: number) =>
  (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
async function paidOrder(shippingMethod: "india-standard" | "india-express") {
  const { order } = await insertOrder(app, { currency: "INR" });
  await db().update(orders).set({ shippingMethod }).where(eq(orders.id, order.id));
  return order;
}
async function book(orderId: number) {
  const res = await call(app, admin, "POST", "/api/admin/shipments", { order_ids: [orderId] });
  expect(res.statusCode, res.body).toBe(200);
  const [line] = (res.json() as ShipmentResults).results;
  expect(line, res.body).toMatchObject({ order_id: orderId, ok: true });
  return line!;
}

describe("a carrier registered in one line (decision 072)", () => {
  it("books its method's parcels, moves them by its webhooks and gives the shopper its tracking", async () => {
    const order = await paidOrder("india-express");
    const booked = await book(order.id);
    expect(booked).toMatchObject({ awb: expect.stringMatching(/^FS\d{8}$/), courier: "Fakeship Air" });
    const awb = booked.awb!;
    // The booking reached Fakeship's simulator, mounted under its name, and the parcel is recorded as its.
    expect(byAwb(awb)).toMatchObject({ reference: String(order.id), step: "LABELLED" });
    const trackingUrl = `${app.config.publicUrl}/sim/fakeship/track/${awb}`;
    expect(await shipmentOf(order.id)).toMatchObject({ provider: "fakeship", isTest: true, awb, trackingUrl });
    expect(await orderStatus(order.id)).toBe("shipped");

    // Its clock is one of the jobs: its webhook says the parcel was collected.
    const clock = storeJobs(db(), app.services, app.config.outboxEveryMs).find(
      (job) => job.name === "courier simulator clock (fakeship)",
    );
    expect(await clock?.run()).toBe(1);
    expect((await shipmentOf(order.id)).status).toBe("picked_up");
    // The back office's button moves it through the carrier that booked it.
    const moved = await call(app, admin, "POST", `/api/admin/orders/${order.id}/shipment/simulate`, {
      action: "advance",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().shipping).toMatchObject({ simulated: true, shipments: [{ status: "in_transit" }] });
    // Its control, mounted with its simulator, behind the install's simulator secret.
    const control = `/sim/fakeship/control/${awb}`;
    expect((await app.inject({ method: "POST", url: control, payload: { action: "deliver" } })).statusCode).toBe(401);
    const delivered = await app.inject({
      method: "POST",
      url: control,
      headers: await simulatorSecretHeader(app),
      payload: { action: "deliver" },
    });
    expect(delivered.json()).toEqual({ ok: true });
    expect((await shipmentOf(order.id)).status).toBe("delivered");
    expect(await orderStatus(order.id)).toBe("delivered");

    const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
    const page = await app.inject({ url: `/api/orders/${order.id}?token=${stored!.viewToken}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.tracking).toEqual({ awb, courier: "Fakeship Air", url: trackingUrl });
    expect((await app.inject({ url: trackingUrl.replace(app.config.publicUrl, "") })).body).toBe(
      `Fakeship parcel ${awb}: HANDED_OVER`,
    );
  });

  it("leaves the other methods with the carrier their row names", async () => {
    const order = await paidOrder("india-standard");
    await book(order.id);
    expect((await shipmentOf(order.id)).provider).toBe("shiprocket");
    expect([...fakeParcels.values()].some((p) => p.reference === String(order.id))).toBe(false);
  });

  it("has its webhook route, read by its own adapter, and no other carrier's", async () => {
    const awb = [...fakeParcels.values()][0]!.awb!;
    const post = (url: string, token: string, body: unknown) =>
      app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json", "x-fakeship-token": token },
        payload: JSON.stringify(body),
      });
    const token = secretsOf(await loadCarrierSimulatorSecrets(db()), "fakeship")("webhook_token");
    // A late event for the delivered parcel: recorded once, and it moves nothing back.
    const event = { tracking_number: awb, state: "MOVING", seq: 99, when: new Date().toISOString() };
    const forged = await post("/api/shipping/webhook/fakeship", "forged", event);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: "WEBHOOK_FORGED" });
    expect((await post("/api/shipping/webhook/fakeship", token, { state: "MOVING" })).statusCode).toBe(400);
    const genuine = await post("/api/shipping/webhook/fakeship", token, event);
    expect(genuine.json()).toEqual({ received: true, duplicate: false, applied: false });
    expect((await post("/api/shipping/webhook/fakeship", token, event)).json()).toMatchObject({ duplicate: true });
    // Shiprocket's path answers only Shiprocket's token; an unregistered carrier has no path.
    expect((await post("/api/shipping/webhook", "anything", event)).statusCode).toBe(401);
    expect((await post("/api/shipping/webhook/nobody", "anything", event)).statusCode).toBe(404);
  });

  it("is named in the startup summary, and no method may name a carrier nobody registers", () => {
    const { lines } = describeMode({
      config: app.config,
      database: { kind: "pglite", location: "memory" },
      demoSeededAt: null,
      gateway: app.services.payments.gateway,
      carriers: app.services.shipping.gateway.plugins,
    });
    const shipping = lines.find((line) => line.startsWith("shipping:  "));
    expect(shipping).toContain(
      "Shiprocket: courier SIMULATED (built-in simulator at /sim/shiprocket; no parcel moves)",
    );
    expect(shipping).toContain("Fakeship: courier SIMULATED (built-in simulator at /sim/fakeship; no parcel moves)");
    const registry = { plugins: SHIPPING_CARRIERS.plugins, byMethod: { "india-express": "fakeship" } };
    expect(() => createShippingGateway(app.config, db(), silentLog, undefined, registry)).toThrow(
      'shipping method india-express names carrier "fakeship", which no adapter registers',
    );
  });
});
