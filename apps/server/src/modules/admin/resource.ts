import type { Db, Tx } from "../../db/client";
import type { TableResource } from "../../lib/table-resource";
import { recordAudit, type Snapshot } from "./audit";
import { notFound, onDuplicate } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";

/**
 * The back office's list, get, create, update and delete of a flat record type that its owning module
 * defines (lib/table-resource.ts): each write and its audit row in one transaction.
 */
export function auditedResource<TView extends Snapshot, TCreate, TPatch>(
  db: Db,
  resource: TableResource<TView, TCreate, TPatch>,
) {
  async function mustFind(executor: Db | Tx, id: number, lock = false): Promise<TView> {
    const view = await resource.find(executor, id, lock);
    if (!view) throw notFound(resource.label);
    return view;
  }

  /** A write with its audit row in one transaction; a unique violation becomes the spec's 409. */
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const run = () => db.transaction(work);
    const result = resource.duplicate ? await onDuplicate(run, resource.duplicate) : await run();
    resource.afterWrite?.();
    return result;
  }

  const { entity } = resource;
  // A computed field (a promo code's inactive reason) is no change the seller made: not audited.
  const stored = (view: TView): Snapshot =>
    Object.fromEntries(Object.entries(view).filter(([key]) => !resource.derived?.includes(key)));
  return {
    list: async (): Promise<{ data: TView[] }> => ({ data: await resource.list(db) }),

    get: (id: number): Promise<TView> => mustFind(db, id),

    create: (actor: SessionUser, input: TCreate): Promise<TView> =>
      write(async (tx) => {
        const id = await resource.insert(tx, input);
        const after = await mustFind(tx, id);
        await recordAudit(tx, actor, { action: "create", entity, entityId: id, before: null, after: stored(after) });
        return after;
      }),

    update: (actor: SessionUser, id: number, patch: TPatch): Promise<TView> =>
      write(async (tx) => {
        const before = await mustFind(tx, id, true);
        await resource.update(tx, id, patch, before);
        const after = await mustFind(tx, id);
        await recordAudit(tx, actor, {
          action: "update",
          entity,
          entityId: id,
          before: stored(before),
          after: stored(after),
        });
        return after;
      }),

    remove: (actor: SessionUser, id: number): Promise<void> =>
      write(async (tx) => {
        const before = await mustFind(tx, id, true);
        await resource.remove(tx, id);
        await recordAudit(tx, actor, { action: "delete", entity, entityId: id, before: stored(before), after: null });
      }),
  };
}
