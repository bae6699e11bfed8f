import { createHmac, randomBytes, randomInt } from "node:crypto";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
// Its routes say `schema: { hide: true }` (kept out of the API's documentation): the option @fastify/swagger adds.
import type {} from "@fastify/swagger";
import { z } from "zod";
import type { Db } from "../../../db/client";
import type { SimulatorControl } from "../../../http/simulator-control";
import { sameSecret } from "../../../lib/secrets";
import type { CourierSimulatorCredentials } from "./credentials";
import { simulatedLabelPdf } from "./label";
import { changeShipment, findShipment, insertShipment, saveToken, tokenExists, type SimShipment } from "./records";
import {
  calledBack,
  E_WAY_BILL_NUMBER,
  eWayBillMissing,
  SIM_NDR_REMARKS,
  SIM_STATUS,
  simulatedCouriers,
  VALID_PINCODE,
  type SimNdrReason,
} from "./rules";
import { registerNdrAction } from "./ndr-sim";
import type { CourierSimulatorEngine } from "./engine";

const loginBody = z.object({ email: z.string(), password: z.string() });
const serviceabilityQuery = z.object({
  pickup_postcode: z.string().regex(VALID_PINCODE),
  delivery_postcode: z.string().regex(VALID_PINCODE),
  weight: z.coerce.number().positive(),
  cod: z.enum(["0", "1"]).default("0"),
});
const item = z.object({ name: z.string(), sku: z.string(), units: z.number().int().positive() }).loose();
const adhocBody = z
  .object({
    order_id: z.string().min(1),
    billing_customer_name: z.string().min(1),
    billing_address: z.string().min(1),
    billing_city: z.string().min(1),
    billing_pincode: z.string().regex(VALID_PINCODE),
    billing_state: z.string().min(1),
    payment_method: z.enum(["COD", "Prepaid"]),
    sub_total: z.number().nonnegative(),
    order_items: z.array(item).min(1),
    weight: z.number().positive(),
    ewaybill_no: z.string().regex(E_WAY_BILL_NUMBER).optional(),
  })
  .loose();
const returnBody = z
  .object({
    order_id: z.string().min(1),
    pickup_customer_name: z.string().min(1),
    pickup_address: z.string().min(1),
    pickup_city: z.string().min(1),
    pickup_pincode: z.string().regex(VALID_PINCODE),
    sub_total: z.number().nonnegative(),
    order_items: z.array(item).min(1),
  })
  .loose();
const shipmentIdText = z.union([z.string(), z.number()]).transform(String);
const awbBody = z.object({ shipment_id: shipmentIdText, courier_id: z.number().int().optional() });
const idsBody = z.object({ shipment_id: z.array(shipmentIdText).min(1) });
const controlBody = z.object({
  action: z.enum(["advance", "fail", "deliver"]),
  /** A failed attempt's reason (the courier's NDR); "not_available" when absent. */
  reason: z.enum(Object.keys(SIM_NDR_REMARKS) as [SimNdrReason, ...SimNdrReason[]]).optional(),
});
const awbsBody = z.object({ awbs: z.array(z.string()).min(1) });

/** Shiprocket-style error body: `{ message, status_code }`. */
const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).send({ message, status_code: status });

const numericId = () => randomInt(100_000_000, 999_999_999);

/**
 * A Shiprocket-compatible API (the calls the store makes) under /sim/shiprocket, plus the label files it
 * links to, a bare tracking page and a test control (`POST /control/shipments/:awb`, the owner's or a script's
 * with the install's simulator secret) that moves a parcel one step, or fails its delivery with an NDR reason,
 * and sends its webhook; `ndr-sim.ts` takes the store's reattempt or return of a failed delivery. Its records live
 * in the database (records.ts).
 */
