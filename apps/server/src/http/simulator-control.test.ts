import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../email/tables";
import { newShopper, tokenHeader } from "../modules/accounts/test-support";
import { newAdmin, newStaff } from "../modules/admin/test-support";
import { cartReminders } from "../modules/cart/tables";
import { createListeningTestApp } from "../modules/checkout/test-support";
import { shippingSimulatorRecords } from "../modules/shipping/simulator/tables";
import { simulatorSecretHeader } from "../testing/test-app";
import { whatsappSimulatorMessages } from "../whatsapp/simulator/tables";
import { SIMULATOR_SECRET_HEADER } from "./simulator-control";

/**
 * Every `/sim/...` route is either a provider's own side, open as the real provider's is (its keyed API, its
 * checkout widget and buttons, its tracking page and label files), or a control no provider offers strangers.
 * The controls are found by listing the app's routes, so a control added later is checked here too.
 */
const PROVIDER_SIDE = [
  /^\/sim\/(razorpay|paypal)\//, // keyed APIs (Basic auth, OAuth) and the checkout widgets with their buttons
  /^\/sim\/shiprocket\/(?!control\/)/, // the API behind its token, the label files and the tracking page
  /^\/sim\/dhl-express\/(?!control\/)/, // the MyDHL API behind its key and secret (Basic auth)
  /^\/sim\/whatsapp\/:version\/:phoneNumberId\/messages$/, // the Cloud API behind its bearer token
];

/** The app's routes as `printRoutes` draws them: one tree line per path segment, its methods in brackets. */
function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const path: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const drawn = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!drawn) continue;
    path.length = (drawn[1] ?? "").length / 4;
    path.push(drawn[2] ?? "");
    const url = path.join("").replace(/\/+/g, "/");
    for (const method of drawn[3]?.split(", ") ?? []) if (method !== "HEAD") routes.push({ method, url });
  }
  return routes;
}

let app: FastifyInstance;
let controls: { method: string; url: string }[];
beforeAll(async () => {
  app = await createListeningTestApp();
  controls = routesOf(app).filter(
    ({ url }) => url.startsWith("/sim/") && !PROVIDER_SIDE.some((pattern) => pattern.test(url)),
  );
});
afterAll(() => app.close());

const PAYLOADS: Record<string, unknown> = {
  "/sim/outages": { refunds: 5 },
  "/sim/whatsapp/outages": { failures: 5 },
  "/sim/shiprocket/control/shipments/:awb": { action: "advance" },
  "/sim/dhl-express/control/shipments/:awb": { action: "advance" },
  "/sim/dhl-express/control/outage": { down: true },
  "/sim/jobs/cart-reminders": { now: new Date(Date.now() + 30 * 3_600_000).toISOString() },
};

const ask = (route: { method: string; url: string }, headers: Record<string, string>) =>
  app.inject({
    method: route.method as "GET" | "POST",
    url: route.url.replace(/:number/, "919829041234").replace(/:\w+/g, "1"),
    headers,
    ...(route.method === "POST" && { payload: PAYLOADS[route.url] ?? {} }),
  });

async function state() {
  const db = app.database.db;
  const rows = async (table: Parameters<ReturnType<typeof db.select>["from"]>[0]) =>
    (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    mail: await rows(emailOutbox),
    reminders: await rows(cartReminders),
    phones: await db.select().from(whatsappSimulatorMessages),
    parcels: await db.select().from(shippingSimulatorRecords),
  };
}

describe("the simulators' controls", () => {
  it("are the outages, the courier's moves, a phone's messages and the reminder clock", () => {
    expect(controls.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      "GET /sim/whatsapp/phones/:number/messages",
      "POST /sim/dhl-express/control/outage",
      "POST /sim/dhl-express/control/shipments/:awb",
      "POST /sim/jobs/cart-reminders",
      "POST /sim/jobs/pay-now",
      "POST /sim/outages",
      "POST /sim/shiprocket/control/shipments/:awb",
      "POST /sim/whatsapp/messages/:id/read",
      "POST /sim/whatsapp/outages",
    ]);
  });

  it("are refused to a stranger (401), a shopper, staff and a wrong secret (403), changing nothing", async () => {
    const shopper = tokenHeader((await newShopper(app)).token);
    const staff = (await newStaff(app, (await newAdmin(app)).headers)).headers;
    const before = await state();
    for (const route of controls) {
      const stranger = await ask(route, {});
      expect(stranger.statusCode, route.url).toBe(401);
      expect(stranger.json()).toMatchObject({ code: "LOGIN_REQUIRED", errors: [] });
      for (const headers of [shopper, staff, { [SIMULATOR_SECRET_HEADER]: "guessed" }])
        expect((await ask(route, headers)).statusCode, `${route.url} ${Object.keys(headers)}`).toBe(403);
    }
    expect(await state()).toEqual(before);
    // No outage was set: the next refund and the next WhatsApp send are not failed on purpose.
    expect(app.paymentSimulator?.outages.refundFails()).toBe(false);
    await expect(
      app.services.whatsapp.sender.send({
        to: "919829077777",
        template: "order_confirmed",
        language: "en",
        parameters: ["1024", "₹1,000", "link"],
      }),
    ).resolves.toBeTruthy();
  });

  it("open to the owner's session and to this install's secret", async () => {
    const owner = (await newAdmin(app)).headers;
    const secret = await simulatorSecretHeader(app);
    const phone = controls.find((route) => route.url.startsWith("/sim/whatsapp/phones/"))!;
    for (const headers of [owner, secret]) expect((await ask(phone, headers)).statusCode).toBe(200);
  });

  it("leave the providers' public side open, as the real ones are", async () => {
    expect((await app.inject({ url: "/sim/razorpay/checkout.js" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/sim/shiprocket/tracking/NO-SUCH-AWB" })).statusCode).toBe(404);
    const widget = await app.inject({
      method: "POST",
      url: "/sim/razorpay/checkout/pay",
      payload: { key_id: "rzp_test_simulator", order_id: "order_unknown" },
    });
    expect(widget.statusCode).toBe(400);
    expect(widget.json()).toMatchObject({ error: { description: "Unknown key or order." } });
  });
});
