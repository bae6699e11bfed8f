import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickVariants, type PickedVariant } from "../cart/test-support";
import {
  countRows,
  createListeningTestApp,
  createOrder,
  fillCart,
  orderBody,
  pageTotal,
  stockOf,
  storedOrder,
  webhooksSettled,
} from "../checkout/test-support";
import { hmacHex } from "./signatures";

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

/** This install's simulated Razorpay webhook secret. */
const webhookSecret = () => app.paymentSimulator?.credentials.razorpay.webhookSecret ?? "";

/** A Razorpay event as Razorpay sends it, signed with the (simulator's) webhook secret unless told otherwise. */
function razorpayEvent(
  event: string,
  payment: { id: string; order_id: string; amount: number; currency?: string; status?: string },
  eventId: string,
  secret: string = webhookSecret(),
) {
  const payload = JSON.stringify({
    entity: "event",
    account_id: "acc_test",
    event,
    contains: ["payment"],
    created_at: 1_800_000_000,
    payload: {
      payment: { entity: { entity: "payment", currency: "INR", status: "captured", method: "upi", ...payment } },
    },
  });
  return {
    method: "POST" as const,
    url: "/api/webhooks/razorpay",
    payload,
    headers: {
      "content-type": "application/json",
      "x-razorpay-signature": hmacHex(payload, secret),
      "x-razorpay-event-id": eventId,
    },
  };
}

async function pendingCardOrder() {
  const cartId = await fillCart(app, [{ variant }], "INR");
  const amount = pageTotal([{ variant }], "INR") * 100;
  const res = await createOrder(app, orderBody(cartId, "razorpay", "INR", amount));
  expect(res.statusCode).toBe(200);
  return { amount, rzpOrderId: res.json().data.data.id as string, orderId: res.json().data.order_id as number };
}

describe("POST /api/webhooks/razorpay", () => {
  it("marks the order paid once; a replayed delivery answers 200 and changes nothing", async () => {
    const { amount, rzpOrderId, orderId } = await pendingCardOrder();
    const held = await stockOf(app, variant);
    const rows = await countRows(app);
    const captured = razorpayEvent(
      "payment.captured",
      { id: "pay_WEBHOOKTEST001", order_id: rzpOrderId, amount },
      "evt_replay_1",
    );

    const first = await app.inject(captured);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await app.inject(captured);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // order.paid reports the same capture under another event id: recorded, nothing else.
    expect(
      (
        await app.inject(
          razorpayEvent("order.paid", { id: "pay_WEBHOOKTEST001", order_id: rzpOrderId, amount }, "evt_replay_2"),
        )
      ).statusCode,
    ).toBe(200);

    expect((await countRows(app)).webhookEvents).toBe(rows.webhookEvents + 2);
    const stored = await storedOrder(app, orderId);
    expect(stored.order.status).toBe("paid");
    expect(stored.payment).toMatchObject({ status: "captured", providerPaymentId: "pay_WEBHOOKTEST001" });
    expect(stored.events.filter((e) => e.toStatus === "paid")).toHaveLength(1);
    // Taken once, when the order was created (held), and not again when it is paid.
    expect(await stockOf(app, variant)).toBe(held);
  });

  it("refuses a bad signature with 400 and records nothing", async () => {
    const { amount, rzpOrderId, orderId } = await pendingCardOrder();
    const rows = await countRows(app);
    const forged = razorpayEvent(
      "payment.captured",
      { id: "pay_FORGED", order_id: rzpOrderId, amount },
      "evt_forged",
      "not-the-secret",
    );
    const res = await app.inject(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "The webhook signature is not valid.",
      code: "INVALID_SIGNATURE",
      errors: [],
    });
    const { "x-razorpay-signature": _dropped, ...unsigned } = forged.headers;
    expect((await app.inject({ ...forged, headers: unsigned })).statusCode).toBe(400);
    const notJson = "{not json";
    expect(
      (
        await app.inject({
          ...forged,
          payload: notJson,
          headers: { ...forged.headers, "x-razorpay-signature": hmacHex(notJson, webhookSecret()) },
        })
      ).statusCode,
    ).toBe(400);
    expect(await countRows(app)).toEqual(rows);
    expect((await storedOrder(app, orderId)).order.status).toBe("pending_payment");
  });

  it("never marks paid a capture whose amount differs from the order's", async () => {
    const { amount, rzpOrderId, orderId } = await pendingCardOrder();
    const res = await app.inject(
      razorpayEvent("payment.captured", { id: "pay_SHORT", order_id: rzpOrderId, amount: amount - 100 }, "evt_short"),
    );
    expect(res.statusCode).toBe(200);
    expect((await storedOrder(app, orderId)).order.status).toBe("pending_payment");
  });

  it("records events it does not act on, and captures for orders it does not know", async () => {
    const rows = await countRows(app);
    expect(
      (
        await app.inject(
          razorpayEvent(
            "payment.failed",
            { id: "pay_F", order_id: "order_X", amount: 100, status: "failed" },
            "evt_failed",
          ),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject(
          razorpayEvent("payment.captured", { id: "pay_U", order_id: "order_UNKNOWN", amount: 100 }, "evt_unknown"),
        )
      ).statusCode,
    ).toBe(200);
    expect((await countRows(app)).webhookEvents).toBe(rows.webhookEvents + 2);
  });
});
