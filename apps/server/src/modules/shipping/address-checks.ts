import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import {
  ADDRESS_PROBLEM_LABELS,
  addressProblems,
  type AddressCheckAnswer,
  type AddressCheckLinkView,
  type AddressProblem,
  type AdminAddressCheck,
  type AdminAddressCheckSent,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { refusal } from "../../errors";
import { notFound } from "../../lib/failures";
import { sameSecret } from "../../lib/secrets";
import { UNKNOWN_PIN, type DeliveryPromises } from "../geo/delivery-promise";
import { followAddressCorrection } from "../invoices/address-correction";
import { queueAddressCheckNotice } from "../orders/address-check-notice";
import {
  deliveryAddressOf,
  lockOrderToCorrect,
  recordAddressNote,
  saveDeliveryAddress,
} from "../orders/delivery-correction";
import { orders } from "../orders/tables";
import type { OrderRow } from "../orders/transitions";
import { addressChecks } from "./address-check-tables";
import { hasOrderParcel } from "./book";

type Check = typeof addressChecks.$inferSelect;

/** As a failed delivery's link: long enough for a shopper who reads messages once a day. */
export const ADDRESS_LINK_HOURS = 72;

const BEFORE_BOOKING = new Set(["paid", "cod_confirmed"]);

/** The problems the back office flags: none once the shopper answered, and none for an order past booking. */
function problemsOf(order: OrderRow, check: Check | undefined, booked: boolean): AddressProblem[] {
  if (check?.resolution || booked || !BEFORE_BOOKING.has(order.status)) return [];
  return addressProblems({
    delivery_country: order.deliveryCountry,
    delivery_address: order.deliveryAddress,
    country_code: order.countryCode,
    mobile_number: order.mobileNumber,
    payment_method: order.paymentMethod,
    cod_served: check?.codServed ?? null,
  });
}

const badLink = () =>
  refusal("not_found", "ADDRESS_LINK_INVALID", "This link is not valid. Use the latest message we sent.");

/**
 * Address quality before booking (issue 43 point 5, decision 092): the flag from the order's own fields (and the
 * courier's cached cash-on-delivery answer), the seller's one-click message, the shopper's confirm or correct.
 */
export function createAddressCheckService(db: Db, delivery: DeliveryPromises) {
  const checkOf = async (orderId: number) =>
    (await db.select().from(addressChecks).where(eq(addressChecks.orderId, orderId)))[0];

  async function readOrder(orderId: number): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound("Order");
    return order;
  }

  /**
   * The courier's cash-on-delivery answer for a COD order's PIN code, from the delivery promise's cache (the
   * checkout asked it hours ago, mostly): read when the back office opens the order, never from the list.
   * A courier that does not answer leaves what was known.
   */
  async function refreshCodAnswer(order: OrderRow, check: Check | undefined): Promise<Check | undefined> {
    if (order.paymentMethod !== "cod" || order.deliveryCountry !== "IN" || check?.resolution) return check;
    const promise = await delivery.promise({ pin: order.pinCode, country: "IN", cod: true, now: new Date() });
    if (promise === UNKNOWN_PIN || promise.source !== "courier") return check;
    const codServed = promise.serviceable && promise.cod_available;
    if (check?.codServed === codServed) return check;
    const [row] = await db
      .insert(addressChecks)
      .values({ orderId: order.id, codServed })
      .onConflictDoUpdate({ target: addressChecks.orderId, set: { codServed } })
      .returning();
    return row;
  }

  function adminView(order: OrderRow, check: Check | undefined, booked: boolean): AdminAddressCheck {
    const problems = problemsOf(order, check, booked);
    return {
      problems,
      problem_texts: problems.map((p) => ADDRESS_PROBLEM_LABELS[p]),
      can_send: problems.length > 0,
      sent_at: check?.sentAt?.toISOString() ?? null,
      channel: (check?.channel as "whatsapp" | "email" | null) ?? null,
      resolution: (check?.resolution as "confirmed" | "corrected" | null) ?? null,
      resolved_at: check?.resolvedAt?.toISOString() ?? null,
    };
  }

  return {
    /** The order page's check, the courier's COD answer refreshed from its cache; null for an order abroad. */
    async forOrder(orderId: number): Promise<AdminAddressCheck | null> {
      const order = await readOrder(orderId);
      if (order.deliveryCountry !== "IN") return null;
      const check = await refreshCodAnswer(order, await checkOf(orderId));
      return adminView(order, check, await hasOrderParcel(db, orderId));
    },

    /** The orders list's flags, from stored fields only (no courier call): order id → its problems. */
    async flagsOf(orderIds: number[]): Promise<Map<number, AddressProblem[]>> {
      const flags = new Map<number, AddressProblem[]>();
      if (orderIds.length === 0) return flags;
      const [rows, checks] = await Promise.all([
        db.select().from(orders).where(inArray(orders.id, orderIds)),
        db.select().from(addressChecks).where(inArray(addressChecks.orderId, orderIds)),
      ]);
      const byOrder = new Map(checks.map((c) => [c.orderId, c]));
      // A booked order is no longer paid or COD-confirmed (booking ships it), so no parcel lookup is needed here.
      for (const order of rows) {
        const problems = problemsOf(order, byOrder.get(order.id), false);
        if (problems.length > 0) flags.set(order.id, problems);
      }
      return flags;
    },

    /** The seller's click: a new link (the earlier one stops answering) sent on WhatsApp or else by e-mail. */
    async send(
      userId: number,
      orderId: number,
      onSent?: (tx: Tx, channel: "whatsapp" | "email") => Promise<void>,
      now = new Date(),
    ): Promise<AdminAddressCheckSent> {
      const channel = await db.transaction(async (tx) => {
        const order = await lockOrderToCorrect(tx, orderId);
        const [check] = await tx.select().from(addressChecks).where(eq(addressChecks.orderId, orderId));
        if (await hasOrderParcel(tx, orderId))
          throw refusal("conflict", "ALREADY_BOOKED", `Order ${orderId}'s parcel is booked: ask the courier instead.`);
        if (problemsOf(order, check, false).length === 0)
          throw refusal("conflict", "ADDRESS_NOT_FLAGGED", `Order ${orderId}'s address has nothing to confirm.`);
        const token = randomBytes(24).toString("base64url");
        const sent = await queueAddressCheckNotice(tx, order, `/address-check/${orderId}?token=${token}`);
        if (!sent)
          throw refusal(
            "conflict",
            "SHOPPER_UNREACHABLE",
            `The shopper of order ${orderId} has turned off messages: call them on ${order.mobileNumber}.`,
          );
        const values = {
          token,
          linkExpiresAt: new Date(now.getTime() + ADDRESS_LINK_HOURS * 3_600_000),
          sentAt: now,
          channel: sent,
          sentBy: userId,
        };
        await tx
          .insert(addressChecks)
          .values({ orderId, ...values })
          .onConflictDoUpdate({ target: addressChecks.orderId, set: values });
        await onSent?.(tx, sent);
        return sent;
      });
      const check = (await this.forOrder(orderId))!;
      return {
        check,
        message: `Asked the shopper to confirm the address by ${channel === "whatsapp" ? "WhatsApp" : "e-mail"}.`,
      };
    },

    async linkView(orderId: number, token: string, now = new Date()): Promise<AddressCheckLinkView> {
      const check = await checkOf(orderId);
      if (!check?.token || !sameSecret(token, check.token)) throw badLink();
      const order = await readOrder(orderId);
      const problems = problemsOf(order, check, false);
      return {
        order_id: orderId,
        problem_texts: problems.map((p) => ADDRESS_PROBLEM_LABELS[p]),
        delivery_name: order.deliveryName,
        delivery_address: order.deliveryAddress,
        city: order.city,
        state: order.state,
        pin_code: order.pinCode,
        mobile_number: order.mobileNumber,
        expires_at: (check.linkExpiresAt ?? now).toISOString(),
        resolution: (check.resolution as "confirmed" | "corrected" | null) ?? null,
      };
    },

    /**
     * The shopper's answer, once: the address confirmed as it is, or its street and phone corrected through the
     * orders module's correction (the invoice follows, as for the seller's own correction), each a line in the
     * order's history. Refused on a used (409) or expired (410) link, or once the parcel is booked (409).
     */
    async answer(
      orderId: number,
      token: string,
      body: AddressCheckAnswer,
      now = new Date(),
    ): Promise<AddressCheckLinkView> {
      await db.transaction(async (tx) => {
        const [check] = await tx.select().from(addressChecks).where(eq(addressChecks.orderId, orderId)).for("update");
        if (!check?.token || !sameSecret(token, check.token)) throw badLink();
        if (check.resolution)
          throw refusal("conflict", "ADDRESS_ANSWERED", "You have already answered. Write to us to change it.");
        if (!check.linkExpiresAt || check.linkExpiresAt <= now)
          throw refusal("gone", "ADDRESS_LINK_EXPIRED", "This link has expired. Write to us to check your address.");
        const order = await lockOrderToCorrect(tx, orderId);
        if (await hasOrderParcel(tx, orderId))
          throw refusal("conflict", "ALREADY_BOOKED", "Your parcel is already with the courier. Write to us.");
        if (body.action === "confirm") {
          await recordAddressNote(tx, order, "The shopper confirmed the delivery address", {});
        } else {
          const changes = { delivery_address: body.delivery_address.trim(), mobile_number: body.mobile_number.trim() };
          await saveDeliveryAddress(tx, orderId, { ...deliveryAddressOf(order), ...changes });
          await followAddressCorrection(tx, orderId, now);
          await recordAddressNote(tx, order, "The shopper corrected the delivery address before booking", changes);
        }
        await tx
          .update(addressChecks)
          .set({ resolution: body.action === "confirm" ? "confirmed" : "corrected", resolvedAt: now })
          .where(eq(addressChecks.orderId, orderId));
      });
      return this.linkView(orderId, token, now);
    },
  };
}

export type AddressCheckService = ReturnType<typeof createAddressCheckService>;
