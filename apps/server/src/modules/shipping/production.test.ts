import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { silentLog } from "../../log";
import { createTestApp } from "../../testing/test-app";
import { call, insertOrder, newAdmin } from "../admin/test-support";
import { createShippingGateway } from "./gateway";
import { carrierSimulatorSecrets } from "./registry";

describe("which courier the store uses (config)", () => {
  it("uses Shiprocket with an account (base URL configurable), the simulator without one, and none in production", () => {
    const real = loadConfig({
      NODE_ENV: "development",
      SHIPPING_EMAIL: "seller@example.in",
      SHIPPING_PASSWORD: "pw",
      SHIPPING_BASE_URL: "http://localhost:9999/v1/external/",
    });
    expect(real.shipping).toMatchObject({ baseUrl: "http://localhost:9999/v1/external", pickupPincode: "302022" });
    const credentials = carrierSimulatorSecrets("an install's secret");
    // The gateway never touches the database unless the simulator moves a parcel.
    const db = undefined as never;
    const gateway = createShippingGateway(real, db, silentLog, credentials);
    expect(gateway.provider?.simulated).toBe(false);
    expect(gateway.simulator).toBeNull();
    expect(
      createShippingGateway(loadConfig({ NODE_ENV: "development" }), db, silentLog, credentials).provider?.simulated,
    ).toBe(true);
    expect(createShippingGateway(loadConfig({ NODE_ENV: "production" }), db, silentLog).provider).toBeNull();
    // DHL Express likewise: real with its keys, its simulator in development, nothing in production.
    const dhl = loadConfig({
      NODE_ENV: "production",
      DHL_API_KEY: "key",
      DHL_API_SECRET: "secret",
      DHL_ACCOUNT_NUMBER: "530000001",
    });
    expect(createShippingGateway(dhl, db, silentLog).carrierFor("international-express")?.simulated).toBe(false);
    expect(
      createShippingGateway(loadConfig({ NODE_ENV: "development" }), db, silentLog, credentials).carrierFor(
        "international-standard",
      )?.simulated,
    ).toBe(true);
    const production = createShippingGateway(loadConfig({ NODE_ENV: "production" }), db, silentLog, credentials);
    expect(production.carrierFor("international-express")).toBeNull();
    expect(production.simulators.size).toBe(0);
    expect(() => loadConfig({ SHIPPING_PICKUP_PINCODE: "12345" })).toThrow(/SHIPPING_PICKUP_PINCODE/);
  });
});

describe("production without a courier account", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const production = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent" });
    app = await createTestApp({ config: { env: "production", simulator: production.simulator } });
  });
  afterAll(() => app.close());

  it("serves no courier simulator and refuses shipments and webhooks with a clear 503", async () => {
    for (const url of [
      "/sim/shiprocket/auth/login",
      "/sim/shiprocket/courier/assign/awb",
      "/sim/dhl-express/shipments",
      "/sim/dhl-express/control/outage",
    ])
      expect((await app.inject({ method: "POST", url, payload: {} })).statusCode).toBe(404);
    const admin = (await newAdmin(app)).headers;
    const { order } = await insertOrder(app);
    const res = await call(app, admin, "POST", "/api/admin/shipments", { order_ids: [order.id] });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: "SHIPPING_NOT_CONFIGURED" });
    const hook = await app.inject({
      method: "POST",
      url: "/api/shipping/webhook",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(hook.statusCode).toBe(503);
    const detail = await call(app, admin, "GET", `/api/admin/orders/${order.id}`);
    expect(detail.json().shipping).toEqual({ shipments: [], simulated: false });
  });
});
