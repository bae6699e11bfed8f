import { z } from "zod";
import { calendarDay } from "./input-rules";
import { SALES_REPORT_MAX_DAYS } from "./admin-sales";

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/**
 * `GET /api/admin/delivery-outcomes` and its `.csv` (issue 43 point 1, decision 091): `from` and `to` are
 * inclusive IST days on which parcels reached their end (delivered, or back at the seller's: RTO).
 */
export const deliveryOutcomesQuerySchema = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "The end date is before the start date" })
  .refine((q) => q.from > q.to || daysBetween(q.from, q.to) < SALES_REPORT_MAX_DAYS, {
    path: ["to"],
    message: `A report covers at most ${SALES_REPORT_MAX_DAYS} days; choose a shorter period`,
  });

/** The ways the report cuts the outcomes, in the order the page shows them. */
export const OUTCOME_BREAKDOWNS = ["payment", "customer", "value_band", "courier", "state", "pincode"] as const;
export type OutcomeBreakdown = (typeof OUTCOME_BREAKDOWNS)[number];

export const OUTCOME_BREAKDOWN_TITLES: Record<OutcomeBreakdown, string> = {
  payment: "Payment method",
  customer: "Customer",
  value_band: "Order value",
  courier: "Courier",
  state: "State",
  pincode: "PIN code",
};

/** Order value bands, in rupees (lower bound inclusive); the last has no top. */
export const ORDER_VALUE_BANDS = [0, 500, 1_000, 2_000, 5_000] as const;

const outcomeMeasures = {
  /** Parcels delivered to the shopper in the period. */
  delivered: z.number().int(),
  /** Parcels the courier brought back undelivered (returned to origin) in the period. */
  rto: z.number().int(),
  /** rto / (delivered + rto), 0 to 1, four decimals; 0 when nothing ended. */
  rto_rate: z.number(),
  /** Freight both ways of the RTO parcels, as the courier quoted it at booking, in paise. */
  rto_freight_minor: z.number().int(),
  /** RTO parcels whose freight the courier did not report (left out of `rto_freight_minor`). */
  rto_freight_unknown: z.number().int(),
};

export const deliveryOutcomeRowSchema = z.object({ key: z.string(), label: z.string(), ...outcomeMeasures });

export const deliveryOutcomeTotalsSchema = z.object(outcomeMeasures);

export const deliveryOutcomesResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: deliveryOutcomeTotalsSchema,
  /** Each breakdown's rows, most parcels returned first. */
  breakdowns: z.object(
    Object.fromEntries(OUTCOME_BREAKDOWNS.map((b) => [b, z.array(deliveryOutcomeRowSchema)])) as Record<
      OutcomeBreakdown,
      z.ZodArray<typeof deliveryOutcomeRowSchema>
    >,
  ),
});

export type DeliveryOutcomesQuery = z.infer<typeof deliveryOutcomesQuerySchema>;
export type DeliveryOutcomeRow = z.infer<typeof deliveryOutcomeRowSchema>;
export type DeliveryOutcomeTotals = z.infer<typeof deliveryOutcomeTotalsSchema>;
export type DeliveryOutcomesResponse = z.infer<typeof deliveryOutcomesResponseSchema>;
