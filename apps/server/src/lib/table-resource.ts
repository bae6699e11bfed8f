import { eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client";
import type { AppError } from "../errors";

/**
 * How one flat record type (promo codes, strip tiles, testimonials, blog posts) is stored and shown. The
 * module that owns the table defines it, so only that module writes the table; the back office wraps each
 * operation in a transaction with its audit row (modules/admin/resource.ts).
 */
export interface TableResourceSpec<TTable extends PgTable, TRow, TView, TCreate, TPatch> {
  /** Name in the audit log and in "... not found". */
  entity: string;
  label: string;
  table: TTable;
  id: PgColumn;
  orderBy: (PgColumn | SQL)[];
  toView(row: TRow): TView;
  /** The columns of a new record; override `insert` when the owner's service must write it. */
  toInsert?(input: TCreate): TTable["$inferInsert"];
  insert?(tx: Tx, input: TCreate): Promise<number>;
  /** The columns an edit changes, given the record as it is (to check the edit against the rest). */
  toUpdate?(patch: TPatch, current: TView): Partial<TTable["$inferInsert"]>;
  update?(tx: Tx, id: number, patch: TPatch, current: TView): Promise<void>;
  /** The 409 for a unique index this table has. */
  duplicate?(): AppError;
  /** Runs after a committed write (e.g. the catalogue cache). */
  afterWrite?(): void;
  /** View fields computed at read time (not stored), left out of the audit log's before/after. */
  derived?: readonly string[];
}

/** The reads and writes of one record type; writes take the caller's transaction. */
export interface TableResource<TView, TCreate, TPatch> {
  entity: string;
  label: string;
  list(db: Db): Promise<TView[]>;
  /** `lock` holds the row until the transaction ends. */
  find(executor: Db | Tx, id: number, lock?: boolean): Promise<TView | undefined>;
  insert(tx: Tx, input: TCreate): Promise<number>;
  update(tx: Tx, id: number, patch: TPatch, current: TView): Promise<void>;
  remove(tx: Tx, id: number): Promise<void>;
  duplicate?(): AppError;
  afterWrite?(): void;
  derived?: readonly string[];
}

export function tableResource<TTable extends PgTable, TRow, TView, TCreate, TPatch>(
  spec: TableResourceSpec<TTable, TRow, TView, TCreate, TPatch>,
): TableResource<TView, TCreate, TPatch> {
  const table = spec.table as PgTable;

  async function defaultInsert(tx: Tx, input: TCreate): Promise<number> {
    if (!spec.toInsert) throw new Error(`${spec.entity}: neither insert nor toInsert given`);
    const [row] = await tx.insert(table).values(spec.toInsert(input)).returning({ id: spec.id });
    return Number(row?.id);
  }

  async function defaultUpdate(tx: Tx, id: number, patch: TPatch, current: TView): Promise<void> {
    if (!spec.toUpdate) throw new Error(`${spec.entity}: neither update nor toUpdate given`);
    // Fields the edit leaves out arrive as undefined; only the rest are written.
    const columns = Object.fromEntries(
      Object.entries(spec.toUpdate(patch, current)).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(columns).length > 0) await tx.update(table).set(columns).where(eq(spec.id, id));
  }

  return {
    entity: spec.entity,
    label: spec.label,
    async list(db) {
      const rows = await db
        .select()
        .from(table)
        .orderBy(...spec.orderBy);
      return rows.map((row) => spec.toView(row as TRow));
    },
    async find(executor, id, lock = false) {
      const query = executor.select().from(table).where(eq(spec.id, id));
      const [row] = lock ? await query.for("update") : await query;
      return row === undefined ? undefined : spec.toView(row as TRow);
    },
    insert: spec.insert ?? defaultInsert,
    update: spec.update ?? defaultUpdate,
    async remove(tx, id) {
      await tx.delete(table).where(eq(spec.id, id));
    },
    duplicate: spec.duplicate,
    afterWrite: spec.afterWrite,
    derived: spec.derived,
  };
}
