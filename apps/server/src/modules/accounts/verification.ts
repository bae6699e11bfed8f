import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "./tables";

/**
 * The account's e-mail address is proved to reach its owner (a link or a code sent there came back).
 * The first proof's time is kept.
 */
export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}
