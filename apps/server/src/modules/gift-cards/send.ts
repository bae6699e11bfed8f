import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import { giftCardCodeHash, newGiftCardCode } from "./codes";
import { queueGiftCardEmails } from "./emails";
import { giftCards, type GiftCardRow } from "./tables";

/**
 * Sends one paid card, in the caller's transaction with the card's row locked: the code is made now, e-mailed
 * to the recipient (and a note to the buyer), and only its hash and last four kept. Only a `paid` card moves,
 * so a card is sent once however often this is asked.
 */
export async function sendGiftCard(tx: Tx, card: GiftCardRow): Promise<boolean> {
  if (card.status !== "paid") return false;
  const code = newGiftCardCode();
  const [sent] = await tx
    .update(giftCards)
    .set({ status: "sent", codeHash: giftCardCodeHash(code), codeLast4: code.slice(-4), sentAt: sql`now()` })
    .where(and(eq(giftCards.id, card.id), eq(giftCards.status, "paid")))
    .returning();
  if (!sent) return false;
  await queueGiftCardEmails(tx, sent, code);
  return true;
}

/** Whether a card bought for `sendOn` goes today, the seller's India day. */
export const dueBy = (sendOn: string, now: Date) => sendOn <= istDayOf(now);

const BATCH = 20;

/**
 * The job: every paid card whose India send date has come, sent once. Rows are claimed with SKIP LOCKED, so
 * two runs at once (two replicas, a run outlasting its period) take different cards, and `sendGiftCard`
 * moves only a card still `paid`.
 */
export async function sendDueGiftCards(db: Db, now = new Date()): Promise<number> {
  const today = istDayOf(now);
  let sent = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(giftCards)
        .where(and(eq(giftCards.status, "paid"), lte(giftCards.sendOn, today)))
        .orderBy(asc(giftCards.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      let n = 0;
      for (const card of due) if (await sendGiftCard(tx, card)) n += 1;
      return { claimed: due.length, n };
    });
    sent += batch.n;
    if (batch.claimed < BATCH) return sent;
  }
}
