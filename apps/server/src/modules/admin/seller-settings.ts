import type { SellerSettings, SellerSettingsResponse } from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import { readSellerSettings, toSettingsView, writeSellerSettings } from "../settings/service";
import { recordAudit } from "./audit";

/** `GET/PUT /api/admin/settings`: the seller's settings, saved whole and audited field by field. */
export function createSellerSettingsAdmin(db: Db) {
  return {
    async get(): Promise<SellerSettingsResponse> {
      return toSettingsView(await readSellerSettings(db));
    },
    async save(actor: SessionUser, input: SellerSettings): Promise<SellerSettingsResponse> {
      return db.transaction(async (tx) => {
        const before = toSettingsView(await readSellerSettings(tx));
        const after = toSettingsView(await writeSellerSettings(tx, input));
        await recordAudit(tx, actor, { action: "update", entity: "seller_settings", entityId: 1, before, after });
        return after;
      });
    },
  };
}
