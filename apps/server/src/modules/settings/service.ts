import { eq, sql, type SQL } from "drizzle-orm";
import {
  SELLER,
  SHIPPING_FEES_SEED,
  type SellerGst,
  type SellerSettings,
  type SellerSettingsResponse,
  type ShippingFees,
} from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { toMajorFees, toMinorFees, type StoredShippingFees } from "./shipping-fees";
import { sellerSettings } from "./tables";

export interface SellerSettingsRow {
  alertEmail: string | null;
  alertNewOrders: boolean;
  alertNewQueries: boolean;
}

/** Before the seller saves anything: both alerts on, to the shop's support address. */
const DEFAULTS: SellerSettingsRow = { alertEmail: null, alertNewOrders: true, alertNewQueries: true };

type Seller = { settings: SellerSettingsRow; gst: SellerGst | null; shippingFees: ShippingFees };
type StoredSeller = SellerSettingsRow & { gst: SellerGst | null; shippingFees: StoredShippingFees };

/** The stored row as the shop uses it: the defaults until saved, a registration completed, fees in major units. */
function sellerOf(row: StoredSeller | null | undefined): Seller {
  if (!row) return { settings: DEFAULTS, gst: null, shippingFees: SHIPPING_FEES_SEED };
  const { gst, shippingFees, ...settings } = row;
  // A registration saved before the LUT's year was asked (issue 38) has none: "" until the seller enters it.
  return {
    settings,
    gst: gst ? { ...gst, lut_financial_year: gst.lut_financial_year ?? "", iec: gst.iec ?? "" } : null,
    shippingFees: toMajorFees(shippingFees),
  };
}

/**
 * The seller's record in one read: the alert settings as stored (the defaults when never saved), the GST
 * registration (null until saved) and the shipping fees in major units (the seed's until the row exists).
 * `db` may be a transaction; a checkout reads it once for its fees.
 */
export async function readSeller(db: Db | Tx): Promise<Seller> {
  const [row] = await db
    .select({
      alertEmail: sellerSettings.alertEmail,
      alertNewOrders: sellerSettings.alertNewOrders,
      alertNewQueries: sellerSettings.alertNewQueries,
      gst: sellerSettings.gst,
      shippingFees: sellerSettings.shippingFees,
    })
    .from(sellerSettings)
    .where(eq(sellerSettings.id, 1));
  return sellerOf(row);
}

/**
 * The same record as one column of the caller's read (uncorrelated: computed once per statement). A
 * confirmation reads it with the order's lines, in its transaction: as fresh as `readSeller`, one round trip less.
 */
export function sellerColumn(): SQL<Seller> {
  return sql`(select json_build_object('alertEmail', ${sellerSettings.alertEmail},
      'alertNewOrders', ${sellerSettings.alertNewOrders}, 'alertNewQueries', ${sellerSettings.alertNewQueries},
      'gst', ${sellerSettings.gst}, 'shippingFees', ${sellerSettings.shippingFees})
    from ${sellerSettings} where ${sellerSettings.id} = 1)`.mapWith((value: unknown) =>
    sellerOf(typeof value === "string" ? (JSON.parse(value) as StoredSeller) : (value as StoredSeller | null)),
  );
}

/** The seller's alert settings as stored (the defaults when never saved). */
export const readSellerSettings = async (db: Db | Tx) => (await readSeller(db)).settings;

/** The seller's GST registration, or null until it is saved (no invoice can be issued before). */
export const readSellerGst = async (db: Db | Tx) => (await readSeller(db)).gst;

/** The shipping fees the seller set, in major units: what every order is priced with (decision 071). */
export const readShippingFees = async (db: Db | Tx) => (await readSeller(db)).shippingFees;

/** Where the seller's alerts go: the saved address, else the shop's support address. */
export const alertsTo = (settings: SellerSettingsRow) => settings.alertEmail ?? SELLER.supportEmail;

/** The address a seller alert of this kind goes to, or null when that alert is switched off. */
export function alertRecipient(settings: SellerSettingsRow, kind: "order" | "query"): string | null {
  const on = kind === "order" ? settings.alertNewOrders : settings.alertNewQueries;
  return on ? alertsTo(settings) : null;
}

export function toSettingsView(settings: SellerSettingsRow): SellerSettingsResponse {
  return {
    alert_email: settings.alertEmail ?? "",
    alert_new_orders: settings.alertNewOrders,
    alert_new_queries: settings.alertNewQueries,
    alerts_to: alertsTo(settings),
  };
}

/** Saves the whole record in the caller's transaction (the back office audits it there). */
export async function writeSellerSettings(tx: Tx, input: SellerSettings): Promise<SellerSettingsRow> {
  const values = {
    alertEmail: input.alert_email === "" ? null : input.alert_email,
    alertNewOrders: input.alert_new_orders,
    alertNewQueries: input.alert_new_queries,
  };
  await tx
    .insert(sellerSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: sellerSettings.id, set: { ...values, updatedAt: sql`now()` } });
  return values;
}

/** Saves the GST registration (validated by `sellerGstSchema`) in the caller's transaction, leaving the alerts as they are. */
export async function writeSellerGst(tx: Tx, gst: SellerGst): Promise<void> {
  await tx
    .insert(sellerSettings)
    .values({ id: 1, gst })
    .onConflictDoUpdate({ target: sellerSettings.id, set: { gst, updatedAt: sql`now()` } });
}

/** Saves the shipping fees (whole major units, validated by `shippingFeesSchema`) in the caller's transaction. */
export async function writeShippingFees(tx: Tx, fees: ShippingFees): Promise<void> {
  const shippingFees = toMinorFees(fees);
  await tx
    .insert(sellerSettings)
    .values({ id: 1, shippingFees })
    .onConflictDoUpdate({ target: sellerSettings.id, set: { shippingFees, updatedAt: sql`now()` } });
}
