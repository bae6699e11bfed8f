import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

const dialect = new PgDialect();

/** Runs a statement built once: `values` fill its `sql.placeholder()`s; rows come back keyed by column name. */
export type BuiltStatement<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

function built<Row>(db: Db, query: SQL, name: string | undefined): BuiltStatement<Row> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows;
}

/**
 * A raw statement built once and run many times: drizzle does not rebuild its text on every request, and
 * the database parses and plans it once per session (a named prepared statement) instead of on every run.
 * For the hottest writes (a guest's first add to cart: 3,000 -> 5,600 a second from one client in
 * decision 048's measurement; PGlite too since decision 056). Each name must stand for one text:
 * PostgreSQL refuses a second text under a name.
 */
export function preparedSql<Row>(db: Db, name: string, query: SQL): BuiltStatement<Row> {
  return built(db, query, name);
}

/**
 * Statements whose text drizzle builds once per database and shape, by key, then runs unnamed: the
 * preparing client prepares it like any other, or plans it at every run when it is marked plannedPerRun
 * (search's, decision 058). A key must always build the same text.
 */
export function builtOnce<Row>(): (db: Db, key: string, build: () => SQL) => BuiltStatement<Row> {
  const byDatabase = new WeakMap<Db, Map<string, BuiltStatement<Row>>>();
  return (db, key, build) => {
    let statements = byDatabase.get(db);
    if (!statements) byDatabase.set(db, (statements = new Map()));
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = built<Row>(db, build(), undefined)));
    return statement;
  };
}
