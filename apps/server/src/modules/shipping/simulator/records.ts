import { and, asc, eq, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { shippingSimulatorRecords as records } from "./tables";
import type { SimStep } from "./rules";

/** A shipment as the simulated courier keeps it (and shows it through its API). */
export interface SimShipment {
  order_id: number;
  shipment_id: number;
  channel_order_id: string;
  direction: "forward" | "return";
  cod: boolean;
  amount: number;
  name: string;
  address: string;
  city: string;
  pincode: string;
  /** The consignment's e-way bill, as the booking gave it. */
  ewaybill_no: string | null;
  awb_code: string | null;
  courier_company_id: number | null;
  courier_name: string | null;
  step: SimStep;
  /** Each step, with the courier's words where it wrote its own (a failed attempt's reason). */
  history: { step: SimStep; date: string; location: string; activity?: string }[];
  /** What the store asked after failed attempts (Shiprocket's NDR action), oldest first. */
  ndr_actions?: {
    action: "re-attempt" | "return";
    deferred_date: string | null;
    address1: string | null;
    phone: string | null;
    comments: string;
  }[];
}

export async function saveToken(db: Db, token: string): Promise<void> {
  await db.insert(records).values({ kind: "token", id: token, body: {} });
}

export async function tokenExists(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.kind, "token"), eq(records.id, token)));
  return Boolean(row);
}

export async function insertShipment(db: Db, shipment: SimShipment): Promise<void> {
  await db.insert(records).values({ kind: "shipment", id: String(shipment.shipment_id), body: shipment });
}

export async function findShipment(db: Db, by: { id: string } | { awb: string }): Promise<SimShipment | undefined> {
  const where = "id" in by ? eq(records.id, by.id) : eq(records.awb, by.awb);
  const [row] = await db
    .select({ body: records.body })
    .from(records)
    .where(and(eq(records.kind, "shipment"), where));
  return row?.body as SimShipment | undefined;
}

/**
 * Changes one shipment under its row lock, in a transaction of its own, and stores it as `change` left it
 * (two replicas moving one parcel take turns). Answers what `change` answers; undefined: no such shipment.
 */
export function changeShipment<R>(
  db: Db,
  by: { id: string } | { awb: string },
  change: (shipment: SimShipment, tx: Tx) => R,
): Promise<R | undefined> {
  return db.transaction(async (tx) => {
    const where = "id" in by ? eq(records.id, by.id) : eq(records.awb, by.awb);
    const [row] = await tx
      .select({ id: records.id, body: records.body })
      .from(records)
      .where(and(eq(records.kind, "shipment"), where))
      .for("update");
    if (!row) return undefined;
    const shipment = row.body as SimShipment;
    const before = shipment.step;
    const answer = change(shipment, tx);
    await tx
      .update(records)
      .set({
        body: shipment,
        awb: shipment.awb_code,
        ...(shipment.step !== before && { movedAt: sql`now()` }),
      })
      .where(and(eq(records.kind, "shipment"), eq(records.id, row.id)));
    return answer;
  });
}

/** AWBs of parcels that have not moved for `minutes` (the simulator's clock moves them on). */
export async function idleShipments(db: Db, minutes: number, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ awb: records.awb })
    .from(records)
    .where(
      and(
        eq(records.kind, "shipment"),
        sql`${records.awb} is not null`,
        // Delivered and returned parcels are at an end; a parcel awaiting its pickup waits for the request.
        sql`${records.body}->>'step' not in ('delivered', 'rtoDelivered', 'awbAssigned')`,
        lte(records.movedAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .orderBy(asc(records.movedAt))
    .limit(limit);
  return rows.map((r) => r.awb!);
}

/** Housekeeping: the simulated courier's records older than `days` go (as the payment simulator's; none in production). */
export async function deleteOldCourierSimulatorRecords(db: Db, days = 30): Promise<number> {
  const deleted = await db
    .delete(records)
    .where(lt(records.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: records.id });
  return deleted.length;
}
