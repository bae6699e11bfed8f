import { formatMoney, SELLER, type Currency, toMajorUnits } from "@store/shared";
import type { Tx } from "../../db/client";
import { queueEmail } from "../../email/outbox";
import { alertRecipient, type SellerSettingsRow } from "../settings/service";
import type { OrderRow } from "./transitions";

/**
 * Tells the seller of a newly placed order (paid online, or cash on delivery confirmed), through the outbox
 * in the transaction that places it. `fulfilOrder` is the one door to both states and runs once per order
 * (a replayed webhook finds the order already paid), so the alert is written once. Off in the seller's settings: nothing.
 */
export async function queueNewOrderAlert(
  tx: Tx,
  order: OrderRow,
  to: "paid" | "cod_confirmed",
  lines: { productName: string; size: string; quantity: number }[],
  settings: SellerSettingsRow,
): Promise<void> {
  const recipient = alertRecipient(settings, "order");
  if (!recipient) return;
  const total = formatMoney(toMajorUnits(order.total), order.currency as Currency);
  const how = to === "paid" ? "paid online" : "cash on delivery, confirmed";
  await queueEmail(tx, {
    to: recipient,
    subject: `${order.isTest ? "[TEST] " : ""}New order #${order.id}: ${total} (${how})`,
    text: [
      `A new order was placed at ${SELLER.brand}.`,
      "",
      `Order #${order.id}, ${total}, ${how}.`,
      ...lines.map((l) => `${l.quantity} x ${l.productName} (size ${l.size})`),
      "",
      `Ship to: ${order.deliveryName}, ${order.city}, ${order.state} ${order.pinCode}`,
      `Phone: ${order.countryCode} ${order.mobileNumber}`,
      "",
      `Open it in the back office: /admin/orders/${order.id}`,
      "These alerts can be switched off under Settings in the back office.",
    ].join("\n"),
  });
}
