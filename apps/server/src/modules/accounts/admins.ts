import { asc, eq } from "drizzle-orm";
import { SELLER } from "@store/shared";
import type { Db } from "../../db/client";
import { users } from "./tables";

/** Where the shop's own alerts go (a refund that failed for good): every administrator, else the support address. */
export async function adminEmails(db: Db): Promise<string[]> {
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin")).orderBy(asc(users.id));
  return admins.length > 0 ? admins.map((a) => a.email) : [SELLER.supportEmail];
}
