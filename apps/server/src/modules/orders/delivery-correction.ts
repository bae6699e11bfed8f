import { eq, sql } from "drizzle-orm";
import { ORDER_STATUS_LABELS } from "@store/shared";
import type { Tx } from "../../db/client";
import { refusal } from "../../errors";
import { notFound } from "../../lib/failures";
import { orderEvents, orders } from "./tables";
import { lockOrder, type OrderRow } from "./transitions";

/** An order's delivery address as the back office corrects it (decision 061). */
export interface DeliveryAddress {
  name: string;
  delivery_address: string;
  country_code: string;
  mobile_number: string;
  pin_code: string;
  city: string;
  state: string;
}

export const deliveryAddressOf = (order: OrderRow): DeliveryAddress => ({
  name: order.deliveryName,
  delivery_address: order.deliveryAddress,
  country_code: order.countryCode,
  mobile_number: order.mobileNumber,
  pin_code: order.pinCode,
  city: order.city,
  state: order.state,
});

/**
 * An order whose address the seller may still correct, locked for the correction: paid or cash on delivery
 * confirmed (so not shipped, cancelled or still unpaid) and delivered in India. The caller checks that no
 * parcel has been booked for it.
 */
export async function lockOrderToCorrect(tx: Tx, orderId: number): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound("Order");
  if (order.status !== "paid" && order.status !== "cod_confirmed")
    throw refusal(
      "conflict",
      "NOT_CORRECTABLE",
      `Order ${orderId} is "${ORDER_STATUS_LABELS[order.status]}": only a paid or cash-on-delivery confirmed order that has not shipped can have its address corrected.`,
    );
  if (order.deliveryCountry !== "IN")
    throw refusal(
      "conflict",
      "NOT_DOMESTIC",
      `Order ${orderId} goes abroad: only Indian addresses are corrected here.`,
    );
  return order;
}

/** Writes the corrected address on the locked order. */
export async function saveDeliveryAddress(tx: Tx, orderId: number, address: DeliveryAddress): Promise<void> {
  await tx
    .update(orders)
    .set({
      deliveryName: address.name,
      deliveryAddress: address.delivery_address,
      countryCode: address.country_code,
      mobileNumber: address.mobile_number,
      pinCode: address.pin_code,
      city: address.city,
      state: address.state,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId));
}

/**
 * A line in the order's history (order_events, the status unchanged) for a correction that did not come from
 * the back office's own form: the shopper's answer to a failed delivery or to an address check.
 */
export async function recordAddressNote(
  tx: Tx,
  order: OrderRow,
  note: string,
  changes: Partial<DeliveryAddress>,
): Promise<void> {
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, note, data: changes });
}

/**
 * The shopper's corrected street address or phone after a failed delivery (decision 090), written on the
 * shipped order too: the courier has it from the seller's reattempt; the order, its labels and later
 * messages should agree. The PIN code, city and state never change here (couriers change neither), so the
 * invoice's place of supply stands.
 */
export async function recordCourierCorrection(
  tx: Tx,
  orderId: number,
  correction: { delivery_address?: string | null; mobile_number?: string | null },
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (!order) return;
  const changes: Partial<DeliveryAddress> = {};
  if (correction.delivery_address && correction.delivery_address !== order.deliveryAddress)
    changes.delivery_address = correction.delivery_address;
  if (correction.mobile_number && correction.mobile_number !== order.mobileNumber)
    changes.mobile_number = correction.mobile_number;
  if (Object.keys(changes).length === 0) return;
  await saveDeliveryAddress(tx, orderId, { ...deliveryAddressOf(order), ...changes });
  await recordAddressNote(tx, order, "The shopper corrected the delivery address after a failed attempt", changes);
}
