import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { istDayOf } from "../../lib/seller-time";
import { creditPieces, creditRemainder, sum, toInr, type CreditableLine, type CreditLine } from "./compute";
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
  | { kind: "remainder"; reason: "Order cancelled" | "Order refunded" | "Returned to origin"; feeMinor: number };

/**
 * The credit note for a change to an invoiced order, in the caller's transaction (the seller's cancellation
 * or refund): the lines credited in proportion to the pieces or the amount, at the invoice's rates, numbered
 * in the credit-note series of the financial year. An order without an invoice, or with nothing left to
 * credit, gets none (null). Locks the invoice's row, so two changes of one order credit one after the other.
 */
export async function issueCreditNote(
  tx: Tx,
  orderId: number,
  request: CreditRequest,
  now: Date,
): Promise<{ id: number; number: string } | null> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId)).for("update");
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
      rateBps: l.rateBps,
      creditedGross: before?.gross ?? 0,
      creditedQuantity: before?.quantity ?? 0,
    };
  });

  let credit: CreditLine[];
  let reason: string;
  if (request.kind === "pieces") {
    const byInvoiceLine = new Map<number, number>();
    for (const p of request.pieces) {
      const line = lines.find((l) => l.orderLineId === p.orderLineId);
      if (line) byInvoiceLine.set(line.id, (byInvoiceLine.get(line.id) ?? 0) + p.quantity);
    }
    credit = creditPieces(creditable, byInvoiceLine, invoice.supply);
    reason = request.reason ?? "Pieces cancelled";
  } else {
    const left = creditable.reduce((total, l) => total + l.gross - l.creditedGross, 0);
    credit = creditRemainder(
      creditable,
      left - toInr(request.feeMinor, { currency: invoice.currency as "INR" | "USD", rateMilli: invoice.rateMilli }),
      invoice.supply,
    );
    reason = request.reason;
  }
  credit = credit.filter((c) => c.gross > 0);
  if (credit.length === 0) return null;

  const day = istDayOf(now);
  // The credit notes follow the invoice's own prefix ("JKH/26-27/000123" -> "JKHC/26-27/00012").
  const prefix = invoice.number.slice(0, invoice.number.indexOf("/"));
  const numbered = await takeNumber(tx, prefix, "credit", invoice.isTest, day);
  if (!numbered) throw new Error("The credit-note series of this financial year is full");
  const [note] = await tx
    .insert(creditNotes)
    .values({ invoiceId: invoice.id, ...numbered, issuedAt: now, issueDate: day, reason, ...sum(credit) })
    .returning({ id: creditNotes.id });
  await tx.insert(creditNoteLines).values(credit.map((c) => ({ creditNoteId: note!.id, ...c })));
  return { id: note!.id, number: numbered.number };
}
