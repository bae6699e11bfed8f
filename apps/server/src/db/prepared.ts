import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client";
import { planEachRun } from "./preparing-client";

const dialect = new PgDialect();

/** Runs a statement built once: `values` fill its `sql.placeholder()`s; rows come back keyed by column name. */
export type BuiltStatement<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

/**
 * How the database plans a statement built once (db/README.md):
 * - "prepared": the preparing client names it and the session keeps it prepared, so it is parsed and planned
 *   once; after five runs PostgreSQL may keep one generic plan for every value. Right for "this line of this
 *   cart", whose best plan is the same for any cart.
 * - "per-run": never prepared, planned for the values of each run. For statements whose best plan depends on
 *   the values themselves: a search for a word in half the catalogue is best read by a scan that stops early,
 *   a rare word through the index, and a generic plan is right for neither (decision 055).
 */
export type Plan = "prepared" | "per-run";

function built<Row>(db: Db, query: SQL, name: string | undefined, plan: Plan): BuiltStatement<Row> {
  const text = dialect.sqlToQuery(query);
  if (plan === "per-run") planEachRun(text.sql);
  const prepared = db._.session.prepareQuery(text, undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows;
}

/**
 * A raw statement built once and run many times under its own name: drizzle does not rebuild its text on
 * every request, and the database parses and plans it once per session (a named prepared statement). For the
 * hottest writes (a guest's first add to cart, decisions 048 and 056). Each name must stand for one text:
 * PostgreSQL refuses a second text under a name.
 */
export function preparedSql<Row>(db: Db, name: string, query: SQL): BuiltStatement<Row> {
  return built(db, query, name, "prepared");
}

/** What a statement's text varies with (never the values, which are placeholders): a step, a count of words. */
type Shape = Record<string, string | number | boolean>;

/** One text per shape: the same fields in any order make the same key. */
const keyOf = (shape: Shape) => JSON.stringify(Object.entries(shape).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * A statement whose text drizzle builds once per database and shape, then runs unnamed with each run's
 * values (search's, decision 058). `build` is declared once with its plan, so a shape always builds the same
 * text; the preparing client prepares it or plans it at every run as `plan` says.
 */
export function builtOnce<S extends Shape, Row>(
  { plan }: { plan: Plan },
  build: (db: Db, shape: S) => SQL,
): (db: Db, shape: S) => BuiltStatement<Row> {
  const byDatabase = new WeakMap<Db, Map<string, BuiltStatement<Row>>>();
  return (db, shape) => {
    let statements = byDatabase.get(db);
    if (!statements) byDatabase.set(db, (statements = new Map()));
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = built<Row>(db, build(db, shape), undefined, plan)));
    return statement;
  };
}

/** The pg client a database (its pool) or a transaction (its connection) runs statements on; drizzle's session holds it. */
const clientOf = (session: Db | Tx): object => (session._.session as unknown as { client: object }).client;

/**
 * A drizzle query built once, its text and how its rows map back, then run on the database or inside any of
 * its transactions with each run's `sql.placeholder` values, prepared under its own `name`.
 * Building a select is about 0.004 ms a column on this machine: the checkout's reads of whole orders, payments
 * and invoices cost 0.2-0.3 ms each to build, every time (decision 116). `build` must not depend on the session
 * it is given beyond running on it: the first caller's build serves every session.
 */
export function builtForAnySession<Query extends object>(
  name: string,
  build: (session: Db | Tx) => { prepare(name: string): Query },
): (session: Db | Tx) => Query {
  let built: Query | undefined;
  const onClient = new WeakMap<object, Query>();
  return (session) => {
    built ??= build(session).prepare(name);
    // drizzle's prepared query runs on its `client`: one per pool or pooled connection, kept while it lives.
    const client = clientOf(session);
    let query = onClient.get(client);
    if (!query) onClient.set(client, (query = Object.assign(Object.create(built) as Query, { client })));
    return query;
  };
}
