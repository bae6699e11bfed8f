import type { StaffInvite, StaffListResponse, StaffMember, StaffRoleChange } from "@store/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { notFound } from "../../lib/failures";
import type { SessionUser } from "../accounts/service";
import {
  inviteToBackOffice,
  listBackOfficeAccounts,
  lockBackOfficeAccount,
  lockOwners,
  revokeOpenLinks,
  setBackOfficeRole,
  type BackOfficeAccount,
} from "../accounts/staff";
import { recordAudit } from "./audit";

export const STAFF_MESSAGES = {
  already: (email: string) => `${email} already has access to the back office.`,
  lastOwner: "The shop needs at least one owner: make someone else an owner first.",
  yourself: "You cannot change or remove your own access; ask another owner.",
} as const;

const view = (a: BackOfficeAccount): StaffMember => ({
  id: a.id,
  email: a.email,
  name: a.name,
  role: a.role,
  has_password: a.hasPassword,
});

/**
 * The owner's staff screen: invite by e-mail, change a role, remove access. Every change is audited in
 * its transaction; the shop never loses its last owner and nobody changes their own access.
 */
export function createStaffAdmin(db: Db, options: { publicUrl: string }) {
  /** Locks the target (and the owners when an owner is involved) and applies the two rules. */
  async function guarded(
    actor: SessionUser,
    id: number,
    change: (target: BackOfficeAccount) => BackOfficeAccount["role"] | "shopper",
  ): Promise<{ account: BackOfficeAccount; role: BackOfficeAccount["role"] | "shopper" }> {
    return db.transaction(async (tx) => {
      const owners = await lockOwners(tx);
      const target = await lockBackOfficeAccount(tx, id);
      if (!target) throw notFound("Staff member");
      if (target.id === actor.id) throw new AppError("conflict", STAFF_MESSAGES.yourself, "OWN_ACCESS");
      const role = change(target);
      if (target.role === "admin" && role !== "admin" && owners <= 1)
        throw new AppError("conflict", STAFF_MESSAGES.lastOwner, "LAST_OWNER");
      if (role === target.role) return { account: target, role };
      await setBackOfficeRole(tx, id, role);
      if (role === "shopper") await revokeOpenLinks(tx, id);
      await recordAudit(tx, actor, {
        action: role === "shopper" ? "remove_staff" : "change_role",
        entity: "user",
        entityId: id,
        before: { email: target.email, role: target.role },
        after: { email: target.email, role },
      });
      return { account: target, role };
    });
  }

  return {
    async list(): Promise<StaffListResponse> {
      return { data: (await listBackOfficeAccounts(db)).map(view) };
    },

    async invite(actor: SessionUser, input: StaffInvite): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const result = await inviteToBackOffice(tx, {
          email: input.email,
          role: input.role,
          publicUrl: options.publicUrl,
          invitedBy: actor.email,
        });
        if (result.outcome === "already")
          throw new AppError("conflict", STAFF_MESSAGES.already(result.account.email), "ALREADY_STAFF", [
            { path: "email", message: STAFF_MESSAGES.already(result.account.email) },
          ]);
        await recordAudit(tx, actor, {
          action: "invite_staff",
          entity: "user",
          entityId: result.account.id,
          before: result.before && { email: result.account.email, role: result.before.role },
          after: { email: result.account.email, role: result.account.role },
        });
        return view(result.account);
      });
    },

    async changeRole(actor: SessionUser, id: number, input: StaffRoleChange): Promise<StaffMember> {
      const { account } = await guarded(actor, id, () => input.role);
      return view({ ...account, role: input.role });
    },

    async remove(actor: SessionUser, id: number): Promise<void> {
      await guarded(actor, id, () => "shopper");
    },
  };
}
