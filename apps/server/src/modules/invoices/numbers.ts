import { and, eq, sql, type SQL } from "drizzle-orm";
import { financialYearOf, shortFinancialYear } from "@store/shared";
import type { Tx } from "../../db/client";
import { documentSeries } from "./tables";

/** The longest document number the GST rules allow. */
export const MAX_NUMBER_LENGTH = 16;

/** The financial year (April to March) of an IST day, as numbers print it: "2026-11-25" -> "26-27". */
export const financialYear = (day: string): string => shortFinancialYear(financialYearOf(day));

export type DocumentKind = "invoice" | "credit";

/** Test orders (paid through the simulator) get their own series, so the real one stays without gaps. */
const seriesName = (kind: DocumentKind, test: boolean) => (test ? `test-${kind}` : kind);

const numberHead = (prefix: string, kind: DocumentKind, test: boolean, year: string) =>
  `${test ? "TST" : prefix}${kind === "credit" ? "C" : ""}/${year}/`;

/** "JKH/26-27/000123", a credit note "JKHC/26-27/00012", a test order's "TST/..." : the sequence fills up to 16 characters. */
export function formatNumber(prefix: string, kind: DocumentKind, test: boolean, year: string, seq: number): string {
  const head = numberHead(prefix, kind, test, year);
  return head + String(seq).padStart(MAX_NUMBER_LENGTH - head.length, "0");
}

export interface TakenNumber {
  number: string;
  series: string;
  financialYear: string;
  seq: number;
  /** The document's time: `reading`, evaluated once the series' row was locked. */
  issuedAt: Date;
}

/**
 * The next number of a series in the financial year of `day`, taken in the caller's transaction, with the time
 * `reading` gives in the same statement: the upsert locks the series' row until the commit, so parallel
 * settlements queue for it, each reads its time after the one before has committed, and a rolled-back one gives
 * its number back. Numbers run without gaps, never repeat, and their times never run backwards. A series whose
 * next number would outgrow 16 characters answers null and writes nothing (the caller reports it rather than
 * print a longer number), so the caller needs no savepoint to undo it.
 */
export async function takeNumber(
  tx: Tx,
  prefix: string,
  kind: DocumentKind,
  test: boolean,
  day: string,
  reading: SQL,
): Promise<TakenNumber | null> {
  const year = financialYear(day);
  const series = seriesName(kind, test);
  // The sequence's digits are what the head leaves of 16 characters; the series is full at 10^digits - 1.
  const digits = MAX_NUMBER_LENGTH - numberHead(prefix, kind, test, year).length;
  if (digits < 1) return null;
  const [row] = await tx
    .insert(documentSeries)
    .values({ series, financialYear: year, last: 1 })
    .onConflictDoUpdate({
      target: [documentSeries.series, documentSeries.financialYear],
      set: { last: sql`${documentSeries.last} + 1` },
      setWhere: sql`${documentSeries.last} < ${10 ** digits - 1}`,
    })
    // Milliseconds since the epoch: the same number from either driver, whatever its date parsing.
    .returning({ last: documentSeries.last, at: sql<number>`(extract(epoch from ${reading}) * 1000)::float8` });
  if (!row) return null;
  return {
    number: formatNumber(prefix, kind, test, year, row.last),
    series,
    financialYear: year,
    seq: row.last,
    issuedAt: new Date(Math.round(Number(row.at))),
  };
}

/**
 * Gives back a number taken in this transaction and not used: the series' row is still locked by it, so no
 * other number has been taken since and the next one taken is the same.
 */
export async function giveBackNumber(tx: Tx, taken: TakenNumber): Promise<void> {
  await tx
    .update(documentSeries)
    .set({ last: sql`${documentSeries.last} - 1` })
    .where(
      and(
        eq(documentSeries.series, taken.series),
        eq(documentSeries.financialYear, taken.financialYear),
        eq(documentSeries.last, taken.seq),
      ),
    );
}
