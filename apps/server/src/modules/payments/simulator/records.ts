import { and, asc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import type { ProviderName } from "../provider";
import { paymentSimulatorRecords as records } from "./tables";

type Kind = "order" | "payment" | "capture" | "token" | "request" | "refund";
/** A query runs on its own or inside the caller's transaction (where the record is locked). */
type Executor = Db | Tx;

/**
 * One kind of the simulated provider's records (a provider's orders, say), kept in the database so that
 * every replica's simulator sees the same ones. A change reads the record locked (`for update`) in one
 * short transaction, so two replicas refunding one payment at once take turns.
 */
export class SimulatorRecords<V> {
  constructor(
    private readonly db: Db,
    private readonly provider: ProviderName,
    private readonly kind: Kind,
  ) {}

  /** This provider's records of this kind, narrowed by `more`. */
  private mine(...more: SQL[]) {
    return and(eq(records.provider, this.provider), eq(records.kind, this.kind), ...more);
  }

  private where(id: string) {
    return this.mine(eq(records.id, id));
  }

  async get(id: string, q: Executor = this.db): Promise<V | undefined> {
    const [row] = await q.select({ body: records.body }).from(records).where(this.where(id));
    return row?.body as V | undefined;
  }

  async insert(id: string, body: V, options: { tx?: Tx; parentId?: string } = {}): Promise<V> {
    const { tx = this.db, parentId } = options;
    await tx.insert(records).values({ provider: this.provider, kind: this.kind, id, parentId, body });
    return body;
  }

  /** Inserts the record unless one with its id exists (waiting for a transaction inserting it); true if inserted. */
  async claim(id: string, body: V, tx: Tx): Promise<boolean> {
    const inserted = await tx
      .insert(records)
      .values({ provider: this.provider, kind: this.kind, id, body })
      .onConflictDoNothing()
      .returning({ id: records.id });
    return inserted.length > 0;
  }

  async save(id: string, body: V, tx: Tx): Promise<void> {
    await tx.update(records).set({ body }).where(this.where(id));
  }

  async delete(id: string, tx: Tx): Promise<void> {
    await tx.delete(records).where(this.where(id));
  }

  /** The records filed under `parentId`, oldest first. */
  async children(parentId: string): Promise<V[]> {
    const rows = await this.db
      .select({ body: records.body })
      .from(records)
      .where(this.mine(eq(records.parentId, parentId)))
      .orderBy(asc(records.createdAt));
    return rows.map((row) => row.body as V);
  }

  /**
   * Runs `change` on the record, locked, in a transaction of its own, and stores the record as `change` left
   * it. Answers what `change` answers, or undefined when there is no such record.
   */
  change<R>(id: string, change: (record: V, tx: Tx) => R | Promise<R>): Promise<R | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select({ body: records.body }).from(records).where(this.where(id)).for("update");
      if (!row) return undefined;
      const record = row.body as V;
      const answer = await change(record, tx);
      await this.save(id, record, tx);
      return answer;
    });
  }
}

/**
 * Housekeeping: the simulator's records older than `days` go, as a demo's memory would. Long enough for
 * a seller to refund a demo order weeks later; in production the table is empty.
 */
export async function deleteOldSimulatorRecords(db: Db, days = 30): Promise<number> {
  const deleted = await db
    .delete(records)
    .where(lt(records.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: records.id });
  return deleted.length;
}
