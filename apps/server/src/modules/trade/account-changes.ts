import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { refusal } from "../../errors";
import { queueApprovedEmail, queueRevokedEmail } from "./emails";
import { applicationById, applicationIn, assertGroup } from "./service";
import { tradeApplications } from "./tables";

/** Changes to an account after its approval (decision 097): the seller's move, revoke and reinstate, audited by the back office. */

/**
 * Moves an approved buyer to another group: the cart and the product page read the group on every answer,
 * so the new prices apply from the next one. Not e-mailed (the buyer sees the group on /trade).
 */
export async function moveApplication(tx: Tx, id: number, groupId: number) {
  const row = await applicationIn(tx, id, "approved", "TRADE_ACCOUNT_NOT_APPROVED");
  await assertGroup(tx, groupId);
  if (row.groupId === groupId)
    throw refusal("conflict", "TRADE_GROUP_UNCHANGED", "The buyer is already in that group.");
  const before = await applicationById(tx, id);
  await tx.update(tradeApplications).set({ groupId }).where(eq(tradeApplications.id, id));
  return { before, after: await applicationById(tx, id) };
}

/**
 * Revokes (suspends) an approved account with the reason the business is e-mailed. From the next answer the
 * buyer's cart is at retail prices and bank transfer is refused, since both ask `tradePricingFor` or
 * `approvedTradeBuyer`, which read only approved rows. The account cannot re-apply; the seller reinstates it.
 */
export async function revokeApplication(tx: Tx, id: number, reason: string) {
  await applicationIn(tx, id, "approved", "TRADE_ACCOUNT_NOT_APPROVED");
  const before = await applicationById(tx, id);
  await tx
    .update(tradeApplications)
    .set({ status: "revoked", groupId: null, revokeReason: reason })
    .where(eq(tradeApplications.id, id));
  const after = await applicationById(tx, id);
  await queueRevokedEmail(tx, after);
  return { before, after };
}

/** Reinstates a revoked account into a group (the seller chooses again: revoking forgot the old one). */
export async function reinstateApplication(tx: Tx, id: number, groupId: number) {
  await applicationIn(tx, id, "revoked", "TRADE_ACCOUNT_NOT_REVOKED");
  await assertGroup(tx, groupId);
  const before = await applicationById(tx, id);
  await tx.update(tradeApplications).set({ status: "approved", groupId }).where(eq(tradeApplications.id, id));
  const after = await applicationById(tx, id);
  await queueApprovedEmail(tx, after);
  return { before, after };
}
