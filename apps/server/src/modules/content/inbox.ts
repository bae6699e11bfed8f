import { count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type {
  AdminContactQuery,
  AdminContactQueryListResponse,
  AdminQueryListQuery,
  AdminReview,
  AdminReviewListQuery,
  AdminReviewListResponse,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { products } from "../catalog/tables";
import { contactQueries, customerReviews } from "./tables";

/**
 * What shoppers send in, as the back office reads and moderates it: reviews waiting for (or given)
 * approval, and contact-form messages. Writes take the caller's transaction, which also holds its audit row.
 */

type ReviewRow = typeof customerReviews.$inferSelect;
type QueryRow = typeof contactQueries.$inferSelect;

const reviewView = (r: ReviewRow, productName: string | null): AdminReview => ({
  id: r.id,
  product_id: r.productId,
  product_name: productName,
  name: r.name,
  location: r.location,
  rating: r.rating,
  title: r.title,
  body: r.body,
  is_approved: r.isApproved,
  created_at: r.createdAt.toISOString(),
});

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

/** A review with the name of its product (a read of the catalogue, which this layer sits above). */
const reviewsWithProduct = (executor: Pick<Db, "select">) =>
  executor
    .select({ review: customerReviews, productName: products.name })
    .from(customerReviews)
    .leftJoin(products, eq(products.id, customerReviews.productId));

/** Newest first; `approved=false` is the moderation queue (new and hidden reviews). */
export async function listReviews(db: Db, query: AdminReviewListQuery): Promise<AdminReviewListResponse> {
  const where = query.approved === undefined ? undefined : eq(customerReviews.isApproved, query.approved);
  const [rows, [total]] = await Promise.all([
    reviewsWithProduct(db)
      .where(where)
      .orderBy(desc(customerReviews.createdAt), desc(customerReviews.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(customerReviews).where(where),
  ]);
  return {
    data: rows.map((r) => reviewView(r.review, r.productName)),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** One review; `lock` holds its row (not its product's) until the transaction ends. */
export async function findReview(executor: Db | Tx, id: number, lock = false): Promise<AdminReview | undefined> {
  const query = reviewsWithProduct(executor).where(eq(customerReviews.id, id));
  const [row] = lock ? await query.for("update", { of: customerReviews }) : await query;
  return row && reviewView(row.review, row.productName);
}

/** Shown on the site (approved) or not; repeating either changes nothing. */
export async function setReviewApproval(tx: Tx, id: number, approved: boolean): Promise<void> {
  await tx.update(customerReviews).set({ isApproved: approved }).where(eq(customerReviews.id, id));
}

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
