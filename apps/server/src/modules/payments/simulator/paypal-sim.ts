import { createHmac, randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { decimalText } from "@store/shared";
import type { Db, Tx } from "../../../db/client";
import { basicAuth } from "../http";
import { sameSignature } from "../signatures";
import type { SimulatorCredentials } from "./credentials";
import type { Outages } from "./outages";
import { SimulatorRecords } from "./records";
import { paypalId, simulatedId } from "./store";
import type { WebhookSender } from "./webhooks";

const amountSchema = z.object({ currency_code: z.enum(["INR", "USD"]), value: z.string().regex(/^\d+(\.\d{2})?$/) });
const orderBody = z.object({
  intent: z.literal("CAPTURE"),
  purchase_units: z
    .array(
      z.object({ reference_id: z.string().optional(), custom_id: z.string().optional(), amount: amountSchema }).loose(),
    )
    .length(1),
});
const verifyBody = z.object({
  auth_algo: z.string(),
  cert_url: z.string(),
  transmission_id: z.string(),
  transmission_sig: z.string(),
  transmission_time: z.string(),
  webhook_id: z.string(),
  webhook_event: z.unknown(),
});
const idParams = z.object({ id: z.string() });

type Amount = z.infer<typeof amountSchema>;
const refundBody = z.object({ amount: amountSchema.optional() }).loose();
const minorOf = (amount: Amount) => Math.round(Number(amount.value) * 100);
interface SimRefund {
  id: string;
  status: "PENDING" | "COMPLETED";
  amount: Amount;
  create_time: string;
}
interface SimCapture {
  id: string;
  status: "COMPLETED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amount: Amount;
  /** Minor units refunded so far (the simulator's own bookkeeping; PayPal shows it as the capture's status). */
  refunded_minor?: number;
  final_capture: true;
  custom_id?: string;
  create_time: string;
  orderId: string;
}
interface SimOrder {
  id: string;
  intent: "CAPTURE";
  status: "CREATED" | "APPROVED" | "COMPLETED";
  create_time: string;
  purchase_units: { reference_id?: string; custom_id?: string; amount: Amount }[];
  payer?: { payer_id: string; email_address: string };
  /** Its capture is a record of its own (a refund changes the capture, which the order then shows). */
  captureId?: string;
}

/** The signature of a simulated transmission: PayPal's message layout, signed with a shared key instead of a certificate. */
export function transmissionSignature(
  key: string,
  transmissionId: string,
  time: string,
  webhookId: string,
  body: string,
): string {
  return createHmac("sha256", key)
    .update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`)
    .digest("base64");
}

function fail(reply: FastifyReply, status: number, name: string, issue: string, description: string) {
  return reply.status(status).send({
    name,
    message: description,
    details: [{ issue, description }],
    debug_id: simulatedId("", 13).toLowerCase(),
  });
}

/** A PayPal-compatible API (OAuth2, Orders v2, capture, refunds, webhook verification) and the buttons' approval. */
export const paypalSimulator: FastifyPluginAsync<{
  db: Db;
  sender: WebhookSender;
  outages: Outages;
  credentials: SimulatorCredentials;
}> = async (app, { db, sender, outages, credentials }) => {
  const KEYS = credentials.paypal;
  const orders = new SimulatorRecords<SimOrder>(db, "paypal", "order");
  const captures = new SimulatorRecords<SimCapture>(db, "paypal", "capture");
  // In the database like the rest, so a token one replica issued is accepted by every other.
  const tokens = new SimulatorRecords<true>(db, "paypal", "token");
  const byRequestId = new SimulatorRecords<unknown>(db, "paypal", "request");
  const refunds = new SimulatorRecords<SimRefund>(db, "paypal", "refund");
  const id = (request: FastifyRequest) => idParams.parse(request.params).id;
  const requestId = (request: FastifyRequest) => request.headers["paypal-request-id"]?.toString();

  /** The Orders v2 body: the capture, once made, under purchase_units[0].payments.captures. */
  const view = (order: SimOrder, capture?: SimCapture) => {
    const { captureId: _captureId, purchase_units, ...rest } = order;
    const captured = capture && {
      payments: {
        captures: [
          {
            id: capture.id,
            status: capture.status,
            amount: capture.amount,
            final_capture: true,
            custom_id: capture.custom_id,
            create_time: capture.create_time,
          },
        ],
      },
    };
    return {
      ...rest,
      purchase_units: purchase_units.map((unit, i) => ({ ...unit, ...(i === 0 && captured) })),
      links: [{ href: `/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" }],
    };
  };

  /**
   * A repeated PayPal-Request-Id answers what the first request answered (a refusal, null, is not kept).
   * The id is claimed first in the caller's transaction: a second request with it, on any replica, waits
   * for the first to commit and then reads its answer.
   */
  async function once<T>(tx: Tx, key: string | undefined, make: () => Promise<T | null>): Promise<T | null> {
    if (!key) return make();
    if (!(await byRequestId.claim(key, {}, tx))) return (await byRequestId.get(key, tx)) as T;
    const answer = await make();
    if (answer === null) await byRequestId.delete(key, tx);
    else await byRequestId.save(key, answer, tx);
    return answer;
  }

  /** PAYMENT.CAPTURE.COMPLETED to our webhook, signed as PayPal signs (with a shared key for the certificate). */
  function sendCaptureCompleted(order: SimOrder, capture: SimCapture): void {
    const event = JSON.stringify({
      id: `WH-${paypalId()}`,
      event_version: "1.0",
      create_time: capture.create_time,
      resource_type: "capture",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      summary: `Payment completed for ${capture.amount.currency_code} ${capture.amount.value}`,
      resource: {
        id: capture.id,
        status: "COMPLETED",
        amount: capture.amount,
        final_capture: true,
        custom_id: capture.custom_id,
        supplementary_data: { related_ids: { order_id: order.id } },
        create_time: capture.create_time,
      },
    });
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    sender.send("paypal", event, {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": "https://api.paypal.com/v1/notifications/certs/CERT-SIMULATOR",
      "paypal-transmission-id": transmissionId,
      "paypal-transmission-time": time,
      "paypal-transmission-sig": transmissionSignature(
        KEYS.transmissionKey,
        transmissionId,
        time,
        KEYS.webhookId,
        event,
      ),
    });
  }

  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.addHook("preHandler", async (request, reply) => {
    const path = (request.url.split("?")[0] ?? "").replace(/\/+$/, "");
    if (path.endsWith("/v1/oauth2/token") || path.endsWith("/checkout/approve")) return;
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!token || !(await tokens.get(token)))
      return fail(
        reply,
        401,
        "AUTHENTICATION_FAILURE",
        "INVALID_TOKEN",
        "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
      );
  });

  app.post("/v1/oauth2/token", async (request, reply) => {
    const grant = z.object({ grant_type: z.literal("client_credentials") }).safeParse(request.body);
    if (request.headers.authorization !== basicAuth(KEYS.clientId, KEYS.clientSecret) || !grant.success) {
      return reply.status(401).send({ error: "invalid_client", error_description: "Client Authentication failed" });
    }
    const token = simulatedId("A21AA", 60);
    await tokens.insert(token, true);
    return {
      scope: "https://uri.paypal.com/services/payments/payment",
      access_token: token,
      token_type: "Bearer",
      app_id: "APP-SIMULATOR",
      expires_in: 32400,
      nonce: randomUUID(),
    };
  });

  app.post("/v2/checkout/orders", async (request, reply) => {
    const body = orderBody.safeParse(request.body);
    if (!body.success)
      return fail(
        reply,
        400,
        "INVALID_REQUEST",
        "INVALID_PARAMETER_VALUE",
        body.error.issues[0]?.message ?? "The order is not valid.",
      );
    const made = await db.transaction((tx) =>
      once(tx, requestId(request), async () => {
        const order: SimOrder = {
          id: paypalId(),
          intent: "CAPTURE",
          status: "CREATED",
          create_time: new Date().toISOString(),
          purchase_units: body.data.purchase_units,
        };
        return view(await orders.insert(order.id, order, { tx }));
      }),
    );
    return reply.status(201).send(made);
  });

  app.get("/v2/checkout/orders/:id", async (request, reply) => {
    const order = await orders.get(id(request));
    if (!order)
      return fail(reply, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
    return view(order, order.captureId ? await captures.get(order.captureId) : undefined);
  });

  app.post("/v2/checkout/orders/:id/capture", async (request, reply) => {
    // The order is locked while it is checked and captured: it is captured once, whichever replica is asked.
    const captured = await orders.change(id(request), async (order, tx) => {
      const unit = order.purchase_units[0];
      if (order.status === "COMPLETED") return "ORDER_ALREADY_CAPTURED";
      if (order.status !== "APPROVED" || !unit) return "ORDER_NOT_APPROVED";
      const capture: SimCapture = {
        id: paypalId(),
        status: "COMPLETED",
        amount: unit.amount,
        final_capture: true,
        custom_id: unit.custom_id,
        create_time: new Date().toISOString(),
        orderId: order.id,
      };
      await captures.insert(capture.id, capture, { tx });
      Object.assign(order, { status: "COMPLETED", captureId: capture.id });
      return { order, capture };
    });
    if (!captured)
      return fail(reply, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
    if (captured === "ORDER_ALREADY_CAPTURED")
      return fail(reply, 422, "UNPROCESSABLE_ENTITY", captured, "Order already captured.");
    if (captured === "ORDER_NOT_APPROVED")
      return fail(reply, 422, "UNPROCESSABLE_ENTITY", captured, "Payer has not yet approved the Order for payment.");
    sendCaptureCompleted(captured.order, captured.capture);
    return reply.status(201).send(view(captured.order, captured.capture));
  });

  app.post("/v2/payments/captures/:id/refund", async (request, reply) => {
    if (outages.refundFails())
      return fail(reply, 503, "SERVICE_UNAVAILABLE", "SERVICE_UNAVAILABLE", "Service unavailable (simulated outage).");
    const key = requestId(request);
    const body = refundBody.safeParse(request.body ?? {});
    // The capture is locked while it is refunded: two refunds at once (from two replicas) cannot both succeed.
    const refund = await captures.change(id(request), (capture, tx) =>
      once(tx, key, async () => {
        const total = minorOf(capture.amount);
        const before = capture.refunded_minor ?? 0;
        const amount = body.success && body.data.amount ? minorOf(body.data.amount) : total - before;
        if (amount <= 0 || before + amount > total) return null;
        capture.refunded_minor = before + amount;
        capture.status = capture.refunded_minor === total ? "REFUNDED" : "PARTIALLY_REFUNDED";
        const made: SimRefund = {
          id: paypalId(),
          status: outages.refundPends() ? "PENDING" : "COMPLETED",
          amount: { currency_code: capture.amount.currency_code, value: decimalText(amount) },
          create_time: new Date().toISOString(),
        };
        return refunds.insert(made.id, made, { tx, parentId: capture.id });
      }),
    );
    if (refund === undefined)
      return fail(reply, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
    return refund
      ? reply.status(201).send(refund)
      : fail(
          reply,
          422,
          "UNPROCESSABLE_ENTITY",
          "REFUND_AMOUNT_EXCEEDED",
          "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
        );
  });

  // A pending refund is made by the time the store asks about it again (as a slow bank refund would be).
  app.get("/v2/payments/refunds/:id", async (request, reply) => {
    const refund = await refunds.change(id(request), (refund) => {
      refund.status = "COMPLETED";
      return refund;
    });
    return (
      refund ?? fail(reply, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.")
    );
  });

  app.post("/v1/notifications/verify-webhook-signature", async (request, reply) => {
    const body = verifyBody.safeParse(request.body);
    if (!body.success) return fail(reply, 400, "VALIDATION_ERROR", "MISSING_REQUIRED_PARAMETER", "Invalid request.");
    const {
      transmission_id: tid,
      transmission_time: time,
      transmission_sig: sig,
      webhook_id: webhookId,
      webhook_event: event,
    } = body.data;
    const genuine =
      webhookId === KEYS.webhookId &&
      sameSignature(transmissionSignature(KEYS.transmissionKey, tid, time, webhookId, JSON.stringify(event)), sig);
    return { verification_status: genuine ? "SUCCESS" : "FAILURE" };
  });

  // The buttons' "Pay with PayPal": the payer logs in and approves (no secret, as in PayPal's popup).
  app.post("/checkout/approve", async (request, reply) => {
    const body = z.object({ order_id: z.string() }).safeParse(request.body);
    const payerId = simulatedId("", 13).toUpperCase();
    const approved = body.success
      ? await orders.change(body.data.order_id, (order) => {
          if (order.status === "COMPLETED") return null;
          Object.assign(order, {
            status: "APPROVED",
            payer: { payer_id: payerId, email_address: "buyer@simulator.example" },
          });
          return { orderID: order.id, payerID: payerId };
        })
      : undefined;
    if (approved === undefined)
      return fail(reply, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
    return approved ?? fail(reply, 422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED", "Order already captured.");
  });
};
