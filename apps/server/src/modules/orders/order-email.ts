import { addressLines, formatMoney, namedSizePhrase, SELLER, type Currency, toMajorUnits } from "@store/shared";
import { renditionUrl, renditionWidths } from "@store/shared/media";
import { action, figures, lines, paragraph, pictured, STORE_URL_TAG, type Block } from "../../email/letter";
import { letterEmail, type EmailAttachment, type OutgoingEmail } from "../../email/outbox";
import { deliveryWindow, deliveryWindowText } from "./delivery-window";
import { orderPagePath } from "./reader";
import type { OrderRow } from "./transitions";
import { longestLeadDays } from "./made-to-order";
import { creditPaying, toPayByMethod } from "./refund-policy";

/** What the confirmation carries beside the order: the tax invoice issued in the same transaction (decision 033). */
export interface ConfirmationPapers {
  attachments: EmailAttachment[];
  /** Lines added to the confirmation's text (the invoice's number). */
  text: string[];
  /** Where to download the invoice: a button in the HTML, the address in the text. */
  link?: { label: string; href: string };
}

export const moneyOf = (order: Pick<OrderRow, "currency">) => (minor: number) =>
  formatMoney(toMajorUnits(minor), order.currency as Currency);

const testMark = (order: Pick<OrderRow, "isTest">) => (order.isTest ? "[TEST] " : "");

/** Where the order goes, as the shopper typed it (React escapes it in the HTML). */
export const deliveryBlock = (order: OrderRow): Block =>
  lines(
    [
      order.deliveryName,
      ...addressLines({
        address: order.deliveryAddress,
        city: order.city,
        state: order.state,
        pinCode: order.pinCode,
        country: order.deliveryCountry,
      }),
      `${order.countryCode} ${order.mobileNumber}`,
    ],
    "Delivering to:",
  );

/** Mail clients draw a photo about 72 px wide: the seed's 360 px copy where there is one, as an absolute address. */
export function mailPhotoUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const file = renditionWidths(url).includes(360) ? renditionUrl(url, 360) : url;
  return file.startsWith("/") ? `${STORE_URL_TAG}${file}` : file;
}

/**
 * The confirmation every paid or cash-on-delivery order sends. Not an order update the shopper can turn off:
 * it carries the tax invoice (decision: notifications draft).
 */
export function orderConfirmationEmail(
  order: OrderRow & { email: string },
  orderLines: {
    productName: string;
    size: string;
    sizeName: string;
    quantity: number;
    unitPrice: number;
    image?: string | null;
    /** Made to order (decision 099): the days to make it, when the caller read them. */
    leadDays?: number | null;
  }[],
  papers?: ConfirmationPapers,
): OutgoingEmail {
  const money = moneyOf(order);
  const cod = order.paymentMethod === "cod";
  const totals: [string, string][] = [
    ["Subtotal", money(order.subtotal)],
    ...(order.discount
      ? [[`Discount${order.promoCode ? ` (${order.promoCode})` : ""}`, `-${money(order.discount)}`] as [string, string]]
      : []),
    ["Shipping", order.shipping ? money(order.shipping) : "Free"],
    ...(order.rounding ? [["Rounding", money(order.rounding)] as [string, string]] : []),
    // Collected for the destination's customs (delivered duty paid, decision 081): not part of the GST invoice.
    ...(order.duties ? [["Import duties and taxes", money(order.duties)] as [string, string]] : []),
    ...paymentLines(order, money),
  ];
  const thanks = `Thank you for your order #${order.id}. ${cod && toPayByMethod(order) > 0 ? "We will collect the payment in cash on delivery." : "We have received your payment."}`;
  return letterEmail(
    order.email,
    `${testMark(order)}Your ${SELLER.brand} order #${order.id} is confirmed`,
    {
      preview: `Order #${order.id} is confirmed: ${money(order.total)}`,
      greeting: `Namaste ${order.deliveryName},`,
      blocks: [
        paragraph(
          [
            thanks,
            ...(order.isTest
              ? ["This was a test payment through the payment simulator; nothing will be shipped."]
              : []),
          ].join("\n"),
        ),
        pictured(
          orderLines.map((l) => ({
            text: `${l.quantity} x ${l.productName} (${namedSizePhrase(l.size, l.sizeName, false)}) at ${money(l.unitPrice)}`,
            image: mailPhotoUrl(l.image),
          })),
        ),
        figures(totals),
        paragraph(`Expected delivery: ${deliveryWindowText(deliveryWindow(order, longestLeadDays(orderLines)))}.`),
        deliveryBlock(order),
        action("Follow your order", `${STORE_URL_TAG}${orderPagePath(order)}`),
        ...(papers?.text.length ? [paragraph(papers.text.join("\n"))] : []),
        ...(papers?.link ? [action(papers.link.label, papers.link.href)] : []),
      ],
    },
    papers?.attachments ?? [],
  );
}

/**
 * The total, and how it is paid (decision 088): "Paid with store credit" for what the credit paid, then the rest
 * by the method (paid, or to pay in cash on delivery).
 */
function paymentLines(order: OrderRow, money: (minor: number) => string): [string, string][] {
  const credit = creditPaying(order);
  const rest = toPayByMethod(order);
  const cod = order.paymentMethod === "cod";
  if (credit === 0) return [["Total", `${money(order.total)}${cod ? " (to pay in cash on delivery)" : " (paid)"}`]];
  return [
    ["Total", money(order.total)],
    ["Paid with store credit", money(credit)],
    ...(rest > 0 ? [[cod ? "To pay in cash on delivery" : "Paid", money(rest)] as [string, string]] : []),
  ];
}

/**
 * Pieces the seller cancelled from a confirmed order: what, the new total, and the refund (or the smaller COD
 * amount). Sent regardless of the shopper's choices: it says money changed.
 */
export function piecesCancelledEmail(
  order: OrderRow & { email: string },
  pieces: { product_name: string; size: string; quantity: number }[],
  refundMinor: number,
  /** Of `refundMinor`, what went back as store credit (decision 088). */
  creditBackMinor = 0,
): OutgoingEmail {
  const money = moneyOf(order);
  const cod = order.paymentMethod === "cod";
  return letterEmail(order.email, `${testMark(order)}Your ${SELLER.brand} order #${order.id} has changed`, {
    preview: `We had to cancel part of your order #${order.id}`,
    greeting: `Namaste ${order.deliveryName},`,
    blocks: [
      lines(
        pieces.map((p) => `${p.quantity} x ${p.product_name} (size ${p.size})`),
        `We had to cancel part of your order #${order.id}:`,
      ),
      paragraph(
        [
          `New order total: ${money(order.total)}${cod ? ` (${money(toPayByMethod(order))} to pay in cash on delivery)` : ""}`,
          ...(refundMinor - creditBackMinor > 0
            ? [
                `We are refunding ${money(refundMinor - creditBackMinor)} to your original payment method; banks take a few days to show it.`,
              ]
            : []),
          ...(creditBackMinor > 0 ? [`${money(creditBackMinor)} is back in your account's store credit.`] : []),
          "The rest of your order will be shipped as planned.",
        ].join("\n"),
      ),
    ],
  });
}
