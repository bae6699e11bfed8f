import { and, gte, lt, sql } from "drizzle-orm";
import type { PayNowStats, PayNowStatsQuery } from "@store/shared";
import type { Db } from "../../db/client";
import { istDayEnd, istDayStart } from "../../lib/seller-time";
import { payNowNudges } from "./tables";

/**
 * What the nudges did over IST days on which they were sent (decision 094): sent (by channel), links opened,
 * orders converted to prepaid, the conversion rate, the discount given and the money paid online through them.
 */
export async function payNowStats(db: Db, query: PayNowStatsQuery): Promise<PayNowStats> {
  const converted = sql`${payNowNudges.convertedAt} is not null`;
  const [row] = await db
    .select({
      whatsapp: sql<number>`count(*) filter (where ${payNowNudges.channel} = 'whatsapp')`.mapWith(Number),
      email: sql<number>`count(*) filter (where ${payNowNudges.channel} = 'email')`.mapWith(Number),
      opened: sql<number>`count(*) filter (where ${payNowNudges.openedAt} is not null)`.mapWith(Number),
      converted: sql<number>`count(*) filter (where ${converted})`.mapWith(Number),
      discount: sql<number>`coalesce(sum(${payNowNudges.discount}) filter (where ${converted}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${payNowNudges.amountDue}) filter (where ${converted}), 0)`.mapWith(Number),
    })
    .from(payNowNudges)
    .where(
      and(
        gte(payNowNudges.sentAt, istDayStart(query.from)),
        lt(payNowNudges.sentAt, istDayEnd(query.to)),
        sql`${payNowNudges.channel} <> 'none'`,
      ),
    );
  const sent = (row?.whatsapp ?? 0) + (row?.email ?? 0);
  const convertedCount = row?.converted ?? 0;
  return {
    from: query.from,
    to: query.to,
    sent,
    by_whatsapp: row?.whatsapp ?? 0,
    by_email: row?.email ?? 0,
    opened: row?.opened ?? 0,
    converted: convertedCount,
    conversion_rate: sent === 0 ? 0 : Math.round((convertedCount / sent) * 10_000) / 10_000,
    discount_minor: row?.discount ?? 0,
    paid_minor: row?.paid ?? 0,
  };
}
