import { and, asc, desc, eq, isNull } from "drizzle-orm";
import {
  NDR_REASON_LABELS,
  rescheduleDays,
  type AdminNdrActionResult,
  type AdminNdrList,
  type NdrAnswer,
  type NdrLinkView,
  type NdrReason,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { refusal } from "../../errors";
import { invalidField, notFound } from "../../lib/failures";
import { sameSecret } from "../../lib/secrets";
import { recordCourierCorrection } from "../orders/delivery-correction";
import { orders } from "../orders/tables";
import { courierRefusal, shippingNotConfigured } from "./failures";
import type { ShippingGateway } from "./gateway";
import { ndrAnswerPath } from "./ndr";
import { failedDeliveries } from "./ndr-tables";
import type { NdrInstruction } from "./provider";
import { shipments } from "./tables";

type Row = typeof failedDeliveries.$inferSelect;

/** Called in the transaction that records the seller's action (the back office audits it there). */
export type OnNdrActed = (
  tx: Tx,
  acted: { orderId: number; awb: string; instruction: NdrInstruction },
) => Promise<void>;

const answerOf = (row: Row) =>
  row.answer === "reattempt" || row.answer === "cancel"
    ? {
        action: row.answer as "reattempt" | "cancel",
        date: row.answerDate,
        delivery_address: row.answerAddress,
        mobile_number: row.answerPhone,
        answered_at: row.answeredAt!.toISOString(),
      }
    : null;

/** The 10 digits an Indian courier's API takes ("+91 98290 12345" → "9829012345"). */
const tenDigits = (phone: string) => phone.replace(/\D/g, "").slice(-10);

const badLink = () =>
  refusal("not_found", "NDR_LINK_INVALID", "This link is not valid. Use the latest message we sent.");

/**
 * Failed deliveries after they are recorded (ndr.ts): the shopper's link page and answer, the seller's queue and
 * one-click action, which passes the shopper's choice to the courier's NDR call (decision 090).
 */
export function createFailedDeliveryService(db: Db, gateway: ShippingGateway) {
  async function byLink(id: number, token: string): Promise<Row> {
    const [row] = await db.select().from(failedDeliveries).where(eq(failedDeliveries.id, id));
    if (!row || !sameSecret(token, row.token)) throw badLink();
    return row;
  }

  return {
    async linkView(id: number, token: string, now = new Date()): Promise<NdrLinkView> {
      const row = await byLink(id, token);
      const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
      if (!order) throw badLink();
      return {
        id: row.id,
        order_id: row.orderId,
        attempt: row.attempt,
        reason: row.reason as NdrReason,
        reason_text: NDR_REASON_LABELS[row.reason as NdrReason],
        attempted_at: row.attemptedAt.toISOString(),
        expires_at: row.linkExpiresAt.toISOString(),
        delivery_name: order.deliveryName,
        delivery_address: order.deliveryAddress,
        city: order.city,
        pin_code: order.pinCode,
        mobile_number: order.mobileNumber,
        dates: rescheduleDays(now),
        answer: answerOf(row),
        closed: row.resolution !== null || row.actionClaimedAt !== null,
      };
    },

    /** The shopper's choice, once: refused on a closed, answered or expired link, or a date outside the next days. */
    async answer(id: number, token: string, body: NdrAnswer, now = new Date()): Promise<NdrLinkView> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(failedDeliveries).where(eq(failedDeliveries.id, id)).for("update");
        if (!row || !sameSecret(token, row.token)) throw badLink();
        if (row.resolution !== null || row.actionClaimedAt !== null)
          throw refusal("conflict", "NDR_CLOSED", "The courier has already been told what to do with this parcel.");
        if (row.answer !== null)
          throw refusal("conflict", "NDR_ANSWERED", "You have already answered. Write to us to change your answer.");
        if (row.linkExpiresAt <= now)
          throw refusal(
            "gone",
            "NDR_LINK_EXPIRED",
            "This link has expired. Write to us and we will arrange the delivery.",
          );
        if (body.action === "reattempt" && !rescheduleDays(now).includes(body.date))
          throw invalidField("date", `Choose a day from ${rescheduleDays(now)[0]} to ${rescheduleDays(now).at(-1)}.`);
        await tx
          .update(failedDeliveries)
          .set({
            answer: body.action,
            answerDate: body.action === "reattempt" ? body.date : null,
            answerAddress: body.action === "reattempt" ? (body.delivery_address ?? null) : null,
            answerPhone: body.action === "reattempt" && body.mobile_number ? tenDigits(body.mobile_number) : null,
            answeredAt: now,
          })
          .where(eq(failedDeliveries.id, id));
        // The order keeps the corrected address too (the courier gets it with the seller's reattempt).
        if (body.action === "reattempt" && (body.delivery_address || body.mobile_number))
          await recordCourierCorrection(tx, row.orderId, {
            delivery_address: body.delivery_address,
            mobile_number: body.mobile_number && tenDigits(body.mobile_number),
          });
      });
      return this.linkView(id, token, now);
    },

    /**
     * The shopper's order page (signed in or by its link): the open failed attempt, with its answer link while
     * the link answers. The order page's own access check has passed; the token is the shopper's already.
     */
    async openForOrder(orderId: number, now = new Date()) {
      const [row] = await db
        .select()
        .from(failedDeliveries)
        .where(and(eq(failedDeliveries.orderId, orderId), isNull(failedDeliveries.resolution)))
        .orderBy(desc(failedDeliveries.id))
        .limit(1);
      if (!row) return null;
      const answerable = row.answer === null && row.actionClaimedAt === null && row.linkExpiresAt > now;
      return {
        attempt: row.attempt,
        reason_text: NDR_REASON_LABELS[row.reason as NdrReason],
        attempted_at: row.attemptedAt.toISOString(),
        answer_path: answerable ? ndrAnswerPath(row) : null,
        answered: row.answer !== null,
      };
    },

    /** The seller's queue: every open failed delivery, oldest attempt first. */
    async openQueue(now = new Date()): Promise<AdminNdrList> {
      const rows = await db
        .select({ ndr: failedDeliveries, awb: shipments.awb, courier: shipments.courier, order: orders })
        .from(failedDeliveries)
        .innerJoin(shipments, eq(shipments.id, failedDeliveries.shipmentId))
        .innerJoin(orders, eq(orders.id, failedDeliveries.orderId))
        .where(isNull(failedDeliveries.resolution))
        .orderBy(asc(failedDeliveries.attemptedAt), asc(failedDeliveries.id));
      return {
        items: rows.map(({ ndr, awb, courier, order }) => ({
          id: ndr.id,
          order_id: ndr.orderId,
          awb,
          courier,
          attempt: ndr.attempt,
          reason: ndr.reason as NdrReason,
          reason_text: NDR_REASON_LABELS[ndr.reason as NdrReason],
          courier_remark: ndr.courierRemark,
          attempted_at: ndr.attemptedAt.toISOString(),
          age_hours: Math.max(0, Math.floor((now.getTime() - ndr.attemptedAt.getTime()) / 3_600_000)),
          delivery_name: order.deliveryName,
          city: order.city,
          answer: answerOf(ndr),
        })),
      };
    },

    /**
     * The seller's click: reattempt (with the shopper's date, address and phone when they answered so) or return
     * to origin. The row is claimed first, the courier called outside any transaction, the claim released if it
     * refuses; its webhook then reports the new attempt or the way back.
     */
    async act(
      userId: number,
      id: number,
      action: "reattempt" | "return",
      onActed?: OnNdrActed,
    ): Promise<AdminNdrActionResult> {
      const [claimed] = await db
        .update(failedDeliveries)
        .set({ actionClaimedAt: new Date() })
        .where(
          and(
            eq(failedDeliveries.id, id),
            isNull(failedDeliveries.resolution),
            isNull(failedDeliveries.actionClaimedAt),
          ),
        )
        .returning();
      if (!claimed) {
        const [row] = await db.select().from(failedDeliveries).where(eq(failedDeliveries.id, id));
        if (!row) throw notFound("Failed delivery");
        throw refusal(
          "conflict",
          "NDR_CLOSED",
          `Failed delivery ${id} is no longer open: the courier has been told already.`,
        );
      }
      const release = () =>
        db.update(failedDeliveries).set({ actionClaimedAt: null }).where(eq(failedDeliveries.id, id));
      const [shipment] = await db.select().from(shipments).where(eq(shipments.id, claimed.shipmentId));
      const carrier = shipment ? gateway.carrierNamed(shipment.provider) : undefined;
      if (!shipment?.awb || !carrier) {
        await release();
        throw shippingNotConfigured();
      }
      if (!carrier.ndrAction) {
        await release();
        throw refusal(
          "conflict",
          "NDR_NOT_SUPPORTED",
          `${shipment.courier ?? "This courier"} takes no reattempt or return request by API: call them.`,
        );
      }
      const instruction: NdrInstruction =
        action === "return"
          ? {
              action: "return",
              comments: claimed.answer === "cancel" ? "Buyer cancelled the delivery" : "Seller asked for return",
            }
          : claimed.answer === "reattempt"
            ? {
                action: "reattempt",
                comments: "Buyer asked for another attempt",
                date: claimed.answerDate,
                address: claimed.answerAddress,
                phone: claimed.answerPhone,
              }
            : { action: "reattempt", comments: "Seller asked for another attempt" };
      try {
        await carrier.ndrAction(shipment.awb, instruction);
      } catch (err) {
        await release();
        throw courierRefusal(err, action === "return" ? "the return to origin" : "the new delivery attempt");
      }
      await db.transaction(async (tx) => {
        await tx
          .update(failedDeliveries)
          .set({ resolution: action, resolvedAt: new Date(), resolvedBy: userId })
          .where(eq(failedDeliveries.id, id));
        await onActed?.(tx, { orderId: claimed.orderId, awb: shipment.awb!, instruction });
      });
      return {
        id,
        resolution: action,
        message:
          action === "return"
            ? `The courier will bring order #${claimed.orderId}'s parcel back to you.`
            : `The courier will try order #${claimed.orderId} again${instruction.action === "reattempt" && instruction.date ? ` on ${instruction.date}` : ""}.`,
      };
    },
  };
}
