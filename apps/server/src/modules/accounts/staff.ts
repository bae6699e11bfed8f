import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BackOfficeRole } from "@store/shared";
import type { Db, Tx } from "../../db/client";
import { staffAccessEmail } from "./emails";
import { issueLink } from "./links";
import { authTokens, users } from "./tables";
import { EMAIL_LINK_TTL_MS } from "./tokens";
import { queueEmail } from "../../email/outbox";

/**
 * Back-office accounts (issue 13): the owner (`admin`) and `staff`. The back office composes these with
 * its audit rows and its rules (never the last owner, never oneself), in one transaction it opens.
 */
export interface BackOfficeAccount {
  id: number;
  email: string;
  name: string;
  role: BackOfficeRole;
  hasPassword: boolean;
}

const BACK_OFFICE: BackOfficeRole[] = ["admin", "staff"];
const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  passwordHash: users.passwordHash,
};
type Row = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  passwordHash: string | null;
};
const toAccount = (u: Row): BackOfficeAccount => ({
  id: u.id,
  email: u.email,
  name: `${u.firstName} ${u.lastName}`.trim(),
  role: u.role as BackOfficeRole,
  hasPassword: u.passwordHash !== null,
});

/** Every account that may enter the back office, owners first. */
export async function listBackOfficeAccounts(db: Db): Promise<BackOfficeAccount[]> {
  const rows = await db
    .select(columns)
    .from(users)
    .where(inArray(users.role, BACK_OFFICE))
    .orderBy(asc(users.role), asc(users.id));
  return rows.map(toAccount);
}

/** One back-office account, locked until the transaction ends; undefined for a shopper or no account. */
export async function lockBackOfficeAccount(tx: Tx, id: number): Promise<BackOfficeAccount | undefined> {
  const [row] = await tx
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, BACK_OFFICE)))
    .for("update");
  return row && toAccount(row);
}

/**
 * How many owners there are, with their rows locked: two owners demoting each other at once cannot both
 * succeed, so the shop always keeps one.
 */
export async function lockOwners(tx: Tx): Promise<number> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
  return rows.length;
}

export async function setBackOfficeRole(tx: Tx, id: number, role: BackOfficeRole | "shopper"): Promise<void> {
  await tx.update(users).set({ role }).where(eq(users.id, id));
}

export type InviteResult =
  | { outcome: "invited"; account: BackOfficeAccount; created: boolean; before: { role: string } | null }
  | { outcome: "already"; account: BackOfficeAccount };

/**
 * Gives the e-mail's account back-office access (a new account when there is none) and e-mails the person:
 * a set-password link when the account has no password yet (the sign-up flow's link), else a note to log in.
 */
export async function inviteToBackOffice(
  tx: Tx,
  input: { email: string; role: BackOfficeRole; publicUrl: string; invitedBy: string },
): Promise<InviteResult> {
  const [existing] = await tx
    .select(columns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .limit(1)
    .for("update");
  if (existing && existing.role !== "shopper") return { outcome: "already", account: toAccount(existing) };

  let row: Row;
  if (existing) {
    await setBackOfficeRole(tx, existing.id, input.role);
    row = { ...existing, role: input.role };
  } else {
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, firstName: "", lastName: "", mobileNumber: "", countryCode: "", role: input.role })
      .returning(columns);
    if (!created) throw new Error("The account was not created");
    row = created;
  }
  const setPasswordLink =
    row.passwordHash === null ? await issueLink(tx, input.publicUrl, row.id, "set_password", "/admin") : undefined;
  const email = staffAccessEmail(row.email, {
    role: input.role,
    invitedBy: input.invitedBy,
    setPasswordLink,
    loginUrl: new URL("/login", input.publicUrl).toString(),
    adminUrl: new URL("/admin", input.publicUrl).toString(),
    validHours: EMAIL_LINK_TTL_MS / 3_600_000,
  });
  await queueEmail(tx, email);
  return {
    outcome: "invited",
    account: toAccount(row),
    created: !existing,
    before: existing ? { role: existing.role } : null,
  };
}

/** Unused set-password links die with the access they were sent for. */
export async function revokeOpenLinks(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, "set_password"), isNull(authTokens.revokedAt)));
}
