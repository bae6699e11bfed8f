import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../../db/client";
import type { CourierSimulatorEngine } from "./engine";
import { changeShipment } from "./records";
import { SIM_STATUS } from "./rules";

/** Shiprocket's NDR action body (its documented fields; proof_* of a fake attempt are not played). */
const ndrActionBody = z.object({
  action: z.enum(["re-attempt", "return", "fake-attempt"]),
  comments: z.string().min(1),
  phone: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
  address1: z.string().min(1).max(500).optional(),
  address2: z.string().max(500).optional(),
  deferred_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/**
 * `POST /ndr/:awb/action` as Shiprocket's `/v1/external/ndr/{awb}/action`: on a parcel whose delivery failed,
 * "re-attempt" sends it out for delivery again (a new attempt, with the date, address and phone kept on the
 * record) and "return" starts its way back (RTO); the webhook follows as for any move.
 */
export function registerNdrAction(
  app: FastifyInstance,
  {
    db,
    engine,
    authorised,
    fail,
  }: {
    db: Db;
    engine: CourierSimulatorEngine;
    authorised: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
    fail: (reply: FastifyReply, status: number, message: string) => FastifyReply;
  },
): void {
  app.post("/ndr/:awb/action", { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request, reply))) return reply;
    const body = ndrActionBody.safeParse(request.body);
    if (!body.success) return fail(reply, 422, `Oops! Invalid data: ${body.error.issues[0]?.path.join(".")}`);
    const b = body.data;
    if (b.action === "fake-attempt") return fail(reply, 422, "Fake-attempt escalation is not simulated.");
    const moved = await changeShipment(db, { awb: (request.params as { awb: string }).awb }, (shipment) => {
      if (shipment.step !== "undelivered") return { refused: SIM_STATUS[shipment.step].name };
      (shipment.ndr_actions ??= []).push({
        action: b.action as "re-attempt" | "return",
        deferred_date: b.deferred_date ?? null,
        address1: b.address1 ?? null,
        phone: b.phone ?? null,
        comments: b.comments,
      });
      if (b.address1) shipment.address = b.address1;
      engine.moveTo(shipment, b.action === "return" ? "rtoInitiated" : "outForDelivery");
      return { shipment: structuredClone(shipment) };
    });
    if (!moved) return fail(reply, 404, "AWB not found.");
    if ("refused" in moved) return fail(reply, 400, `This shipment is not in NDR: it is ${moved.refused}.`);
    await engine.sendWebhook(moved.shipment);
    return { status: true, message: b.action === "return" ? "RTO request raised." : "Re-attempt request raised." };
  });
}
