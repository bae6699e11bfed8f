import { eq } from "drizzle-orm";
import { SELLER, formatMoney, toMajorUnits, type Currency } from "@store/shared";
import type { Tx } from "../../db/client";
import { action, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail, queueEmail } from "../../email/outbox";
import { users } from "../accounts/tables";
import type { storeCreditEntries } from "./tables";

/**
 * "Store credit issued": how much, why, and that it never expires (the spec's return policy). Queued in the
 * movement's transaction. Sent whatever the order-update switch says: it is a statement of money the shop
 * owes, like a refund's receipt, not news about a parcel.
 */
export async function queueCreditIssuedEmail(tx: Tx, entry: typeof storeCreditEntries.$inferSelect): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, entry.userId));
  if (!user) return;
  const amount = formatMoney(toMajorUnits(entry.amountMinor), entry.currency as Currency);
  const why = entry.kind === "return" ? `the refund of your return for order #${entry.orderId}` : entry.reason;
  await queueEmail(
    tx,
    letterEmail(user.email, `${amount} of store credit from ${SELLER.brand}`, {
      preview: `${amount} is in your account's store credit`,
      greeting: `Namaste ${user.firstName},`,
      blocks: [
        paragraph(`We have added ${amount} of store credit to your account: ${why}.`),
        paragraph("It does not expire. Your balance and its history are on your account page."),
        action("See your store credit", `${STORE_URL_TAG}/account`),
      ],
    }),
  );
}
