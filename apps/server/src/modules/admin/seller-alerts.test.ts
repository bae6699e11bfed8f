import type { FastifyInstance } from "fastify";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../email/tables";
import { uniqueEmail } from "../accounts/test-support";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import { createListeningTestApp, paidCardOrder, verifyPayment, webhooksSettled } from "../checkout/test-support";
import { call, newAdmin } from "./test-support";

let app: FastifyInstance;
let variant: PickedVariant;
let owner: Record<string, string>;
const alertsTo = uniqueEmail("seller");

beforeAll(async () => {
  app = await createListeningTestApp();
  const [picked] = await pickVariants(app, { minStock: 10 });
  if (!picked) throw new Error("no variant");
  variant = picked;
  owner = (await newAdmin(app)).headers;
});
afterAll(async () => {
  await webhooksSettled(app);
  await app.close();
});

const settings = (orders: boolean, queries: boolean) =>
  call(app, owner, "PUT", "/api/admin/settings", {
    alert_email: alertsTo,
    alert_new_orders: orders,
    alert_new_queries: queries,
  });

const alertsAbout = (subject: string) =>
  app.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, alertsTo), like(emailOutbox.subject, subject)));

/** A card order paid through the simulator's widget: the browser's verify call and the provider's webhook both arrive. */
async function paidCardOrderSettled(): Promise<number> {
  const { orderId, verify } = await paidCardOrder(app, [{ variant }]);
  // And once more, as a browser retrying would.
  expect((await verifyPayment(app, verify)).statusCode).toBe(200);
  await webhooksSettled(app);
  return orderId;
}

const query = (name: string) =>
  app.inject({
    method: "POST",
    url: "/api/create-query/",
    payload: {
      name,
      email: "meera@example.in",
      country_code: "+91",
      mobile_number: "9829041234",
      query: "Do you ship to Pune?",
    },
    remoteAddress: "198.51.100.7",
  });

describe("seller alerts through the outbox", () => {
  it("writes one alert per placed order, whatever the verify calls and webhooks replayed", async () => {
    expect((await settings(true, true)).statusCode).toBe(200);
    const orderId = await paidCardOrderSettled();
    const alerts = await alertsAbout(`%New order #${orderId}:%`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain(`/admin/orders/${orderId}`);
    expect(alerts[0]?.subject).toContain("paid online");
  });

  it("writes none when the order alert is switched off", async () => {
    expect((await settings(false, true)).statusCode).toBe(200);
    const orderId = await paidCardOrderSettled();
    expect(await alertsAbout(`%New order #${orderId}:%`)).toHaveLength(0);
  });

  it("alerts a new contact query once, and not when switched off", async () => {
    expect((await settings(true, true)).statusCode).toBe(200);
    const on = await query("Meera Alert On");
    expect(on.statusCode, on.body).toBe(201);
    expect(await alertsAbout(`New query #${on.json().id} from Meera Alert On`)).toHaveLength(1);

    expect((await settings(true, false)).statusCode).toBe(200);
    const off = await query("Meera Alert Off");
    expect(off.statusCode).toBe(201);
    expect(await alertsAbout(`%Meera Alert Off%`)).toHaveLength(0);
  });
});
