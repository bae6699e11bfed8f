import { sql, type SQL } from "drizzle-orm";

/**
 * Where a tax document's date and time come from (issue 38). `reading` is an SQL expression the statement that
 * takes the document's number evaluates once the series' row is locked, so a later number never carries an
 * earlier time, and near midnight no number of one day carries the day before. `guess` is the time the rest of
 * the document (its rates, the exchange rate, the LUT) is prepared for before the number is taken; the issuer
 * prepares it again in the rare case the reading falls on another day.
 */
export interface DocumentClock {
  guess(): Date;
  reading: SQL;
}

/** The database's own clock, read after the lock: one clock for every replica's numbers. */
export const databaseClock: DocumentClock = { guess: () => new Date(), reading: sql`clock_timestamp()` };

/** A clock stopped at `at`: a document dated on purpose (tests, and the credit notes that keep their caller's time). */
export const stoppedClock = (at: Date): DocumentClock => ({
  guess: () => at,
  reading: sql`${at.toISOString()}::timestamptz`,
});
