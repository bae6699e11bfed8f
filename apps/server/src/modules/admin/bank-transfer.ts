import {
  BANK_TRANSFER_METHOD,
  type BankTransferSettings,
  type OrderBankTransfer,
  type RecordBankTransfer,
  type SentBackTransfer,
} from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/service";
import {
  bankTransferOfOrder,
  readBankAccount,
  recordReceivedTransfer,
  saveBankAccount,
} from "../payments/bank-transfer";
import { sendOwedTransfer } from "../payments/refunds";
import { lockOrder } from "../orders/transitions";
import { recordAudit } from "./audit";

const NOT_SET = () =>
  new AppError("not_found", "No bank account has been saved for bank transfers yet.", "BANK_ACCOUNT_NOT_SET");

async function viewOfOrder(db: Db, orderId: number): Promise<OrderBankTransfer> {
  const view = await bankTransferOfOrder(db, orderId);
  if (!view) throw new AppError("not_found", "No bank-transfer order with this number.", "ORDER_NOT_FOUND");
  return view;
}

/** The owner's side of bank transfers (decision 098): the account buyers pay into, and the transfers that arrived. */
export function createBankTransferAdmin(db: Db) {
  const viewOf = (orderId: number) => viewOfOrder(db, orderId);
  return {
    async settings(): Promise<BankTransferSettings> {
      const account = await readBankAccount(db);
      if (!account) throw NOT_SET();
      return account;
    },
    save: (actor: SessionUser, input: BankTransferSettings): Promise<BankTransferSettings> =>
      db.transaction(async (tx) => {
        const { before, after } = await saveBankAccount(tx, input);
        await recordAudit(tx, actor, {
          action: "bank-transfer-settings:update",
          entity: "bank_transfer_account",
          entityId: 1,
          before,
          after,
        });
        return after;
      }),
    /** A transfer the seller saw arrive: recorded (audited), the order confirmed once it is paid in full. */
    async record(actor: SessionUser, orderId: number, input: RecordBankTransfer): Promise<OrderBankTransfer> {
      await recordReceivedTransfer(db, orderId, input, async (tx, order) =>
        recordAudit(tx, actor, {
          action: "order:bank-transfer",
          entity: "order",
          entityId: order.id,
          before: null,
          after: { mode: input.mode, utr: input.utr, amount_minor: input.amount_minor, received_on: input.received_on },
        }),
      );
      return viewOf(orderId);
    },
    /** A transfer owed back that the seller has made: recorded with its reference (audited); the buyer is told. */
    async sentBack(actor: SessionUser, orderId: number, input: SentBackTransfer): Promise<OrderBankTransfer> {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order || order.paymentMethod !== BANK_TRANSFER_METHOD)
          throw new AppError("not_found", "No bank-transfer order with this number.", "ORDER_NOT_FOUND");
        const sent = await sendOwedTransfer(tx, order, input.refund_id, input.reference);
        if (!sent)
          throw new AppError("conflict", "This order owes no such transfer back (or it was sent).", "NOTHING_OWED");
        await recordAudit(tx, actor, {
          action: "refund:transfer-sent",
          entity: "order",
          entityId: orderId,
          before: { refund_id: input.refund_id, status: "requested" },
          after: { refund_id: input.refund_id, status: "refunded", reference: input.reference },
        });
      });
      return viewOf(orderId);
    },
  };
}
