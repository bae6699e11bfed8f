import { count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type {
  AdminContactQuery, AdminContactQueryListResponse, AdminQueryListQuery, AdminReview, AdminReviewListQuery, AdminReviewListResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import { products } from "../catalog/tables";
import { contactQueries, customerReviews } from "../content/tables";
import { recordAudit } from "./audit";
import { notFound } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";

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

/** What shoppers send in: reviews waiting for (or given) approval, and contact-form messages. */
export function createInbox(db: Db) {
  async function review(executor: Pick<Db, "select">, id: number, lock = false): Promise<AdminReview> {
    const query = executor.select({ review: customerReviews, productName: products.name }).from(customerReviews)
      .leftJoin(products, eq(products.id, customerReviews.productId)).where(eq(customerReviews.id, id));
    const [row] = lock ? await query.for("update", { of: customerReviews }) : await query;
    if (!row) throw notFound("Review");
    return reviewView(row.review, row.productName);
  }

  return {
    /** Newest first; `approved=false` is the moderation queue (new and hidden reviews). */
    async listReviews(query: AdminReviewListQuery): Promise<AdminReviewListResponse> {
      const where = query.approved === undefined ? undefined : eq(customerReviews.isApproved, query.approved);
      const [rows, [total]] = await Promise.all([
        db.select({ review: customerReviews, productName: products.name }).from(customerReviews)
          .leftJoin(products, eq(products.id, customerReviews.productId)).where(where)
          .orderBy(desc(customerReviews.createdAt), desc(customerReviews.id)).limit(query.page_size).offset((query.page - 1) * query.page_size),
        db.select({ n: count() }).from(customerReviews).where(where),
      ]);
      return { data: rows.map((r) => reviewView(r.review, r.productName)), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
    },

    /** Approve (shown on the site) or hide (not shown); repeating either changes nothing. */
    setReviewApproval: (actor: SessionUser, id: number, approved: boolean): Promise<AdminReview> => db.transaction(async (tx) => {
      const before = await review(tx, id, true);
      await tx.update(customerReviews).set({ isApproved: approved }).where(eq(customerReviews.id, id));
      const after = await review(tx, id);
      await recordAudit(tx, actor, { action: approved ? "approve" : "hide", entity: "customer_review", entityId: id, before, after });
      return after;
    }),

    /** Newest first; `handled=false` is the inbox. */
    async listQueries(query: AdminQueryListQuery): Promise<AdminContactQueryListResponse> {
      const where = query.handled === undefined ? undefined : query.handled ? isNotNull(contactQueries.handledAt) : isNull(contactQueries.handledAt);
      const [rows, [total]] = await Promise.all([
        db.select().from(contactQueries).where(where).orderBy(desc(contactQueries.createdAt), desc(contactQueries.id))
          .limit(query.page_size).offset((query.page - 1) * query.page_size),
        db.select({ n: count() }).from(contactQueries).where(where),
      ]);
      return { data: rows.map(queryView), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
    },

    /** Marks a message handled; one already handled keeps the time it was first handled. */
    markQueryHandled: (actor: SessionUser, id: number): Promise<AdminContactQuery> => db.transaction(async (tx) => {
      const [row] = await tx.select().from(contactQueries).where(eq(contactQueries.id, id)).for("update");
      if (!row) throw notFound("Query");
      const [updated] = await tx.update(contactQueries).set({ handledAt: sql`coalesce(${contactQueries.handledAt}, now())` })
        .where(eq(contactQueries.id, id)).returning();
      const after = queryView(updated ?? row);
      await recordAudit(tx, actor, { action: "handle", entity: "contact_query", entityId: id, before: queryView(row), after });
      return after;
    }),
  };
}

export type Inbox = ReturnType<typeof createInbox>;
