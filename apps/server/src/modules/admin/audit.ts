import { and, count, desc, eq, gte, lt } from "drizzle-orm";
import type { AuditLogQuery, AuditLogResponse } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { emailsOfUsers, userIdByEmail } from "../accounts/admins";
import { istDayEnd, istDayStart } from "../../lib/seller-time";
import type { SessionUser } from "../accounts/service";
import { auditLog } from "./tables";

/** A record as the back office shows it; audit rows keep the fields that differ between two of these. */
export type Snapshot = Record<string, unknown>;
export type Changes = Record<string, { before: unknown; after: unknown }>;

/** Timestamps change on every write and say nothing the audit row's own time does not. */
const UNAUDITED = new Set(["created_at", "updated_at"]);

/** The fields whose values differ, each with both values (null where the record did not or no longer exists). */
export function diff(before: Snapshot | null, after: Snapshot | null): Changes {
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (UNAUDITED.has(key)) continue;
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = { before: was, after: is };
  }
  return changes;
}

export interface AuditEntryInput {
  action: string;
  entity: string;
  entityId: string | number;
  before: Snapshot | null;
  after: Snapshot | null;
}

/**
 * Writes the audit row inside the caller's transaction, so a change and its record commit or roll back
 * together. An edit that changed nothing leaves no row. Answers whether a row was written.
 */
/** `actor`: the signed-in admin who made the change, or null for the command line (admin:create). */
export async function recordAudit(
  tx: Tx,
  actor: Pick<SessionUser, "id"> | null,
  entry: AuditEntryInput,
): Promise<boolean> {
  const changes = diff(entry.before, entry.after);
  if (Object.keys(changes).length === 0 && entry.before !== null && entry.after !== null) return false;
  await tx.insert(auditLog).values({
    actorUserId: actor?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    changes,
  });
  return true;
}

/** `GET /api/admin/audit-log`: newest first, optionally for one entity or record, one actor, IST days. */
export async function listAuditLog(db: Db, query: AuditLogQuery): Promise<AuditLogResponse> {
  // An actor filter naming nobody matches nothing (-1 is no user's id), rather than everything.
  const actorId = query.actor === undefined ? undefined : ((await userIdByEmail(db, query.actor)) ?? -1);
  const where = and(
    query.entity === undefined ? undefined : eq(auditLog.entity, query.entity),
    query.entity_id === undefined ? undefined : eq(auditLog.entityId, query.entity_id),
    actorId === undefined ? undefined : eq(auditLog.actorUserId, actorId),
    query.from === undefined ? undefined : gte(auditLog.createdAt, istDayStart(query.from)),
    query.to === undefined ? undefined : lt(auditLog.createdAt, istDayEnd(query.to)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  // The accounts module answers for its users: one query for the page's actors.
  const actorEmails = await emailsOfUsers(
    db,
    rows.flatMap((entry) => (entry.actorUserId === null ? [] : [entry.actorUserId])),
  );
  return {
    data: rows.map((entry) => ({
      id: entry.id,
      actor:
        entry.actorUserId === null ? null : { id: entry.actorUserId, email: actorEmails.get(entry.actorUserId) ?? "" },
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      changes: (entry.changes as Changes | null) ?? null,
      created_at: entry.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
