import { count, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactQueries } from "./tables";

/** Contact-form queries the seller has not marked handled yet. */
export async function openQueryCount(db: Db): Promise<number> {
  const [open] = await db.select({ n: count() }).from(contactQueries).where(isNull(contactQueries.handledAt));
  return open?.n ?? 0;
}
