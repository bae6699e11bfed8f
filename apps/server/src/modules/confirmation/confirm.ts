import { orderPaidWrite } from "../numbers/paid";
import { and, asc, eq, getTableColumns, inArray, ne, sql, type SQLWrapper } from "drizzle-orm";
import { markQuoteAccepted } from "../quotes/service";
import type { Tx } from "../../db/client";
import { queueEmail } from "../../email/outbox";
import { provenAddressWrite } from "../accounts/proven-addresses";
import { cartLinesColumn, orderedLinesWrites } from "../cart/checkout-lines";
import { issueInvoice } from "../invoices/issue";
import { invoicePapers } from "../invoices/papers";
import { closeOtherAttempts, holdOrder, holdsEverything } from "../orders/holds";
import { giveBackOnClose } from "../store-credit/ledger";
import { mainPhotoOf } from "../orders/line-images";
import { notifyShopper } from "../orders/notify-shopper";
import { moneyOf, orderConfirmationEmail } from "../orders/order-email";
import { newOrderAlert } from "../orders/seller-alert";
import { orderLines, orders } from "../orders/tables";
import { OPEN_STATUSES, transition, type OrderRow } from "../orders/transitions";
import { readSeller, sellerColumn } from "../settings/service";

/**
 * Whether the order's cart has another attempt in an open status: a superset of what `closeOtherAttempts`
 * closes (it also leaves bank transfers open), so false means it has nothing to do and its read is skipped.
 */
const otherOpenAttempts = (order: OrderRow) =>
  sql<boolean>`exists (select 1 from ${orders} where ${and(
    eq(orders.cartId, order.cartId),
    inArray(orders.status, OPEN_STATUSES),
    ne(orders.id, order.id),
  )})`.mapWith(Boolean);

/**
 * Confirms an order (paid, or cash on delivery) in the caller's transaction, which holds the cart's lock and
 * then the order's (`lockOrderWithCart`). All or nothing: the cart's other open attempts close (one cart is
 * bought once, and their holds may be the pieces this order needs), what the order does not hold yet is taken
 * (a late payment, a cash-on-delivery confirmation), the ordered pieces leave the cart, the status moves, the
 * order's address is recorded as proven, the tax invoice is numbered, and the confirmation (with the seller's
 * alert, and the WhatsApp message when the shopper opted in) is queued. What cannot be held (sold out, a
 * promo used up) is a Refusal, thrown once its savepoint has undone this step: a caller that must answer it
 * in its own transaction (a payment refunded) catches it; others let it roll theirs back.
 *
 * Only rows are written here: the invoice's PDF and the e-mails' HTML are drawn after the commit, by the outbox
 * worker when it sends them, or when someone opens the invoice first. Product pages see the stock taken once
 * the caller commits. `alongside`: the caller's own writes that read nothing written here (the payment
 * recorded as captured), sent with the status change.
 */
export async function confirmOrder(
  tx: Tx,
  order: OrderRow,
  to: "paid" | "cod_confirmed",
  note: string,
  alongside: readonly SQLWrapper[] = [],
): Promise<void> {
  const confirm = async (sp: Tx) => {
    // One read: the order's lines with each main photo (for the e-mail), the cart's lines (the ordered pieces
    // leave it), whether the cart has another open attempt, and the seller's record (the invoice's GST
    // registration, the alert's address). Under the cart's lock, so none of it changes.
    const lines = await sp
      .select({
        ...getTableColumns(orderLines),
        photo: mainPhotoOf(orderLines.productId),
        cartLines: cartLinesColumn(order.cartId),
        otherAttempts: otherOpenAttempts(order),
        seller: sellerColumn(),
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    if (lines.length === 0 || lines[0]!.otherAttempts)
      await closeOtherAttempts(sp, order.cartId, order.id, giveBackOnClose);
    await holdOrder(sp, order, to === "paid" ? "payment" : "order", lines);
    const cartWrites = await orderedLinesWrites(
      sp,
      order.cartId,
      lines.flatMap((l) =>
        l.productId === null ? [] : [{ productId: l.productId, size: l.size, quantity: l.quantity }],
      ),
      order.id,
      lines[0]?.cartLines ?? [],
    );
    // The writes no other write here reads go with the status change in one statement: the ordered pieces
    // leave the cart, the address is proven (cart reminders may go to it from now on, decision 062), the
    // seller's numbers count the sale (the one step every confirmed order takes, decision 105), and the
    // caller's. Five round trips were one each.
    await transition(sp, order, to, note, undefined, [
      ...cartWrites,
      ...(order.email ? [provenAddressWrite(sp, order.email)] : []),
      orderPaidWrite(
        sp,
        order,
        lines.map((l) => l.productId),
      ),
      ...alongside,
    ]);
    // An order checked out from an accepted quote's cart makes the quote accepted (decision 101).
    if (order.quoteId !== null) await markQuoteAccepted(sp, order.quoteId, order.id);
    await notifyShopper(sp, order, {
      whatsapp: {
        template: "order_confirmed",
        parameters: [String(order.id), moneyOf(order)(order.total)],
      },
    });
    // The invoice comes last: its number locks its series until the commit, and every confirmation in the
    // shop queues for that lock, so as little as possible follows it (decision 052). An invoice the shop's tax
    // data does not allow yet is not issued (the seller sees why and issues it once fixed); the order is
    // confirmed all the same.
    const seller = lines[0]?.seller ?? (await readSeller(sp));
    const issued = await issueInvoice(sp, order.id, undefined, { order, lines, gst: seller.gst });
    const papers = issued.ok ? invoicePapers(order.id, issued) : undefined;
    // The confirmation e-mail carries the invoice: sent whatever the shopper chose about order updates. It
    // and the seller's alert go into the outbox in one statement.
    const pictured = lines.map(({ photo, ...l }) => ({ ...l, image: photo }));
    const confirmation = order.email
      ? orderConfirmationEmail({ ...order, email: order.email }, pictured, papers)
      : null;
    const alert = newOrderAlert(order, to, lines, seller.settings);
    await queueEmail(sp, ...[confirmation, alert].filter((email) => email !== null));
  };
  // Nothing can refuse an order that holds everything already (a card order being paid): it is confirmed
  // without the savepoint's two round trips. Otherwise the savepoint undoes the closed attempts on a refusal.
  if (holdsEverything(order)) return confirm(tx);
  return tx.transaction(confirm);
}
