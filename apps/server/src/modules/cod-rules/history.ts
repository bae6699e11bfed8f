import { and, eq, gte, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { CodFlagged } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { orderEvents, orders } from "../orders/tables";
import { codHistorySettings } from "./tables";

const DAY_MS = 24 * 60 * 60 * 1000;

export type HistorySettings = typeof codHistorySettings.$inferSelect;

/** The one row of settings; the migration seeds it, and a missing row reads as the seeded defaults. */
export async function readHistorySettings(db: Db | Tx): Promise<HistorySettings> {
  const [row] = await db.select().from(codHistorySettings).where(eq(codHistorySettings.id, 1));
  if (row) return row;
  const [seeded] = await db.insert(codHistorySettings).values({ id: 1 }).onConflictDoNothing().returning();
  return seeded ?? (await db.select().from(codHistorySettings).where(eq(codHistorySettings.id, 1)))[0]!;
}

/** A customer as the history keys them: the e-mail of the order, in lower case. */
const emailKey = sql<string>`lower(${orders.email})`;
const pinKey = sql<string>`${orders.pinCode}`;

/** One-sided 90% confidence (the normal quantile for 0.9). */
const Z = 1.2816;

/**
 * Whether `returned` of `parcels` is more than `sharePercent` beyond chance: the lower end of the Wilson score
 * interval is above the share. A PIN code sees a few parcels a season, and at the shop's usual RTO a plain
 * "more than 35% of 5 to 10" flags a quarter to two-fifths of PIN codes on luck alone, each flag an advance
 * that loses sales; 3 of 5 back no longer flags, 4 of 5 does.
 */
export function clearlyAbove(returned: number, parcels: number, sharePercent: number): boolean {
  if (parcels === 0) return false;
  const p = returned / parcels;
  const z2 = Z * Z;
  const centre = p + z2 / (2 * parcels);
  const spread = Z * Math.sqrt((p * (1 - p)) / parcels + z2 / (4 * parcels * parcels));
  return (centre - spread) / (1 + z2 / parcels) > sharePercent / 100;
}

/**
 * COD parcels that ended (delivered, or back at the seller's) since the look-back began, per PIN code or
 * per e-mail, with how many came back, as decision 091 counts them (the day the order reached that status;
 * Indian orders only). `only`: one PIN code or e-mail (checkout: the indexes on orders make it a few rows),
 * else every key the settings flag (the back office's list): at least the minimum parcels, and clearly more
 * returned than the share.
 */
async function returnFigures(
  db: Db,
  settings: HistorySettings,
  scope: "pincode" | "customer",
  now: Date,
  only?: string,
): Promise<{ key: string; parcels: number; returned: number }[]> {
  const key = scope === "pincode" ? pinKey : emailKey;
  const parcels = sql<number>`count(distinct ${orders.id})`.mapWith(Number);
  const returned =
    sql<number>`count(distinct ${orders.id}) filter (where ${orderEvents.toStatus} = 'returned_to_origin')`.mapWith(
      Number,
    );
  const where: SQL[] = [
    inArray(orderEvents.toStatus, ["delivered", "returned_to_origin"]),
    gte(orderEvents.createdAt, new Date(now.getTime() - settings.lookbackDays * DAY_MS)),
    eq(orders.paymentMethod, "cod"),
    eq(orders.deliveryCountry, "IN"),
  ];
  if (scope === "customer") where.push(isNotNull(orders.email));
  if (only !== undefined)
    where.push(scope === "pincode" ? eq(orders.pinCode, only) : sql`lower(${orders.email}) = ${only}`);
  return db
    .select({ key, parcels, returned })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(...where))
    .groupBy(key)
    .having(sql`count(distinct ${orders.id}) >= ${settings.minParcels}`)
    .then((rows) => rows.filter((r) => clearlyAbove(r.returned, r.parcels, settings.returnSharePercent)));
}

/** Whether the history flags this PIN code or e-mail now (false when the defaults are off). */
export async function isFlagged(
  db: Db,
  settings: HistorySettings,
  scope: "pincode" | "customer",
  key: string,
  now: Date,
): Promise<boolean> {
  if (!settings.enabled) return false;
  return (await returnFigures(db, settings, scope, now, key)).length > 0;
}

/** Every PIN code and customer the history flags now, most returned first; the caller marks overrides. */
export async function flaggedNow(
  db: Db,
  settings: HistorySettings,
  now: Date,
): Promise<Omit<CodFlagged, "overridden">[]> {
  const [pins, customers] = await Promise.all([
    returnFigures(db, settings, "pincode", now),
    returnFigures(db, settings, "customer", now),
  ]);
  return [
    ...customers.map((r) => ({ scope: "customer" as const, ...r })),
    ...pins.map((r) => ({ scope: "pincode" as const, ...r })),
  ].sort((a, b) => b.returned / b.parcels - a.returned / a.parcels || b.parcels - a.parcels);
}
