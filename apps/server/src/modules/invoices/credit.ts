import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import { stoppedClock } from "./clock";
import {
  creditPieces,
  creditRemainder,
  creditValue,
  sum,
  toInr,
  type CreditableLine,
  type CreditLine,
} from "./compute";
import { takeNumber } from "./numbers";
import { creditNoteLines, creditNotes, invoiceLines, invoices } from "./tables";

/** What a credit note takes back: pieces cancelled from lines, or all that is left of the order less a fee the shop kept. */
export type CreditRequest =
  | {
      kind: "pieces";
      pieces: readonly { orderLineId: number; quantity: number }[];
      /** Cancelled before shipping (the default), or sent back by the shopper after delivery. */
      reason?: "Pieces cancelled" | "Goods returned";
    }
  | {
      /** Pieces sent back and accepted for `amountMinor` (the order's currency): all their value, or a part of it. */
      kind: "value";
      pieces: readonly { orderLineId: number; quantity: number }[];
      amountMinor: number;
      reason: "Goods returned";
    }
  | {
      /** A part of the value, spread over the lines: a discount given after the invoice (decision 094). */
      kind: "discount";
      amountMinor: number;
      reason: "Discount for paying online";
    }
  | {
      kind: "remainder";
      reason: "Order cancelled" | "Order refunded" | "Returned to origin" | "Delivery address corrected";
      feeMinor: number;
    };

/**
 * The credit note for a change to an invoiced order, in the caller's transaction (the seller's cancellation
 * or refund): the lines credited in proportion to the pieces or the amount, at the invoice's rates, numbered
 * in the credit-note series of the financial year, against the order's newest invoice. An order without an
 * invoice, or with nothing left to credit, gets none (null). Locks the invoice's row, so two changes of one
 * order credit one after the other.
 */
export async function issueCreditNote(
  tx: Tx,
  orderId: number,
  request: CreditRequest,
  now: Date,
): Promise<{ id: number; number: string } | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(desc(invoices.id))
    .limit(1)
    .for("update");
  if (!invoice) return null;
  const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
  const credited = await tx
    .select({
      invoiceLineId: creditNoteLines.invoiceLineId,
      gross: sql<number>`sum(${creditNoteLines.gross})::int`,
      quantity: sql<number>`sum(${creditNoteLines.quantity})::int`,
    })
    .from(creditNoteLines)
    .where(
      inArray(
        creditNoteLines.invoiceLineId,
        lines.map((l) => l.id),
      ),
    )
    .groupBy(creditNoteLines.invoiceLineId);
  const creditable: CreditableLine[] = lines.map((l) => {
    const before = credited.find((c) => c.invoiceLineId === l.id);
    return {
      invoiceLineId: l.id,
      quantity: l.quantity,
      gross: l.gross,
      rounding: l.rounding,
      rateBps: l.rateBps,
      creditedGross: before?.gross ?? 0,
      creditedQuantity: before?.quantity ?? 0,
    };
  });

  const inr = (minor: number) =>
    toInr(minor, { currency: invoice.currency as "INR" | "USD", rateMilli: invoice.rateMilli });
  const byInvoiceLine = (pieces: readonly { orderLineId: number; quantity: number }[]) => {
    const counts = new Map<number, number>();
    for (const p of pieces) {
      const line = lines.find((l) => l.orderLineId === p.orderLineId);
      if (line) counts.set(line.id, (counts.get(line.id) ?? 0) + p.quantity);
    }
    return counts;
  };
  let credit: CreditLine[];
  let reason: string;
  if (request.kind === "pieces") {
    credit = creditPieces(creditable, byInvoiceLine(request.pieces), invoice.supply);
    reason = request.reason ?? "Pieces cancelled";
  } else if (request.kind === "value") {
    credit = creditValue(creditable, byInvoiceLine(request.pieces), inr(request.amountMinor), invoice.supply);
    reason = request.reason;
  } else if (request.kind === "discount") {
    credit = creditRemainder(creditable, inr(request.amountMinor), invoice.supply);
    reason = request.reason;
  } else {
    const left = creditable.reduce((total, l) => total + l.gross - l.creditedGross, 0);
    credit = creditRemainder(creditable, left - inr(request.feeMinor), invoice.supply);
    reason = request.reason;
  }
  credit = credit.filter((c) => c.gross > 0);
  if (credit.length === 0) return null;

  const day = istDayOf(now);
  // The credit notes follow the invoice's own prefix ("JKH/26-27/000123" -> "JKHC/26-27/00012").
  const prefix = invoice.number.slice(0, invoice.number.indexOf("/"));
  // Dated at the caller's time, as before issue 38 (invoices read theirs after the number is taken).
  const numbered = await takeNumber(tx, prefix, "credit", invoice.isTest, day, stoppedClock(now).reading);
  if (!numbered) throw new Error("The credit-note series of this financial year is full");
  const [note] = await tx
    .insert(creditNotes)
    .values({ invoiceId: invoice.id, ...numbered, issueDate: day, reason, ...sum(credit) })
    .returning({ id: creditNotes.id });
  await tx.insert(creditNoteLines).values(credit.map((c) => ({ creditNoteId: note!.id, ...c })));
  return { id: note!.id, number: numbered.number };
}
