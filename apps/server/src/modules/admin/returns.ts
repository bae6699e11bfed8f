import type { AdminReturnStepResponse, AdminReturnView, ReturnStatus } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import type { ReturnsService } from "../returns/service";
import {
  approveReturn,
  markRefundPaid,
  receiveReturn,
  refuseReturn,
  returnStatusOf,
  type ReturnRow,
} from "../returns/review";
import { recordAudit } from "./audit";
import type { RefundPort } from "./orders-status";

/**
 * The seller's side of returns (issue 16): each decision runs the returns module's step and its audit row in
 * one transaction; what needs the courier or the payment provider happens after the commit, and a failure
 * there is reported beside the request (which stays as decided) for the seller to try again.
 */
export function createReturnsAdmin(db: Db, returns: ReturnsService, refunds: RefundPort | null) {
  async function step(
    actor: SessionUser,
    id: number,
    action: string,
    run: (tx: Tx) => Promise<{ request: ReturnRow }>,
  ): Promise<ReturnRow> {
    return db.transaction(async (tx) => {
      // Read in this transaction: a read on the pool while it holds PGlite's one connection would wait forever.
      const before = await returnStatusOf(tx, id);
      const { request } = await run(tx);
      await recordAudit(tx, actor, {
        action: `return:${action}`,
        entity: "return",
        entityId: id,
        before: { status: before },
        after: { status: request.status, ...(request.sellerNote && { note: request.sellerNote }) },
      });
      return request;
    });
  }

  const answer = async (id: number, problem: string | null = null): Promise<AdminReturnStepResponse> => ({
    data: await returns.adminView(id),
    problem,
  });

  return {
    list: (status: ReturnStatus | undefined): Promise<AdminReturnView[]> => returns.list(status),

    async approve(actor: SessionUser, id: number, note: string): Promise<AdminReturnStepResponse> {
      await step(actor, id, "approve", (tx) => approveReturn(tx, id, note));
      return answer(id, (await returns.bookPickup(id)).problem);
    },

    async refuse(actor: SessionUser, id: number, note: string): Promise<AdminReturnStepResponse> {
      await step(actor, id, "refuse", (tx) => refuseReturn(tx, id, note));
      return answer(id);
    },

    /** The return pickup booked again after the courier failed the first time. */
    async bookPickup(id: number): Promise<AdminReturnStepResponse> {
      return answer(id, (await returns.bookPickup(id)).problem);
    },

    async receive(actor: SessionUser, id: number, now = new Date()): Promise<AdminReturnStepResponse> {
      let owed: number | null = null;
      const request = await step(actor, id, "receive", async (tx) => {
        const received = await receiveReturn(tx, id, now);
        owed = received.owedPaymentId;
        return received;
      });
      if (owed !== null && refunds) await refunds.refundNow(owed);
      const problem = request.kind === "exchange" ? (await returns.shipExchange(id)).problem : null;
      return answer(id, problem);
    },

    /** An exchange's new parcel booked again after the courier failed the first time. */
    async shipExchange(id: number): Promise<AdminReturnStepResponse> {
      return answer(id, (await returns.shipExchange(id)).problem);
    },

    async refundPaid(actor: SessionUser, id: number, reference: string): Promise<AdminReturnStepResponse> {
      await step(actor, id, "refund-paid", (tx) => markRefundPaid(tx, id, reference));
      return answer(id);
    },
  };
}
