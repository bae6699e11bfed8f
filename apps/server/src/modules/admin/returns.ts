import type {
  AdminReturnStepResponse,
  AdminReturnView,
  ReturnInspection,
  ReturnStatus,
  ReturnsView,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import type { ReturnsService } from "../returns/service";
import {
  approveReturn,
  inspectReturn,
  markRefundPaid,
  receiveReturn,
  refuseReturn,
  type ReturnRow,
} from "../returns/review";
import { recordAudit } from "./audit";
import type { RefundPort } from "./orders-status";

/**
 * The seller's side of returns (issue 16): each decision runs the returns module's step and its audit row in
 * one transaction; what needs the courier or the payment provider happens after the commit, and a failure
 * there is reported beside the request (which stays as decided) for the seller to try again.
 */
export function createReturnsAdmin(
  db: Db,
  returns: ReturnsService,
  refunds: RefundPort | null,
  /** The payment gateway's `offline`: such an order's refund is the seller's transfer, as cash on delivery's. */
  offline: (method: string) => boolean,
) {
  /** `from`: the one state the step starts from (review.ts refuses any other), for the audit row. */
  async function step(
    actor: SessionUser,
    id: number,
    action: string,
    from: ReturnStatus,
    run: (tx: Tx) => Promise<{ request: ReturnRow }>,
  ): Promise<ReturnRow> {
    return db.transaction(async (tx) => {
      const { request } = await run(tx);
      await recordAudit(tx, actor, {
        action: `return:${action}`,
        entity: "return",
        entityId: id,
        before: { status: from },
        after: {
          status: request.status,
          ...(request.sellerNote && { note: request.sellerNote }),
          ...(request.acceptedMinor !== null && { accepted_minor: request.acceptedMinor }),
        },
      });
      return request;
    });
  }

  const answer = async (id: number, problem: string | null = null): Promise<AdminReturnStepResponse> => ({
    data: await returns.adminView(id),
    problem,
  });

  return {
    list: (status: ReturnStatus | undefined, view?: ReturnsView): Promise<AdminReturnView[]> =>
      returns.list(status, view),

    async approve(actor: SessionUser, id: number, note: string): Promise<AdminReturnStepResponse> {
      await step(actor, id, "approve", "requested", (tx) => approveReturn(tx, id, note));
      return answer(id, (await returns.bookPickup(id)).problem);
    },

    async refuse(actor: SessionUser, id: number, note: string): Promise<AdminReturnStepResponse> {
      await step(actor, id, "refuse", "requested", (tx) => refuseReturn(tx, id, note));
      return answer(id);
    },

    /** The return pickup booked again after the courier failed the first time. */
    async bookPickup(id: number): Promise<AdminReturnStepResponse> {
      return answer(id, (await returns.bookPickup(id)).problem);
    },

    /** The parcel is back, to be checked: nothing is refunded or put back on sale yet. */
    async receive(actor: SessionUser, id: number): Promise<AdminReturnStepResponse> {
      await step(actor, id, "receive", "approved", (tx) => receiveReturn(tx, id));
      return answer(id);
    },

    /**
     * The checked parcel's outcome (decision 059): the seller's photos are stored first, then the step and its
     * audit row commit together; a return's refund is tried at once after, and an accepted exchange's new
     * parcel is booked.
     */
    async inspect(
      actor: SessionUser,
      id: number,
      input: ReturnInspection,
      now = new Date(),
    ): Promise<AdminReturnStepResponse> {
      const photos = await returns.storePhotos(input.photos);
      let refundId: number | null = null;
      const request = await step(actor, id, `inspect:${input.outcome}`, "received", async (tx) => {
        const inspected = await inspectReturn(tx, id, input, photos, now, offline);
        refundId = inspected.refundId;
        return inspected;
      });
      if (refundId !== null && refunds) await refunds.refundNow(refundId);
      const problem = request.status === "accepted" ? (await returns.shipExchange(id)).problem : null;
      return answer(id, problem);
    },

    /** An exchange's new parcel booked again after the courier failed the first time. */
    async shipExchange(id: number): Promise<AdminReturnStepResponse> {
      return answer(id, (await returns.shipExchange(id)).problem);
    },

    async refundPaid(actor: SessionUser, id: number, reference: string): Promise<AdminReturnStepResponse> {
      await step(actor, id, "refund-paid", "refund_due", (tx) => markRefundPaid(tx, id, reference));
      return answer(id);
    },
  };
}
