import type { PayNowSettings } from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import type { PayNowService } from "../pay-now/service";
import { recordAudit } from "./audit";

/** The owner's side of "pay now" nudges (decision 094): the settings, saved with their audit row, and the figures. */
export function createPayNowAdmin(db: Db, payNow: PayNowService) {
  return {
    settings: payNow.admin.settings,
    stats: payNow.admin.stats,
    save: (actor: SessionUser, input: PayNowSettings): Promise<PayNowSettings> =>
      db.transaction(async (tx) => {
        const { before, after } = await payNow.admin.save(tx, input);
        await recordAudit(tx, actor, {
          action: "pay-now-settings:update",
          entity: "pay_now_settings",
          entityId: 1,
          before,
          after,
        });
        return after;
      }),
  };
}
