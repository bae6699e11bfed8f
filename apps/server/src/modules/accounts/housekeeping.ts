import { and, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authTokens } from "./tables";

/** Housekeeping: tokens that expired or were revoked over a day ago can never be used again. */
export async function deleteSpentTokens(db: Db): Promise<number> {
  const dayAgo = sql`now() - interval '1 day'`;
  const gone = await db
    .delete(authTokens)
    .where(or(lt(authTokens.expiresAt, dayAgo), and(isNotNull(authTokens.revokedAt), lt(authTokens.revokedAt, dayAgo))))
    .returning({ id: authTokens.id });
  return gone.length;
}
