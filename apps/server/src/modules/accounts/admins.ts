import { asc, eq, inArray, sql } from "drizzle-orm";
import { SELLER } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { users } from "./tables";

/** Where the shop's own alerts go (a refund that failed for good): every administrator, else the support address. */
export async function adminEmails(db: Db): Promise<string[]> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.id));
  return admins.length > 0 ? admins.map((a) => a.email) : [SELLER.supportEmail];
}

/** E-mail addresses are unique whatever their case. */
const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/** Whether an account exists for the e-mail, and whether it can already log in (the CLI asks before prompting). */
export async function accountState(db: Db, email: string): Promise<{ exists: boolean; hasPassword: boolean }> {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(byEmail(email)).limit(1);
  return { exists: Boolean(user), hasPassword: Boolean(user?.hash) };
}

export interface AccountForAdmin {
  id: number;
  email: string;
  role: (typeof users.$inferSelect)["role"];
  hasPassword: boolean;
}

/** The account with this e-mail, locked until the transaction ends (so making it an admin cannot race). */
export async function lockAccountByEmail(tx: Tx, email: string): Promise<AccountForAdmin | undefined> {
  const [user] = await tx
    .select({ id: users.id, email: users.email, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(email))
    .limit(1)
    .for("update");
  return user && { id: user.id, email: user.email, role: user.role, hasPassword: Boolean(user.passwordHash) };
}

/** A new administrator account (no shopper details: the console asks only for an e-mail). */
export async function insertAdmin(
  tx: Tx,
  account: { email: string; passwordHash: string },
): Promise<{ id: number; email: string }> {
  const [user] = await tx
    .insert(users)
    .values({
      email: account.email,
      firstName: "Admin",
      lastName: "",
      mobileNumber: "",
      countryCode: "",
      passwordHash: account.passwordHash,
      role: "admin",
    })
    .returning({ id: users.id, email: users.email });
  if (!user) throw new Error("The account was not created");
  return user;
}

/** Makes an existing account an administrator, replacing its password when a new hash is given. */
export async function promoteToAdmin(tx: Tx, userId: number, passwordHash?: string): Promise<void> {
  await tx
    .update(users)
    .set({ role: "admin", ...(passwordHash && { passwordHash }) })
    .where(eq(users.id, userId));
}

/** The e-mail of each of these accounts that still exists (the audit log names its actors). */
export async function emailsOfUsers(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** The id of the account with this e-mail (any case), or null (the audit log's "by whom" filter). */
export async function userIdByEmail(db: Db, email: string): Promise<number | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  return user?.id ?? null;
}
