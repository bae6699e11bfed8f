import { randomBytes } from "node:crypto";
import { emailSchema, passwordSchema } from "@store/shared";
import type { Db } from "../../db/client";
import { insertAdmin, lockAccountByEmail, promoteToAdmin } from "../accounts/admins";
import { hashPassword } from "../accounts/passwords";
import { recordAudit } from "./audit";

export interface CreateAdminInput {
  db: Db;
  email: string;
  /** Required for a new account or one without a password; for an existing one, replaces its password. */
  password?: string;
}

export interface CreateAdminResult {
  userId: number;
  email: string;
  /** A new account (false: an existing one was promoted or already an admin). */
  created: boolean;
  passwordChanged: boolean;
}

/** 18 random bytes, base64url: 24 characters, 144 bits, nothing to quote in a shell. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Creates an administrator, or promotes the account with that e-mail (keeping its password unless a new
 * one is given). Used by `npm run admin:create` and the demo seed; audited with no actor (the console).
 */
export async function createAdmin({ db, email, password }: CreateAdminInput): Promise<CreateAdminResult> {
  const address = emailSchema.safeParse(email);
  if (!address.success) throw new Error(`Not a valid e-mail address: ${email}`);
  if (password !== undefined) {
    const checked = passwordSchema.safeParse(password);
    if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? "The password is not valid");
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password);

  return db.transaction(async (tx) => {
    const existing = await lockAccountByEmail(tx, address.data);
    if (!existing) {
      if (!passwordHash) throw new Error("A new administrator needs a password");
      const user = await insertAdmin(tx, { email: address.data, passwordHash });
      await recordAudit(tx, null, {
        action: "create_admin",
        entity: "user",
        entityId: user.id,
        before: null,
        after: { email: user.email, role: "admin", password_set: true },
      });
      return { userId: user.id, email: user.email, created: true, passwordChanged: true };
    }
    if (!passwordHash && !existing.hasPassword) throw new Error(`${existing.email} has no password yet; give one`);
    await promoteToAdmin(tx, existing.id, passwordHash);
    await recordAudit(tx, null, {
      action: "promote_admin",
      entity: "user",
      entityId: existing.id,
      before: { email: existing.email, role: existing.role, password_changed: false },
      after: { email: existing.email, role: "admin", password_changed: Boolean(passwordHash) },
    });
    return { userId: existing.id, email: existing.email, created: false, passwordChanged: Boolean(passwordHash) };
  });
}
