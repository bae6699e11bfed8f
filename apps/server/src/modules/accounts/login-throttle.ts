import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginThrottle } from "./tables";
import { hashToken } from "./tokens";

export interface LoginThrottleSettings {
  maxFailures: number;
  windowMs: number;
}

/**
 * Log-in attempts per account, counted in the database so that every replica sees the same count. An
 * attempt is counted before the password is checked (one atomic upsert), so parallel guesses cannot slip
 * past the limit together; a successful log-in clears the count. The window is fixed: it starts at the
 * first attempt and the count restarts once it has passed.
 */
export function createLoginThrottle(db: Db, { maxFailures, windowMs }: LoginThrottleSettings) {
  const windowEnded = sql`${loginThrottle.windowStartedAt} <= now() - ${windowMs} * interval '1 millisecond'`;
  // The same address in any letter case is one account; only a hash is kept (see the table).
  const keyOf = (email: string) => hashToken(email.trim().toLowerCase());

  return {
    /** Counts one attempt; answers how long to wait when the account has used up its attempts. */
    async attempt(email: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
      const [row] = await db
        .insert(loginThrottle)
        .values({ emailHash: keyOf(email), failures: 1, windowStartedAt: sql`now()` })
        .onConflictDoUpdate({
          target: loginThrottle.emailHash,
          set: {
            failures: sql`case when ${windowEnded} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${windowEnded} then now() else ${loginThrottle.windowStartedAt} end`,
          },
        })
        .returning({
          failures: loginThrottle.failures,
          secondsLeft: sql<number>`ceil(extract(epoch from ${loginThrottle.windowStartedAt} + ${windowMs} * interval '1 millisecond' - now()))::int`,
        });
      if (!row || row.failures <= maxFailures) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, row.secondsLeft) };
    },

    async clear(email: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.emailHash, keyOf(email)));
    },
  };
}
