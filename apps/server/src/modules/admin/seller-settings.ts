import type {
  SellerSettings,
  SellerSettingsResponse,
  ShippingFees,
  ShippingRates,
  ShippingRatesResponse,
} from "@store/shared";
import type { Db } from "../../db/client";
import type { SessionUser } from "../accounts/service";
import { invalidateCatalogCache } from "../catalog/cache";
import {
  readSellerSettings,
  readShippingFees,
  toSettingsView,
  writeSellerSettings,
  writeShippingFees,
} from "../settings/service";
import { readShippingRates, writeShippingRates } from "../settings/rate-cards";
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
    /** `GET/PUT /api/admin/settings/shipping-fees`: the fees every order is priced with from then on (decision 071). */
    shippingFees: {
      get: (): Promise<ShippingFees> => readShippingFees(db),
      save: (actor: SessionUser, fees: ShippingFees): Promise<ShippingFees> =>
        db.transaction(async (tx) => {
          const before = await readShippingFees(tx);
          await writeShippingFees(tx, fees);
          await recordAudit(tx, actor, {
            action: "update",
            entity: "seller_settings",
            entityId: 1,
            before: { shipping_fees: before },
            after: { shipping_fees: fees },
          });
          // The shipping policy names the express fee: kept pages are rendered again once this commits.
          invalidateCatalogCache();
          return fees;
        }),
    },
    /** `GET/PUT /api/admin/shipping-rates`: the zones and international rate cards (decision 080), saved whole. */
    shippingRates: {
      get: (): Promise<ShippingRatesResponse> => readShippingRates(db),
      save: (actor: SessionUser, rates: ShippingRates): Promise<ShippingRatesResponse> =>
        db.transaction(async (tx) => {
          const before = await readShippingRates(tx);
          await writeShippingRates(tx, rates);
          const after = await readShippingRates(tx);
          await recordAudit(tx, actor, {
            action: "update",
            entity: "shipping_rates",
            entityId: 1,
            before: { shipping_rates: before },
            after: { shipping_rates: after },
          });
          // Product pages name the fees abroad: kept pages are rendered again once this commits.
          invalidateCatalogCache();
          return after;
        }),
    },
  };
}
