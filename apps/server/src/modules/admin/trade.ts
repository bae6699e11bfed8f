import type {
  TradeApplication,
  TradeGroup,
  TradeGroupInput,
  TradeOverview,
  TradePriceInput,
  TradeProductRule,
} from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import {
  approveApplication,
  createGroup,
  declineApplication,
  deleteGroup,
  removeGroupPrice,
  setGroupPrice,
  setProductRule,
  tradeOverview,
  updateGroup,
} from "../trade/service";
import { moveApplication, reinstateApplication, revokeApplication } from "../trade/account-changes";
import { recordAudit } from "./audit";

/**
 * Trade accounts in the back office (decision 097): owner-only (no staff rule names them), each write and
 * its audit row in one transaction; a decision's e-mail is queued in it too.
 */
export function createTradeAdmin(db: Db) {
  return {
    overview: (): Promise<TradeOverview> => tradeOverview(db),
    approve: (actor: SessionUser, id: number, groupId: number): Promise<TradeApplication> =>
      db.transaction(async (tx) => {
        const { before, after } = await approveApplication(tx, id, groupId);
        await recordAudit(tx, actor, { action: "approve", entity: "trade_application", entityId: id, before, after });
        return after;
      }),
    decline: (actor: SessionUser, id: number, reason: string): Promise<TradeApplication> =>
      db.transaction(async (tx) => {
        const { before, after } = await declineApplication(tx, id, reason);
        await recordAudit(tx, actor, { action: "decline", entity: "trade_application", entityId: id, before, after });
        return after;
      }),
    move: (actor: SessionUser, id: number, groupId: number): Promise<TradeApplication> =>
      db.transaction(async (tx) => {
        const { before, after } = await moveApplication(tx, id, groupId);
        await recordAudit(tx, actor, { action: "update", entity: "trade_application", entityId: id, before, after });
        return after;
      }),
    revoke: (actor: SessionUser, id: number, reason: string): Promise<TradeApplication> =>
      db.transaction(async (tx) => {
        const { before, after } = await revokeApplication(tx, id, reason);
        await recordAudit(tx, actor, { action: "revoke", entity: "trade_application", entityId: id, before, after });
        return after;
      }),
    reinstate: (actor: SessionUser, id: number, groupId: number): Promise<TradeApplication> =>
      db.transaction(async (tx) => {
        const { before, after } = await reinstateApplication(tx, id, groupId);
        await recordAudit(tx, actor, { action: "reinstate", entity: "trade_application", entityId: id, before, after });
        return after;
      }),
    createGroup: (actor: SessionUser, input: TradeGroupInput): Promise<TradeGroup> =>
      db.transaction(async (tx) => {
        const after = await createGroup(tx, input);
        await recordAudit(tx, actor, {
          action: "create",
          entity: "trade_group",
          entityId: after.id,
          before: null,
          after,
        });
        return after;
      }),
    updateGroup: (actor: SessionUser, id: number, input: TradeGroupInput): Promise<TradeGroup> =>
      db.transaction(async (tx) => {
        const { before, after } = await updateGroup(tx, id, input);
        await recordAudit(tx, actor, { action: "update", entity: "trade_group", entityId: id, before, after });
        return after;
      }),
    deleteGroup: (actor: SessionUser, id: number): Promise<void> =>
      db.transaction(async (tx) => {
        const before = await deleteGroup(tx, id);
        await recordAudit(tx, actor, { action: "delete", entity: "trade_group", entityId: id, before, after: null });
      }),
    setPrice: (actor: SessionUser, groupId: number, input: TradePriceInput): Promise<TradeGroup> =>
      db.transaction(async (tx) => {
        const { before, after } = await setGroupPrice(tx, groupId, input);
        await recordAudit(tx, actor, { action: "update", entity: "trade_group", entityId: groupId, before, after });
        return after;
      }),
    removePrice: (
      actor: SessionUser,
      groupId: number,
      key: { product_id: number; size: string },
    ): Promise<TradeGroup> =>
      db.transaction(async (tx) => {
        const { before, after } = await removeGroupPrice(tx, groupId, key);
        await recordAudit(tx, actor, { action: "update", entity: "trade_group", entityId: groupId, before, after });
        return after;
      }),
    setRule: (actor: SessionUser, input: TradeProductRule): Promise<TradeOverview> =>
      db
        .transaction(async (tx) => {
          const { before, after } = await setProductRule(tx, input);
          await recordAudit(tx, actor, {
            action: "update",
            entity: "trade_product_rule",
            entityId: input.product_id,
            before,
            after,
          });
        })
        .then(() => tradeOverview(db)),
  };
}
