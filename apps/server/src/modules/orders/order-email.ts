import { formatMoney, SELLER, type Currency, toMajorUnits } from "@store/shared";
import type { EmailAttachment, OutgoingEmail } from "../../email/outbox";
import type { OrderRow } from "./transitions";

/** What the confirmation carries beside the order: the tax invoice issued in the same transaction (decision 033). */
export interface ConfirmationPapers {
  attachments: EmailAttachment[];
  /** Lines added to the confirmation's text (where to download the invoice). */
  text: string[];
}

/** The confirmation every paid or cash-on-delivery order sends (plain text: it reads everywhere). */
export function orderConfirmationEmail(
  order: OrderRow & { email: string },
  lines: { productName: string; size: string; quantity: number; unitPrice: number }[],
  papers?: ConfirmationPapers,
): OutgoingEmail {
  const currency = order.currency as Currency;
  const money = (minor: number) => formatMoney(toMajorUnits(minor), currency);
  const cod = order.paymentMethod === "cod";
  const totals = [
    `Subtotal: ${money(order.subtotal)}`,
    ...(order.discount ? [`Discount${order.promoCode ? ` (${order.promoCode})` : ""}: -${money(order.discount)}`] : []),
    `Shipping: ${order.shipping ? money(order.shipping) : "Free"}`,
    ...(order.rounding ? [`Rounding: ${money(order.rounding)}`] : []),
    `Total: ${money(order.total)}${cod ? " (to pay in cash on delivery)" : " (paid)"}`,
  ];
  return {
    to: order.email,
    subject: `${order.isTest ? "[TEST] " : ""}Your ${SELLER.brand} order #${order.id} is confirmed`,
    text: [
      `Namaste ${order.deliveryName},`,
      "",
      `Thank you for your order #${order.id}. ${cod ? "We will collect the payment in cash on delivery." : "We have received your payment."}`,
      ...(order.isTest ? ["This was a test payment through the payment simulator; nothing will be shipped."] : []),
      "",
      ...lines.map((l) => `${l.quantity} x ${l.productName} (size ${l.size}) at ${money(l.unitPrice)}`),
      "",
      ...totals,
      "",
      "Delivering to:",
      order.deliveryName,
      order.deliveryAddress,
      `${order.city}, ${order.state} ${order.pinCode}`,
      `${order.countryCode} ${order.mobileNumber}`,
      "",
      ...(papers?.text.length ? [...papers.text, ""] : []),
      `${SELLER.brand} - ${SELLER.supportEmail}`,
    ].join("\n"),
    attachments: papers?.attachments ?? [],
  };
}

/** Pieces the seller cancelled from a confirmed order: what, the new total, and the refund (or the smaller COD amount). */
export function piecesCancelledEmail(
  order: OrderRow & { email: string },
  pieces: { product_name: string; size: string; quantity: number }[],
  refundMinor: number,
): OutgoingEmail {
  const currency = order.currency as Currency;
  const money = (minor: number) => formatMoney(toMajorUnits(minor), currency);
  const cod = order.paymentMethod === "cod";
  return {
    to: order.email,
    subject: `${order.isTest ? "[TEST] " : ""}Your ${SELLER.brand} order #${order.id} has changed`,
    text: [
      `Namaste ${order.deliveryName},`,
      "",
      `We had to cancel part of your order #${order.id}:`,
      ...pieces.map((p) => `${p.quantity} x ${p.product_name} (size ${p.size})`),
      "",
      `New order total: ${money(order.total)}${cod ? " (to pay in cash on delivery)" : ""}`,
      ...(refundMinor > 0
        ? [`We are refunding ${money(refundMinor)} to your original payment method; banks take a few days to show it.`]
        : []),
      "The rest of your order will be shipped as planned.",
      "",
      `${SELLER.brand} - ${SELLER.supportEmail}`,
    ].join("\n"),
  };
}
