import { sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cartReminders } from "./tables";

/** The dashboard's cart reminders since `since`: e-mails sent, links that restored a cart, carts an order recovered. */
export async function cartReminderFigures(db: Db, since: Date) {
  const from = since.toISOString();
  const count = (at: SQLWrapper) => sql<number>`count(*) filter (where ${at} >= ${from}::timestamptz)`.mapWith(Number);
  const [row] = await db
    .select({
      sent: count(cartReminders.sentAt),
      restored: count(cartReminders.restoredAt),
      recovered: count(cartReminders.recoveredAt),
    })
    .from(cartReminders);
  return { sent: row?.sent ?? 0, restored: row?.restored ?? 0, recovered: row?.recovered ?? 0 };
}
