import { asc, eq } from "drizzle-orm";
import type { SellerGst } from "@store/shared";
import type { Tx } from "../../db/client";
import { removeOrderedLines } from "../cart/checkout-lines";
import { recordProvenAddress } from "../accounts/proven-addresses";
import { queueEmail } from "../../email/outbox";
import { closeOtherAttempts, holdOrder, holdsEverything } from "./holds";
import { notifyShopper } from "./notify-shopper";
import { moneyOf, orderConfirmationEmail, type ConfirmationPapers } from "./order-email";
import { newOrderAlert } from "./seller-alert";
import { readSeller } from "../settings/service";
import { catchRefusal, type Refusal } from "../../errors";
import { orderLines } from "./tables";
import { transition, type OrderRow } from "./transitions";

export type { ConfirmationPapers };
export type FulfilResult = { ok: true } | { ok: false; refusal: Refusal };

/** Makes the papers once the order is confirmed, inside its transaction; the caller (payments, checkout) knows how. */
export type MakePapers = (
  tx: Tx,
  order: OrderRow,
  lines: (typeof orderLines.$inferSelect)[],
  gst: SellerGst | null,
) => Promise<ConfirmationPapers>;

/**
 * Confirms an order (paid, or cash on delivery) in the caller's transaction, which holds the cart's lock and
 * then the order's (`lockOrderWithCart`). All or nothing: the cart's other open attempts close (one cart is
 * bought once, and their holds may be the pieces this order needs), what the order does not hold yet is taken
 * (a late payment, a cash-on-delivery confirmation), the ordered pieces leave the cart, the status moves, the
 * order's address is recorded as proven, the papers are made (the invoice) and the confirmation (and the seller's alert, and the WhatsApp message when
 * the shopper opted in) is queued. A refusal changes nothing and the caller decides what it means (refund a
 * payment, or refuse cash on delivery). Product pages see the stock taken once the caller commits.
 */
export async function fulfilOrder(
  tx: Tx,
  order: OrderRow,
  to: "paid" | "cod_confirmed",
  note: string,
  makePapers?: MakePapers,
): Promise<FulfilResult> {
  const confirm = async (sp: Tx) => {
    await closeOtherAttempts(sp, order.cartId, order.id);
    const refused = await holdOrder(sp, order, to === "paid" ? "payment" : "order");
    if (refused) throw refused;
    const lines = await sp
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    await removeOrderedLines(
      sp,
      order.cartId,
      lines.flatMap((l) =>
        l.productId === null ? [] : [{ productId: l.productId, size: l.size, quantity: l.quantity }],
      ),
      order.id,
    );
    await transition(sp, order, to, note);
    // A completed order proves its address: cart reminders may go to it from now on (decision 062).
    if (order.email) await recordProvenAddress(sp, order.email);
    await notifyShopper(sp, order, {
      whatsapp: {
        template: "order_confirmed",
        parameters: [String(order.id), moneyOf(order)(order.total)],
      },
    });
    // The papers come last: the invoice's number locks its series until the commit, and every confirmation
    // in the shop queues for that lock, so as little as possible follows it (decision 052).
    const seller = await readSeller(sp);
    const papers = makePapers ? await makePapers(sp, order, lines, seller.gst) : undefined;
    // The confirmation e-mail carries the invoice: sent whatever the shopper chose about order updates. It
    // and the seller's alert go into the outbox in one statement.
    const confirmation = order.email ? orderConfirmationEmail({ ...order, email: order.email }, lines, papers) : null;
    const alert = newOrderAlert(order, to, lines, seller.settings);
    await queueEmail(sp, ...[confirmation, alert].filter((email) => email !== null));
    return { ok: true as const };
  };
  // Nothing can refuse an order that holds everything already (a card order being paid): it is confirmed
  // without the savepoint's two round trips. Otherwise the savepoint undoes the closed attempts on a refusal.
  if (holdsEverything(order)) return confirm(tx);
  return catchRefusal(() => tx.transaction(confirm));
}
