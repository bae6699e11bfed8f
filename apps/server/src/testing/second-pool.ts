import { openDatabase, type Database } from "../db/client";

/**
 * Another way into the test database `database`, as a second replica would have: on PostgreSQL a pool of
 * its own (its queries truly run beside the first's); PGlite is one connection, so there it is the same
 * database, its queries taking turns with the first's.
 */
export async function openSecondPool(database: Database): Promise<Pick<Database, "db" | "close">> {
  const url = process.env.DATABASE_URL;
  if (database.kind !== "postgres" || !url) return { db: database.db, close: async () => {} };
  const second = new URL(url);
  // `location` is host:port/name; openTestDatabase made `name` for this file.
  second.pathname = database.location.slice(database.location.indexOf("/"));
  return openDatabase({ kind: "postgres", url: second.toString() });
}
