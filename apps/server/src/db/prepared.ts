import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

const dialect = new PgDialect();

/**
 * A raw statement built once and run many times: drizzle does not rebuild its text on every request, and
 * the database parses and plans it once per session (a named prepared statement) instead of on every run.
 * For the hottest writes (a guest's first add to cart: 3,000 -> 5,600 a second from one client in
 * decision 048's measurement; PGlite too since decision 056). `values` fill the query's
 * `sql.placeholder()`s. Each name must stand for one text: PostgreSQL refuses a second text under a name.
 */
export function preparedSql<Row>(
  db: Db,
  name: string,
  query: SQL,
): (values: Record<string, unknown>) => Promise<Row[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows;
}
