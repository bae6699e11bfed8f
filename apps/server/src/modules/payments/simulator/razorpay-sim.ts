import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { basicAuth } from "../http";
import { hmacHex, razorpayPaymentSignature } from "../signatures";
import type { SimulatorCredentials } from "./credentials";
import type { Outages } from "./outages";
import { SimulatorRecords } from "./records";
import { simulatedId, unixNow } from "./store";
import type { WebhookSender } from "./webhooks";

interface SimOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}
interface SimPayment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "captured" | "failed" | "refunded";
  order_id: string;
  method: "card";
  captured: boolean;
  amount_refunded: number;
  refund_status: "full" | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

const orderBody = z.object({
  amount: z.number().int().min(100),
  currency: z.enum(["INR", "USD"]),
  receipt: z.string().max(40).optional(),
  notes: z.record(z.string(), z.string()).optional(),
});
const refundBody = z.object({ amount: z.number().int().positive().optional() }).loose();
const idParams = z.object({ id: z.string() });
const refundParams = z.object({ id: z.string(), refundId: z.string() });

interface SimRefund {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  status: "pending" | "processed";
  created_at: number;
}

/** Razorpay's error body: `{ error: { code, description, ... } }`. */
function fail(reply: FastifyReply, status: number, description: string) {
  return reply.status(status).send({
    error: {
      code: "BAD_REQUEST_ERROR",
      description,
      source: "business",
      step: "payment_initiation",
      reason: "input_validation_failed",
      metadata: {},
    },
  });
}

