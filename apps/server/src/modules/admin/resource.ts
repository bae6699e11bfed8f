import { eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import type { AppError } from "../../errors";
import type { Tx } from "../../db/client";
import { recordAudit, type Snapshot } from "./audit";
import { notFound, onDuplicate } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";

/**
 * How one back-office record type is stored and shown. Most content (promo codes, strip tiles,
 * testimonials, blog posts) is a flat table edited field by field, so one implementation of list, get,
 * create, update and delete (each audited in its own transaction) serves them all.
 */
export interface ResourceSpec<TTable extends PgTable, TRow, TView extends Snapshot, TCreate, TPatch> {
  /** Name in the audit log and in "... not found". */
  entity: string;
  label: string;
  table: TTable;
  id: PgColumn;
  orderBy: (PgColumn | SQL)[];
  toView(row: TRow): TView;
  /** The columns of a new record; override `insert` when another service must write it. */
  toInsert?(input: TCreate): TTable["$inferInsert"];
  insert?(tx: Tx, input: TCreate): Promise<number>;
  /** The columns an edit changes, given the record as it is (to check the edit against the rest). */
  toUpdate?(patch: TPatch, current: TView): Partial<TTable["$inferInsert"]>;
  update?(tx: Tx, id: number, patch: TPatch, current: TView): Promise<void>;
  /** The 409 for a unique index this table has. */
  duplicate?(): AppError;
  /** Runs after a committed write (e.g. the catalogue cache). */
  afterWrite?(): void;
}

export function createResource<TTable extends PgTable, TRow, TView extends Snapshot, TCreate, TPatch>(
  db: Db,
  spec: ResourceSpec<TTable, TRow, TView, TCreate, TPatch>,
) {
  const table = spec.table as PgTable;

  async function find(executor: Db | Tx, id: number, lock = false): Promise<TView | undefined> {
    const query = executor.select().from(table).where(eq(spec.id, id));
    const [row] = lock ? await query.for("update") : await query;
    return row === undefined ? undefined : spec.toView(row as TRow);
  }

  async function mustFind(executor: Db | Tx, id: number, lock = false): Promise<TView> {
    const view = await find(executor, id, lock);
    if (!view) throw notFound(spec.label);
    return view;
  }

  /** A write with its audit row in one transaction; a unique violation becomes the spec's 409. */
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const run = () => db.transaction(work);
    const result = spec.duplicate ? await onDuplicate(run, spec.duplicate) : await run();
    spec.afterWrite?.();
    return result;
  }

  async function defaultInsert(tx: Tx, input: TCreate): Promise<number> {
    if (!spec.toInsert) throw new Error(`${spec.entity}: neither insert nor toInsert given`);
    const [row] = await tx.insert(table).values(spec.toInsert(input)).returning({ id: spec.id });
    return Number(row?.id);
  }

  async function defaultUpdate(tx: Tx, id: number, patch: TPatch, current: TView): Promise<void> {
    if (!spec.toUpdate) throw new Error(`${spec.entity}: neither update nor toUpdate given`);
    // Fields the edit leaves out arrive as undefined; only the rest are written.
    const columns = Object.fromEntries(Object.entries(spec.toUpdate(patch, current)).filter(([, value]) => value !== undefined));
    if (Object.keys(columns).length > 0) await tx.update(table).set(columns).where(eq(spec.id, id));
  }

  return {
    async list(): Promise<{ data: TView[] }> {
      const rows = await db.select().from(table).orderBy(...spec.orderBy);
      return { data: rows.map((row) => spec.toView(row as TRow)) };
    },

    get: (id: number): Promise<TView> => mustFind(db, id),

    create: (actor: SessionUser, input: TCreate): Promise<TView> => write(async (tx) => {
      const id = await (spec.insert ?? defaultInsert)(tx, input);
      const after = await mustFind(tx, id);
      await recordAudit(tx, actor, { action: "create", entity: spec.entity, entityId: id, before: null, after });
      return after;
    }),

    update: (actor: SessionUser, id: number, patch: TPatch): Promise<TView> => write(async (tx) => {
      const before = await mustFind(tx, id, true);
      await (spec.update ?? defaultUpdate)(tx, id, patch, before);
      const after = await mustFind(tx, id);
      await recordAudit(tx, actor, { action: "update", entity: spec.entity, entityId: id, before, after });
      return after;
    }),

    remove: (actor: SessionUser, id: number): Promise<void> => write(async (tx) => {
      const before = await mustFind(tx, id, true);
      await tx.delete(table).where(eq(spec.id, id));
      await recordAudit(tx, actor, { action: "delete", entity: spec.entity, entityId: id, before, after: null });
    }),
  };
}
