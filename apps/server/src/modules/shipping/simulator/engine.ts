import type { Db } from "../../../db/client";
import { courierTimeText } from "../time";
import type { CourierSimulatorCredentials } from "./credentials";
import { changeShipment, idleShipments, type SimShipment } from "./records";
import {
  canDeliverAnyway,
  canFail,
  nextStep,
  SIM_NDR_REMARKS,
  SIM_STATUS,
  type SimNdrReason,
  type SimStep,
} from "./rules";
import type { CourierWebhookSender } from "./webhooks";

/**
 * How the simulated courier moves a parcel and tells the store: one step at a time, under the parcel's
 * lock, the webhook sent after the commit. Used by its API (pickups), its test control and its clock.
 */
export function createCourierSimulatorEngine(
  db: Db,
  sender: CourierWebhookSender,
  credentials: CourierSimulatorCredentials,
  /** Its clock's pace: a parcel left alone this long moves one step; 0: only when told. */
  stepMinutes = 0,
) {
  /** Sends the shipment's current step as Shiprocket's tracking webhook; answers once the store answered. */
  function sendWebhook(parcel: SimShipment): Promise<void> {
    const shipment = withWebhookTimes(parcel);
    const status = SIM_STATUS[shipment.step];
    const last = shipment.history.at(-1);
    const body = JSON.stringify({
      awb: shipment.awb_code,
      courier_name: shipment.courier_name,
      current_status: status.name,
      current_status_id: status.id,
      shipment_status: status.name,
      shipment_status_id: status.id,
      current_timestamp: last?.date,
      order_id: shipment.channel_order_id,
      sr_order_id: shipment.order_id,
      is_return: shipment.direction === "return" ? 1 : 0,
      scans: shipment.history.map((h) => ({
        date: h.date,
        activity: h.activity ?? SIM_STATUS[h.step].name,
        location: h.location,
        "sr-status": String(SIM_STATUS[h.step].id),
        "sr-status-label": SIM_STATUS[h.step].name,
      })),
    });
    return sender.send(body, { "x-api-key": credentials.webhookSecret });
  }

  function locationOf(shipment: SimShipment, step: SimStep): string {
    if (["pickupScheduled", "pickedUp", "rtoDelivered", "cancelled"].includes(step))
      return shipment.direction === "forward" ? "Jaipur" : shipment.city;
    if (step === "inTransit" || step === "rtoInitiated") return "Jaipur Hub";
    return shipment.direction === "forward" ? shipment.city : "Jaipur";
  }

  function moveTo(shipment: SimShipment, step: SimStep, activity?: string): void {
    shipment.step = step;
    // One second apart at least, so each step's time (and so its event key) differs from the last one's.
    const lastTime = shipment.history.at(-1)?.date;
    let at = new Date();
    const last = lastTime ? Date.parse(lastTime) : 0;
    if (at.getTime() < last + 1000) at = new Date(last + 1000);
    shipment.history.push({
      step,
      date: at.toISOString(),
      location: locationOf(shipment, step),
      ...(activity && { activity }),
    });
  }

  /**
   * Moves a parcel one step ("advance"), to a failed delivery ("fail"), or hands it over whatever it was asked
   * ("deliver": a courier that did not act on a call-back); answers the parcel, or why not. A failed attempt says
   * why in its scan (an NDR reason; "not available" unless told).
   */
  async function move(awb: string, action: "advance" | "fail" | "deliver", reason: SimNdrReason = "not_available") {
    const moved = await changeShipment(db, { awb }, (shipment) => {
      const to =
        action === "fail"
          ? canFail(shipment.step)
            ? "undelivered"
            : null
          : action === "deliver"
            ? canDeliverAnyway(shipment.step)
              ? "delivered"
              : null
            : nextStep(shipment.step, shipment.direction);
      if (!to) return { ok: false as const, step: shipment.step };
      moveTo(shipment, to, to === "undelivered" ? SIM_NDR_REMARKS[reason] : undefined);
      return { ok: true as const, shipment: structuredClone(shipment) };
    });
    if (moved?.ok) await sendWebhook(moved.shipment);
    return moved;
  }

  /** The webhook writes times as Shiprocket does ("25 11 2026 14:05:09", India's time). */
  function withWebhookTimes(shipment: SimShipment): SimShipment {
    return { ...shipment, history: shipment.history.map((h) => ({ ...h, date: courierTimeText(new Date(h.date)) })) };
  }

  /** The simulator's clock: parcels left alone for `minutes` move one step (the job calls this). */
  async function tick(minutes = stepMinutes): Promise<number> {
    let moved = 0;
    for (const awb of await idleShipments(db, minutes)) if ((await move(awb, "advance"))?.ok) moved += 1;
    return moved;
  }

  return { move, moveTo, sendWebhook, tick, stepMinutes, settled: () => sender.settled() };
}

export type CourierSimulatorEngine = ReturnType<typeof createCourierSimulatorEngine>;
