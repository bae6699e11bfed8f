import type { AdminContactQuery, AdminQueryListQuery, AdminReview, AdminReviewListQuery } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import * as contentInbox from "../content/inbox";
import * as moderation from "../reviews/moderation";
import { recordAudit } from "./audit";
import { notFound } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";

/** What shoppers send in (reviews, contact messages), moderated with an audit row per change. */
export function createInbox(db: Db) {
  async function review(executor: Db | Tx, id: number, lock = false): Promise<AdminReview> {
    const found = await moderation.findReview(executor, id, lock);
    if (!found) throw notFound("Review");
    return found;
  }

  return {
    listReviews: (query: AdminReviewListQuery) => moderation.listReviews(db, query),

    /** Approve (shown on the site) or hide (not shown), the product's rating following; repeating either changes nothing. */
    setReviewApproval: (actor: SessionUser, id: number, approved: boolean): Promise<AdminReview> =>
      db.transaction(async (tx) => {
        const before = await review(tx, id, true);
        await moderation.setReviewApproval(tx, id, approved);
        const after = await review(tx, id);
        await recordAudit(tx, actor, {
          action: approved ? "approve" : "hide",
          entity: "customer_review",
          entityId: id,
          before,
          after,
        });
        return after;
      }),

    /** The seller's public answer under a review (an empty one removes it). */
    replyToReview: (actor: SessionUser, id: number, reply: string): Promise<AdminReview> =>
      db.transaction(async (tx) => {
        const before = await review(tx, id, true);
        await moderation.setReviewReply(tx, id, reply);
        const after = await review(tx, id);
        await recordAudit(tx, actor, { action: "reply", entity: "customer_review", entityId: id, before, after });
        return after;
      }),

    listQueries: (query: AdminQueryListQuery) => contentInbox.listQueries(db, query),

    markQueryHandled: (actor: SessionUser, id: number): Promise<AdminContactQuery> =>
      db.transaction(async (tx) => {
        const handled = await contentInbox.markQueryHandled(tx, id);
        if (!handled) throw notFound("Query");
        await recordAudit(tx, actor, { action: "handle", entity: "contact_query", entityId: id, ...handled });
        return handled.after;
      }),
  };
}
