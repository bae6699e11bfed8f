import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../testing/test-app";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  countRows,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  storedOrder,
  webhooksSettled,
} from "../checkout/test-support";
import { hmacHex } from "./signatures";
import { loadSimulatorCredentials } from "./simulator/credentials";
import { transmissionSignature } from "./simulator/paypal-sim";

/** What every install used to sign with: published in the repository, so anyone could. */
const PUBLISHED = {
  razorpayWebhookSecret: "simulator_razorpay_webhook_secret",
  razorpayKeySecret: "simulator_razorpay_key_secret",
  paypalClientSecret: "simulator-paypal-client-secret",
  paypalTransmissionKey: "simulator-paypal-transmission-key",
};

let app: FastifyInstance;
let variant: PickedVariant;
beforeAll(async () => {
  app = await createListeningTestApp();
  const [picked] = await pickVariants(app, { minStock: 10 });
  if (!picked) throw new Error("no variant");
  variant = picked;
});
afterAll(async () => {
  await webhooksSettled(app);
  await app.close();
});

async function pendingOrder(method: "razorpay" | "paypal") {
  const currency = method === "razorpay" ? "INR" : "USD";
  const cartId = await fillCart(app, [{ variant }], currency);
  const total = pageTotal([{ variant }], currency);
  const res = await createOrder(app, orderBody(cartId, method, currency, method === "razorpay" ? total * 100 : total));
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return method === "razorpay"
    ? { providerOrderId: body.data.data.id as string, orderId: body.data.order_id as number, amount: total * 100 }
    : { providerOrderId: body.id as string, orderId: body.order_id as number, amount: total };
}

describe("the payment simulator's secrets belong to the install", () => {
  it("refuses a Razorpay webhook signed with the once-published secret; the order stays unpaid", async () => {
    const { providerOrderId, orderId, amount } = await pendingOrder("razorpay");
    const rows = await countRows(app);
    const payload = JSON.stringify({
      entity: "event",
      account_id: "acc_attacker",
      event: "payment.captured",
      contains: ["payment"],
      created_at: 1_800_000_000,
      payload: {
        payment: {
          entity: {
            id: "pay_SELFSIGNED",
            entity: "payment",
            order_id: providerOrderId,
            amount,
            currency: "INR",
            status: "captured",
            method: "upi",
          },
        },
      },
    });
    const res = await app.inject({
      method: "POST",
      url: "/api/webhooks/razorpay",
      payload,
      headers: {
        "content-type": "application/json",
        "x-razorpay-signature": hmacHex(payload, PUBLISHED.razorpayWebhookSecret),
        "x-razorpay-event-id": "evt_selfsigned",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("INVALID_SIGNATURE");
    expect((await storedOrder(app, orderId)).order.status).toBe("pending_payment");
    expect(await countRows(app)).toEqual(rows);
  });

  it("refuses a PayPal webhook signed with the once-published transmission key", async () => {
    const { providerOrderId, orderId, amount } = await pendingOrder("paypal");
    const event = JSON.stringify({
      id: "WH-SELFSIGNED",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: {
        id: "CAPTURE-SELFSIGNED",
        status: "COMPLETED",
        amount: { currency_code: "USD", value: amount.toFixed(2) },
        custom_id: String(orderId),
        supplementary_data: { related_ids: { order_id: providerOrderId } },
      },
    });
    const transmissionId = "c0ffee00-1111-2222-3333-444455556666";
    const time = new Date().toISOString();
    const res = await app.inject({
      method: "POST",
      url: "/api/webhooks/paypal",
      payload: event,
      headers: {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": "https://api.paypal.com/cert",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": time,
        "paypal-transmission-sig": transmissionSignature(
          PUBLISHED.paypalTransmissionKey,
          transmissionId,
          time,
          "WH-SIMULATOR",
          event,
        ),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("INVALID_SIGNATURE");
    expect((await storedOrder(app, orderId)).order.status).toBe("pending_payment");
  });

  it("is generated once per install, read back by every replica, and differs between installs", async () => {
    const mine = app.paymentSimulator?.credentials;
    expect(mine).toBeDefined();
    // Another replica of this install (same database) signs and checks with the same secrets.
    expect(await loadSimulatorCredentials(app.database.db)).toEqual(mine);
    const secrets = [
      mine?.razorpay.keySecret,
      mine?.razorpay.webhookSecret,
      mine?.paypal.clientSecret,
      mine?.paypal.transmissionKey,
    ];
    expect(new Set(secrets).size).toBe(4);
    for (const published of Object.values(PUBLISHED)) expect(secrets).not.toContain(published);

    const otherInstall = await openTestDatabase();
    try {
      expect((await loadSimulatorCredentials(otherInstall.db)).razorpay.webhookSecret).not.toBe(
        mine?.razorpay.webhookSecret,
      );
    } finally {
      await otherInstall.close();
    }
  });
});
