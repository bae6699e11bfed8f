import { and, eq, gte, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import {
  decimalText,
  ORDER_VALUE_BANDS,
  OUTCOME_BREAKDOWN_TITLES,
  OUTCOME_BREAKDOWNS,
  type DeliveryOutcomeRow,
  type DeliveryOutcomesQuery,
  type DeliveryOutcomesResponse,
  type DeliveryOutcomeTotals,
  type OutcomeBreakdown,
} from "@store/shared";
import type { Db } from "../../db/client";
import { toCsv } from "../../lib/csv";
import { istDayEnd, istDayStart } from "../../lib/seller-time";
import { orderEvents, orders } from "../orders/tables";
import { shipments } from "./tables";

/** One parcel that reached its end in the period: delivered, or back at the seller's (RTO). */
interface Ended {
  rto: boolean;
  cod: boolean;
  pincode: string;
  state: string;
  courier: string | null;
  valueMinor: number;
  repeat: boolean;
  /** Freight both ways as the courier quoted it at booking; null when it did not say. */
  freightBothWays: number | null;
}

/** The same customer as customers.ts keys them: the account, else the e-mail. */
const customerOf = (table: string) =>
  sql.raw(`coalesce('user-' || ${table}.user_id, 'email-' || lower(${table}.email))`);

/**
 * The orders delivered or returned to origin between two instants, by the time the order reached that status.
 * Only INR orders delivered in India: RTO is the domestic couriers' (abroad, DHL returns to shipper rarely and
 * differently), and the value bands are rupees. The order's own parcel gives the courier and its freight.
 */
async function endedBetween(db: Db, from: Date, to: Date): Promise<Ended[]> {
  const rows = await db
    .select({
      status: orderEvents.toStatus,
      paymentMethod: orders.paymentMethod,
      pincode: orders.pinCode,
      state: orders.state,
      courier: sql<string | null>`coalesce(${shipments.courier}, ${orders.handCarrierName}, ${orders.handCarrier})`,
      value: sql<number>`coalesce(${orders.confirmedTotal}, ${orders.total})`.mapWith(Number),
      repeat: sql<boolean>`exists (select 1 from orders earlier where earlier.id <> ${orders.id}
        and earlier.confirmed_at < ${orders.confirmedAt} and ${customerOf("earlier")} = ${customerOf("orders")})`,
      freight: shipments.freightMinor,
      rtoFreight: shipments.rtoFreightMinor,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .leftJoin(
      shipments,
      and(
        eq(shipments.orderId, orders.id),
        eq(shipments.direction, "forward"),
        isNull(shipments.returnId),
        ne(shipments.status, "cancelled"),
      ),
    )
    .where(
      and(
        inArray(orderEvents.toStatus, ["delivered", "returned_to_origin"]),
        gte(orderEvents.createdAt, from),
        lt(orderEvents.createdAt, to),
        eq(orders.deliveryCountry, "IN"),
        eq(orders.currency, "INR"),
      ),
    );
  return rows.map((r) => ({
    rto: r.status === "returned_to_origin",
    cod: r.paymentMethod === "cod",
    pincode: r.pincode,
    state: r.state,
    courier: r.courier,
    valueMinor: r.value,
    repeat: Boolean(r.repeat),
    freightBothWays: r.freight !== null && r.rtoFreight !== null ? r.freight + r.rtoFreight : null,
  }));
}

/** Whole rupees as a label writes them: ₹1,000. */
const inr = (rupees: number) => `₹${rupees.toLocaleString("en-IN")}`;

/** The band an order's value falls in, as key and label ("₹500 to ₹999"). */
function valueBand(minor: number): { key: string; label: string } {
  const rupees = minor / 100;
  const i = ORDER_VALUE_BANDS.findLastIndex((low) => rupees >= low);
  const low = ORDER_VALUE_BANDS[Math.max(0, i)]!;
  const next = ORDER_VALUE_BANDS[i + 1];
  const key = String(low).padStart(6, "0");
  if (next === undefined) return { key, label: `${inr(low)} and above` };
  if (low === 0) return { key, label: `Under ${inr(next)}` };
  return { key, label: `${inr(low)} to ${inr(next - 1)}` };
}

const CUT: Record<OutcomeBreakdown, (e: Ended) => { key: string; label: string }> = {
  payment: (e) => (e.cod ? { key: "cod", label: "Cash on delivery" } : { key: "prepaid", label: "Prepaid" }),
  customer: (e) => (e.repeat ? { key: "repeat", label: "Repeat customer" } : { key: "first", label: "First order" }),
  value_band: (e) => valueBand(e.valueMinor),
  courier: (e) => ({ key: e.courier ?? "", label: e.courier ?? "Not recorded" }),
  state: (e) => ({ key: e.state, label: e.state }),
  pincode: (e) => ({ key: e.pincode, label: e.pincode }),
};

/** The measures of a set of ended parcels. */
function measure(ended: Ended[]): DeliveryOutcomeTotals {
  const rto = ended.filter((e) => e.rto);
  const known = rto.flatMap((e) => (e.freightBothWays === null ? [] : [e.freightBothWays]));
  return {
    delivered: ended.length - rto.length,
    rto: rto.length,
    rto_rate: ended.length === 0 ? 0 : Math.round((rto.length / ended.length) * 10_000) / 10_000,
    rto_freight_minor: known.reduce((sum, f) => sum + f, 0),
    rto_freight_unknown: rto.length - known.length,
  };
}

function breakdown(ended: Ended[], by: OutcomeBreakdown): DeliveryOutcomeRow[] {
  const groups = new Map<string, { label: string; items: Ended[] }>();
  for (const e of ended) {
    const { key, label } = CUT[by](e);
    const group = groups.get(key) ?? { label, items: [] };
    group.items.push(e);
    groups.set(key, group);
  }
  const rows = [...groups].map(([key, g]) => ({ key, label: g.label, ...measure(g.items) }));
  // Value bands read low to high; every other cut shows where most parcels came back first.
  return by === "value_band"
    ? rows.sort((a, b) => a.key.localeCompare(b.key))
    : rows.sort((a, b) => b.rto - a.rto || b.rto_rate - a.rto_rate || a.label.localeCompare(b.label));
}

/**
 * Delivery outcomes (issue 43 point 1, decision 091): delivered against returned to origin, on the IST days the
 * parcels reached their end, cut six ways, with the RTO parcels' freight both ways as the courier quoted it.
 */
export function createDeliveryOutcomes(db: Db) {
  async function report(q: DeliveryOutcomesQuery): Promise<DeliveryOutcomesResponse> {
    const ended = await endedBetween(db, istDayStart(q.from), istDayEnd(q.to));
    const breakdowns = Object.fromEntries(OUTCOME_BREAKDOWNS.map((by) => [by, breakdown(ended, by)])) as Record<
      OutcomeBreakdown,
      DeliveryOutcomeRow[]
    >;
    return { from: q.from, to: q.to, totals: measure(ended), breakdowns };
  }

  return {
    /** `GET /api/admin/delivery-outcomes` */
    report,

    /** `GET /api/admin/delivery-outcomes.csv`: every breakdown's rows, the rate in percent and freight in rupees. */
    async csv(q: DeliveryOutcomesQuery): Promise<string> {
      const { breakdowns } = await report(q);
      return toCsv(
        ["breakdown", "key", "label", "delivered", "rto", "rto_rate_percent", "rto_freight", "rto_freight_unknown"],
        OUTCOME_BREAKDOWNS.flatMap((by) =>
          breakdowns[by].map((r) => [
            OUTCOME_BREAKDOWN_TITLES[by],
            r.key,
            r.label,
            r.delivered,
            r.rto,
            (r.rto_rate * 100).toFixed(2),
            decimalText(r.rto_freight_minor),
            r.rto_freight_unknown,
          ]),
        ),
      );
    },

    /** The dashboard's figures: what ended between two instants (this month so far). */
    async since(from: Date, to: Date): Promise<DeliveryOutcomeTotals> {
      return measure(await endedBetween(db, from, to));
    },
  };
}
