import { and, desc, eq, gt, lte } from "drizzle-orm";
import type { NotifiedValueCreateInput, NotifiedValueKind, NotifiedValueView } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { duplicateField, notFound, onDuplicate } from "../../lib/failures";
import { notifiedValues } from "./tables";

/**
 * The notified values the seller keeps by date (issue 38): the customs rate of exchange for exports, the
 * B2C large limit, and the e-way bill and invoice-address limits. Each applies from its date until the next of its kind. `today` is the IST day the caller
 * reads the clock as: a value dated on or before it may already be on an invoice or in a return, so it is
 * never deleted; the seller adds one with a later date instead. A value may be added with a past date (a
 * notification entered late), which changes nothing already issued.
 */

type Row = typeof notifiedValues.$inferSelect;

/** The value of `kind` in force on `day`: the latest dated on or before it, or null before the first. */
export async function valueInForce(db: Db | Tx, kind: NotifiedValueKind, day: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(notifiedValues)
    .where(and(eq(notifiedValues.kind, kind), lte(notifiedValues.effectiveFrom, day)))
    .orderBy(desc(notifiedValues.effectiveFrom))
    .limit(1);
  return row ?? null;
}

/** A limit in force on `day`, in paise (an e-way bill's, the invoice address's); null before the first. */
export async function limitInForce(db: Db | Tx, kind: NotifiedValueKind, day: string): Promise<number | null> {
  return (await valueInForce(db, kind, day))?.valueMinor ?? null;
}

/** Every value of `kind`, newest date first. */
export const valuesOf = (db: Db | Tx, kind: NotifiedValueKind) =>
  db.select().from(notifiedValues).where(eq(notifiedValues.kind, kind)).orderBy(desc(notifiedValues.effectiveFrom));

function views(rows: readonly Row[], today: string): NotifiedValueView[] {
  const inForce = new Map<string, Row>();
  for (const r of rows) if (r.effectiveFrom <= today && !inForce.has(r.kind)) inForce.set(r.kind, r);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    effective_from: r.effectiveFrom,
    value_minor: r.valueMinor,
    notification: r.notification,
    status: r.effectiveFrom > today ? "scheduled" : inForce.get(r.kind) === r ? "in_force" : "past",
  }));
}

/** `GET /api/admin/notified-values`: every kind, each newest date first. */
export async function listNotifiedValues(db: Db | Tx, today: string): Promise<NotifiedValueView[]> {
  const rows = await db.select().from(notifiedValues).orderBy(notifiedValues.kind, desc(notifiedValues.effectiveFrom));
  return views(rows, today);
}

/** Adds a value from its date on; one per kind and date (409 on `effective_from`). Answers its view. */
export async function addNotifiedValue(
  tx: Tx,
  input: NotifiedValueCreateInput,
  today: string,
): Promise<NotifiedValueView> {
  const sameDay = () =>
    duplicateField(
      "effective_from",
      `A value from ${input.effective_from} is already saved: choose another date (one in force is replaced by one with a later date).`,
    );
  const [row] = await onDuplicate(
    () =>
      tx
        .insert(notifiedValues)
        .values({
          kind: input.kind,
          effectiveFrom: input.effective_from,
          valueMinor: Math.round(input.value * 100),
          notification: input.notification,
        })
        .returning(),
    sameDay,
  );
  if (!row) throw new Error("notified value insert returned no row");
  const [view] = views(await valuesOf(tx, input.kind), today).filter((v) => v.id === row.id);
  return view!;
}

/** Deletes a value whose date is still ahead of `today`; one in force or past may be on an invoice (409). */
export async function deleteNotifiedValue(tx: Tx, id: number, today: string): Promise<NotifiedValueView> {
  const [row] = await tx.select().from(notifiedValues).where(eq(notifiedValues.id, id)).for("update");
  if (!row) throw notFound("Value");
  if (row.effectiveFrom <= today)
    throw new AppError(
      "conflict",
      `The value from ${row.effectiveFrom} is already in force, so invoices may use it: add one with a later date instead.`,
      "VALUE_IN_FORCE",
    );
  await tx.delete(notifiedValues).where(and(eq(notifiedValues.id, id), gt(notifiedValues.effectiveFrom, today)));
  return views([row], today)[0]!;
}