export const shiprocketSimulator: FastifyPluginAsync<{
  db: Db;
  engine: CourierSimulatorEngine;
  credentials: CourierSimulatorCredentials;
  /** The door of the test control (`/control/...`): the owner's session or the install's simulator secret. */
  control: SimulatorControl;
  pickupPincode: string;
  /** Where the label files are served, as absolute URLs (the store fetches them). */
  baseUrl: () => string;
}> = async (app: FastifyInstance, { db, engine, credentials, control, pickupPincode, baseUrl }) => {
  const { move, moveTo, sendWebhook } = engine;
  // A label names the shopper and the address: its file is found by a keyed name, as a real courier's label
  // lies at an unguessable address, never by the shipment's number alone.
  const labelFile = (id: string) =>
    `${id}-${createHmac("sha256", credentials.password).update(`label:${id}`).digest("base64url")}.pdf`;
  async function authorised(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (token && (await tokenExists(db, token))) return true;
    await fail(reply, 401, "Token has expired or is invalid.");
    return false;
  }

  app.post("/auth/login", { schema: { hide: true } }, async (request, reply) => {
    const body = loginBody.safeParse(request.body);
    if (!body.success || body.data.email !== credentials.email || body.data.password !== credentials.password)
      return fail(reply, 403, "Invalid email and password combination");
    const token = randomBytes(24).toString("base64url");
    await saveToken(db, token);
    return { token, email: credentials.email, first_name: "API", last_name: "User" };
  });

  app.get("/courier/serviceability", { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request, reply))) return reply;
    const query = serviceabilityQuery.safeParse(request.query);
    if (!query.success) return fail(reply, 422, "Please enter valid pickup and delivery postcodes.");
    const couriers = simulatedCouriers(query.data.pickup_postcode, query.data.delivery_postcode).filter(
      (c) => query.data.cod === "0" || c.cod === 1,
    );
    if (couriers.length === 0) return { status: 404, message: "No courier is serviceable for this route.", data: null };
    return { status: 200, data: { available_courier_companies: couriers } };
  });

  async function createOrder(
    shipment: Omit<
      SimShipment,
      "order_id" | "shipment_id" | "history" | "step" | "awb_code" | "courier_company_id" | "courier_name"
    >,
  ) {
    const made: SimShipment = {
      ...shipment,
      order_id: numericId(),
      shipment_id: numericId(),
      awb_code: null,
      courier_company_id: null,
      courier_name: null,
      step: "awbAssigned",
      history: [],
    };
    await insertShipment(db, made);
    return { order_id: made.order_id, shipment_id: made.shipment_id, status: "NEW", status_code: 1 };
  }

  app.post("/orders/create/adhoc", { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request, reply))) return reply;
    const body = adhocBody.safeParse(request.body);
    if (!body.success) return fail(reply, 422, `Oops! Invalid data: ${body.error.issues[0]?.path.join(".")}`);
    const b = body.data;
    if (eWayBillMissing(b))
      return fail(
        reply,
        422,
        "E-way bill number (ewaybill_no) is required for an inter-state shipment above Rs 50000.",
      );
    return createOrder({
      channel_order_id: b.order_id,
      direction: "forward",
      cod: b.payment_method === "COD",
      amount: b.sub_total,
      name: b.billing_customer_name,
      address: b.billing_address,
      city: b.billing_city,
      pincode: b.billing_pincode,
      ewaybill_no: b.ewaybill_no ?? null,
    });
  });

  app.post("/orders/create/return", { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request, reply))) return reply;
    const body = returnBody.safeParse(request.body);
    if (!body.success) return fail(reply, 422, `Oops! Invalid data: ${body.error.issues[0]?.path.join(".")}`);
    const b = body.data;
    return createOrder({
      channel_order_id: b.order_id,
      direction: "return",
      cod: false,
      amount: b.sub_total,
      name: b.pickup_customer_name,
      address: b.pickup_address,
      city: b.pickup_city,
      pincode: b.pickup_pincode,
      ewaybill_no: null,
    });
  });

  app.post("/courier/assign/awb", { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request, reply))) return reply;
    const body = awbBody.safeParse(request.body);
    if (!body.success) return fail(reply, 422, "The shipment id is required.");
    const outcome = await changeShipment(db, { id: body.data.shipment_id }, (shipment) => {
      if (shipment.awb_code) return { already: shipment.awb_code };
      const [from, to] =
        shipment.direction === "forward" ? [pickupPincode, shipment.pincode] : [shipment.pincode, pickupPincode];
      const couriers = simulatedCouriers(from, to).filter((c) => !shipment.cod || c.cod === 1);
      const courier = body.data.courier_id
        ? couriers.find((c) => c.courier_company_id === body.data.courier_id)
        : couriers[0];
      if (!courier)
        return {
          refused: shipment.cod
            ? "Cash on delivery is not available for this pincode."
            : "Selected pincode is not serviceable.",
        };
      shipment.awb_code = `SIM${numericId()}${randomInt(10, 99)}`;
      shipment.courier_company_id = courier.courier_company_id;
      shipment.courier_name = courier.courier_name;
      // A return is booked as a pickup from the shopper: scheduled at once.
      moveTo(shipment, shipment.direction === "return" ? "pickupScheduled" : "awbAssigned");
      return { shipment: structuredClone(shipment), courier };
    });
    if (!outcome) return fail(reply, 404, "Shipment not found.");
    if ("already" in outcome) return fail(reply, 400, `AWB is already assigned: ${outcome.already}`);
    if ("refused" in outcome) return { awb_assign_status: 0, message: outcome.refused };
    const { shipment: s, courier } = outcome;
    return {
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: s.courier_company_id,
          awb_code: s.awb_code,
          cod: s.cod ? 1 : 0,
          order_id: s.order_id,
          shipment_id: s.shipment_id,
          courier_name: s.courier_name,
          freight_charge: courier.freight_charge,
          rto_charges: courier.rto_charges,
        },
      },
    };
  });

  app.post("/courier/generate/label", { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request, reply))) return reply;
    const body = idsBody.safeParse(request.body);
    if (!body.success) return fail(reply, 422, "The shipment_id list is required.");
    const id = body.data.shipment_id[0]!;
    const shipment = await findShipment(db, { id });
    if (!shipment?.awb_code) return fail(reply, 400, "Label can be generated only after the AWB is assigned.");
    return { label_created: 1, label_url: `${baseUrl()}/labels/${labelFile(id)}`, response: "", not_created: [] };
  });

  app.get("/labels/:file", { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const id = /^(\d+)-/.exec(file)?.[1];
    const shipment = id && sameSecret(file, labelFile(id)) ? await findShipment(db, { id }) : undefined;
    if (!shipment?.awb_code) return fail(reply, 404, "No such label.");
    const pdf = await simulatedLabelPdf({
      awb: shipment.awb_code,
      courier: shipment.courier_name ?? "",
      reference: shipment.channel_order_id,
      name: shipment.name,
      address: shipment.address,
      city: shipment.city,
      pincode: shipment.pincode,
      cod: shipment.cod,
      amount: shipment.amount,
    });
    return reply.header("content-type", "application/pdf").send(pdf);
  });

  app.post("/courier/generate/pickup", { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request, reply))) return reply;
    const body = idsBody.safeParse(request.body);
    if (!body.success) return fail(reply, 422, "The shipment_id list is required.");
    const scheduled: SimShipment[] = [];
    for (const id of body.data.shipment_id) {
      const moved = await changeShipment(db, { id }, (shipment) => {
        if (!shipment.awb_code) return "no_awb" as const;
        if (shipment.step === "awbAssigned") moveTo(shipment, "pickupScheduled");
        return structuredClone(shipment);
      });
      if (!moved) return fail(reply, 404, `Shipment ${id} not found.`);
      if (moved === "no_awb") return fail(reply, 400, `Shipment ${id} has no AWB yet.`);
      scheduled.push(moved);
    }
    for (const shipment of scheduled) await sendWebhook(shipment);
    const tomorrow = new Date(Date.now() + 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
    return {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: `${tomorrow} 10:00:00`,
        pickup_token_number: `Reference No: SIM${numericId()}`,
        status: 3,
        data: "Pickup is scheduled.",
      },
    };
  });

  app.post("/orders/cancel/shipment/awbs", { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request, reply))) return reply;
    const body = awbsBody.safeParse(request.body);
    if (!body.success) return fail(reply, 422, "The awbs list is required.");
    const called: SimShipment[] = [];
    for (const awb of body.data.awbs) {
      const moved = await changeShipment(db, { awb }, (shipment) => {
        const to = calledBack(shipment.step);
        if (!to) return shipment.step;
        moveTo(shipment, to);
        return structuredClone(shipment);
      });
      if (!moved) return fail(reply, 404, `AWB ${awb} not found.`);
      if (typeof moved === "string")
        return fail(reply, 400, `Shipment ${awb} cannot be cancelled: it is ${SIM_STATUS[moved].name}.`);
      called.push(moved);
    }
    for (const shipment of called) await sendWebhook(shipment);
    return { message: "Shipment(s) cancelled successfully." };
  });

  registerNdrAction(app, { db, engine, authorised, fail });

  app.get("/courier/track/awb/:awb", { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request, reply))) return reply;
    const shipment = await findShipment(db, { awb: (request.params as { awb: string }).awb });
    if (!shipment) return fail(reply, 404, "AWB not found.");
    return {
      tracking_data: {
        track_status: 1,
        shipment_status: SIM_STATUS[shipment.step].id,
        shipment_track_activities: [...shipment.history].reverse().map((h) => ({
          date: h.date.slice(0, 19).replace("T", " "),
          activity: SIM_STATUS[h.step].name,
          location: h.location,
          "sr-status": String(SIM_STATUS[h.step].id),
          "sr-status-label": SIM_STATUS[h.step].name,
        })),
        track_url: `${baseUrl()}/tracking/${shipment.awb_code}`,
      },
    };
  });

  app.get("/tracking/:awb", { schema: { hide: true } }, async (request, reply) => {
    const shipment = await findShipment(db, { awb: (request.params as { awb: string }).awb });
    if (!shipment) return fail(reply, 404, "AWB not found.");
    const lines = [...shipment.history].reverse().map((h) => `${h.date}  ${SIM_STATUS[h.step].name}  ${h.location}`);
    return reply
      .header("content-type", "text/plain; charset=utf-8")
      .send([`Simulated courier - AWB ${shipment.awb_code} (${shipment.courier_name})`, "", ...lines].join("\n"));
  });

  app.post("/control/shipments/:awb", { schema: { hide: true }, onRequest: control }, async (request, reply) => {
    const body = controlBody.safeParse(request.body);
    if (!body.success)
      return fail(
        reply,
        400,
        "Send { action: advance | fail | deliver, reason?: not_available | address_incomplete | refused | reschedule }.",
      );
    const moved = await move((request.params as { awb: string }).awb, body.data.action, body.data.reason);
    if (!moved) return fail(reply, 404, "AWB not found.");
    if (!moved.ok)
      return fail(
        reply,
        409,
        `A parcel that is "${SIM_STATUS[moved.step].name}" cannot ${body.data.action === "advance" ? "move further" : body.data.action === "fail" ? "fail delivery" : "be delivered"}.`,
      );
    return { awb: moved.shipment.awb_code, status: SIM_STATUS[moved.shipment.step].name };
  });
};
