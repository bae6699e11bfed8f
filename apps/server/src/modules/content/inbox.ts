import { count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AdminContactQuery, AdminContactQueryListResponse, AdminQueryListQuery } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { contactQueries } from "./tables";

/**
 * Contact-form messages as the back office reads and handles them (reviews are the reviews module's). Writes take the caller's transaction, which also holds its audit row.
 */

type QueryRow = typeof contactQueries.$inferSelect;

const queryView = (q: QueryRow): AdminContactQuery => ({
  id: q.id,
  name: q.name,
  email: q.email,
  country_code: q.countryCode,
  mobile_number: q.mobileNumber,
  query: q.query,
  handled_at: q.handledAt?.toISOString() ?? null,
  created_at: q.createdAt.toISOString(),
});

/** Newest first; `handled=false` is the inbox. */
export async function listQueries(db: Db, query: AdminQueryListQuery): Promise<AdminContactQueryListResponse> {
  const where =
    query.handled === undefined
      ? undefined
      : query.handled
        ? isNotNull(contactQueries.handledAt)
        : isNull(contactQueries.handledAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactQueries)
      .where(where)
      .orderBy(desc(contactQueries.createdAt), desc(contactQueries.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(contactQueries).where(where),
  ]);
  return { data: rows.map(queryView), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

/**
 * Marks a message handled; one already handled keeps the time it was first handled. Answers the message
 * before and after (locked until the transaction ends), or undefined when there is none with this id.
 */
export async function markQueryHandled(
  tx: Tx,
  id: number,
): Promise<{ before: AdminContactQuery; after: AdminContactQuery } | undefined> {
  const [row] = await tx.select().from(contactQueries).where(eq(contactQueries.id, id)).for("update");
  if (!row) return undefined;
  const [updated] = await tx
    .update(contactQueries)
    .set({ handledAt: sql`coalesce(${contactQueries.handledAt}, now())` })
    .where(eq(contactQueries.id, id))
    .returning();
  return { before: queryView(row), after: queryView(updated ?? row) };
}
