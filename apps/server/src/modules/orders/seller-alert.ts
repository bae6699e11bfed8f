import { formatMoney, SELLER, type Currency, toMajorUnits } from "@store/shared";
import { STORE_URL_TAG } from "../../email/letter";
import type { OutgoingEmail } from "../../email/outbox";
import { alertRecipient, type SellerSettingsRow } from "../settings/service";
import type { OrderRow } from "./transitions";

/**
 * The seller's alert of a newly placed order (paid online, or cash on delivery confirmed), or null when it is
 * off in the seller's settings. `confirmOrder` (confirmation module) queues it in the transaction that places the order; it is the one
 * door to both states and runs once per order (a replayed webhook finds the order already paid), so the alert
 * is written once.
 */
export function newOrderAlert(
  order: OrderRow,
  to: "paid" | "cod_confirmed",
  lines: { productName: string; size: string; quantity: number }[],
  settings: SellerSettingsRow,
): OutgoingEmail | null {
  const recipient = alertRecipient(settings, "order");
  if (!recipient) return null;
  const total = formatMoney(toMajorUnits(order.total), order.currency as Currency);
  const how = to === "paid" ? "paid online" : "cash on delivery, confirmed";
  return {
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
      // Absolute (PUBLIC_URL, filled in when sent): a mail client cannot open a path on its own.
      `Open it in the back office: ${STORE_URL_TAG}/admin/orders/${order.id}`,
      "These alerts can be switched off under Settings in the back office.",
    ].join("\n"),
  };
}