/** A Razorpay-compatible API (orders, payments, capture, refunds) and the endpoints behind the checkout widget. */
export const razorpaySimulator: FastifyPluginAsync<{
  db: Db;
  sender: WebhookSender;
  outages: Outages;
  credentials: SimulatorCredentials;
}> = async (app, { db, sender, outages, credentials }) => {
  const KEYS = credentials.razorpay;
  const widgetBody = z.object({ key_id: z.literal(KEYS.keyId), order_id: z.string() });
  const orders = new SimulatorRecords<SimOrder>(db, "razorpay", "order");
  const payments = new SimulatorRecords<SimPayment>(db, "razorpay", "payment");
  const refunds = new SimulatorRecords<SimRefund>(db, "razorpay", "refund");
  const auth = basicAuth(KEYS.keyId, KEYS.keySecret);
  const authorised = (request: FastifyRequest) => request.headers.authorization === auth;
  const id = (request: FastifyRequest) => idParams.parse(request.params).id;

  function sendWebhooks(order: SimOrder, payment: SimPayment): void {
    // One successful payment: payment.captured, then order.paid (both report the same capture).
    const events = payment.status === "failed" ? ["payment.failed"] : ["payment.captured", "order.paid"];
    for (const event of events) {
      const body = JSON.stringify({
        entity: "event",
        account_id: "acc_simulator",
        event,
        contains: event === "order.paid" ? ["payment", "order"] : ["payment"],
        payload: { payment: { entity: payment }, ...(event === "order.paid" && { order: { entity: order } }) },
        created_at: unixNow(),
      });
      sender.send("razorpay", body, {
        "x-razorpay-signature": hmacHex(body, KEYS.webhookSecret),
        "x-razorpay-event-id": simulatedId("evt_"),
      });
    }
  }

  /**
   * What the customer does in the widget: pay (captured at once, as with automatic capture) or be declined.
   * The order is locked meanwhile, so two replicas cannot both take a payment for it; the webhooks go once
   * the payment is stored. Undefined: no such order; null: it is paid already.
   */
  async function attempt(orderId: string, outcome: "captured" | "failed") {
    const made = await orders.change(orderId, async (order, tx) => {
      if (outcome === "captured" && order.status === "paid") return null;
      const payment = paymentFor(order, outcome);
      await payments.insert(payment.id, payment, { tx, parentId: order.id });
      return { order, payment };
    });
    if (made) sendWebhooks(made.order, made.payment);
    return made;
  }

  /** The payment of one attempt, and the order as the attempt leaves it. */
  function paymentFor(order: SimOrder, outcome: "captured" | "failed"): SimPayment {
    order.attempts += 1;
    const failed = outcome === "failed";
    const payment: SimPayment = {
      id: simulatedId("pay_"),
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: outcome,
      order_id: order.id,
      method: "card",
      captured: !failed,
      amount_refunded: 0,
      refund_status: null,
      error_code: failed ? "BAD_REQUEST_ERROR" : null,
      error_description: failed ? "Payment failed (simulated card decline)." : null,
      created_at: unixNow(),
    };
    if (failed) order.status = "attempted";
    else Object.assign(order, { status: "paid", amount_paid: order.amount, amount_due: 0 });
    return payment;
  }

  app.addHook("preHandler", async (request, reply) => {
    if (request.url.includes("/v1/") && !authorised(request)) return fail(reply, 401, "Authentication failed");
  });

  app.post("/v1/orders", async (request, reply) => {
    const body = orderBody.safeParse(request.body);
    if (!body.success) return fail(reply, 400, body.error.issues[0]?.message ?? "The order is not valid.");
    const { amount, currency, receipt, notes } = body.data;
    const order: SimOrder = {
      id: simulatedId("order_"),
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: receipt ?? null,
      status: "created",
      attempts: 0,
      notes: notes ?? {},
      created_at: unixNow(),
    };
    return orders.insert(order.id, order);
  });

  app.get(
    "/v1/orders/:id",
    async (request, reply) => (await orders.get(id(request))) ?? fail(reply, 400, "The id provided does not exist"),
  );

  app.get("/v1/orders/:id/payments", async (request) => {
    const items = await payments.children(id(request));
    return { entity: "collection", count: items.length, items };
  });

  app.get(
    "/v1/payments/:id",
    async (request, reply) => (await payments.get(id(request))) ?? fail(reply, 400, "The id provided does not exist"),
  );

  app.post("/v1/payments/:id/capture", async (request, reply) => {
    const payment = await payments.get(id(request));
    if (!payment) return fail(reply, 400, "The id provided does not exist");
    // Every simulated payment is captured when made; capturing again is Razorpay's error.
    return fail(
      reply,
      400,
      payment.status === "captured" ? "This payment has already been captured" : `This payment is ${payment.status}`,
    );
  });

  app.post("/v1/payments/:id/refund", async (request, reply) => {
    if (outages.refundFails())
      return reply.status(503).send({
        error: { code: "SERVER_ERROR", description: "The server is temporarily unavailable (simulated outage)." },
      });
    const body = refundBody.safeParse(request.body ?? {});
    // Locked while it is checked and changed: two refunds at once (from two replicas) cannot both pass the check.
    const refund = await payments.change(id(request), async (payment, tx) => {
      const amount = (body.success && body.data.amount) || payment.amount - payment.amount_refunded;
      if (payment.status !== "captured" || amount > payment.amount - payment.amount_refunded) return null;
      payment.amount_refunded += amount;
      if (payment.amount_refunded === payment.amount)
        Object.assign(payment, { status: "refunded", refund_status: "full" });
      const made: SimRefund = {
        id: simulatedId("rfnd_"),
        entity: "refund",
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        status: outages.refundPends() ? "pending" : "processed",
        created_at: unixNow(),
      };
      return refunds.insert(made.id, made, { tx, parentId: payment.id });
    });
    if (refund === undefined) return fail(reply, 400, "The id provided does not exist");
    return refund ?? fail(reply, 400, "The payment has been fully refunded already");
  });

  // A pending refund is made by the time the store asks about it again (as a bank's slow refund would be).
  app.get("/v1/payments/:id/refunds/:refundId", async (request, reply) => {
    const { id: paymentId, refundId } = refundParams.parse(request.params);
    const refund = await refunds.change(refundId, (refund) => {
      if (refund.payment_id !== paymentId) return null;
      refund.status = "processed";
      return refund;
    });
    return refund ?? fail(reply, 400, "The id provided does not exist");
  });

  // The widget's buttons (browser, no secret: the public key_id identifies the merchant, as in Razorpay's checkout).
  app.post("/checkout/pay", async (request, reply) => {
    const body = widgetBody.safeParse(request.body);
    const made = body.success ? await attempt(body.data.order_id, "captured") : undefined;
    if (made === undefined) return fail(reply, 400, "Unknown key or order.");
    if (made === null) return fail(reply, 400, "This order has already been paid.");
    const { order, payment } = made;
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: razorpayPaymentSignature(order.id, payment.id, KEYS.keySecret),
    };
  });

  app.post("/checkout/fail", async (request, reply) => {
    const body = widgetBody.safeParse(request.body);
    const made = body.success ? await attempt(body.data.order_id, "failed") : undefined;
    if (!made) return fail(reply, 400, "Unknown key or order.");
    const { order, payment } = made;
    return {
      error: {
        code: "BAD_REQUEST_ERROR",
        description: payment.error_description,
        source: "customer",
        step: "payment_authorization",
        reason: "payment_failed",
        metadata: { order_id: order.id, payment_id: payment.id },
      },
    };
  });
};
