import { sql } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { verifyPassword } from "../modules/accounts/passwords";
import { users } from "../modules/accounts/tables";
import { createAdmin, generatePassword } from "../modules/admin/admin-users";

export const DEMO_ADMIN_EMAIL = "admin@jaipurkalahouse.in";
/** What every demo install's administrator had until each got its own; published, so it must not stay. */
const PUBLISHED_PASSWORD = "demo-admin-2026";

export interface DemoAdminReport {
  email: string;
  /** Shown once, when the account is made or its published password replaced; never stored in clear. Null: not to be shown (production). */
  password: string | null;
  /** True: from DEMO_ADMIN_PASSWORD (the e2e ring); false: generated now. */
  given: boolean;
  reason: "created" | "replaced published password";
}

/**
 * The demo shop's back-office login: only on the embedded demo database, never in production (a
 * PostgreSQL shop gets its admins from `npm run admin:create`). Its password is DEMO_ADMIN_PASSWORD or
 * generated here, and printed once by the caller. An existing account is left alone, unless it still has
 * the password the README once published: that one is replaced, in any mode.
 */
export async function ensureDemoAdmin(db: Db, config: AppConfig): Promise<DemoAdminReport | null> {
  const password = config.demoAdminPassword ?? generatePassword();
  const given = config.demoAdminPassword !== undefined;
  const [existing] = await db
    .select({ id: users.id, hash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_ADMIN_EMAIL}`)
    .limit(1);
  if (existing) {
    if (!(await verifyPassword(existing.hash, PUBLISHED_PASSWORD))) return null;
    await createAdmin({ db, email: DEMO_ADMIN_EMAIL, password });
    // A live shop's log is no place for a password: there the owner picks one with admin:create.
    return {
      email: DEMO_ADMIN_EMAIL,
      password: config.env === "production" ? null : password,
      given,
      reason: "replaced published password",
    };
  }
  const wanted = config.seedDemo && config.env !== "production" && config.database.kind === "pglite";
  if (!wanted) return null;
  await createAdmin({ db, email: DEMO_ADMIN_EMAIL, password });
  return { email: DEMO_ADMIN_EMAIL, password, given, reason: "created" };
}
