import { SELLER, type TradeApplication } from "@store/shared";
import type { Tx } from "../../db/client";
import { action, paragraph, STORE_URL_TAG } from "../../email/letter";
import { letterEmail, queueEmail } from "../../email/outbox";

/** The business is told the seller's decision, queued in the decision's transaction (decision 097). */
export async function queueApprovedEmail(tx: Tx, application: TradeApplication): Promise<void> {
  await queueEmail(
    tx,
    letterEmail(application.email, `Your trade account with ${SELLER.brand} is approved`, {
      preview: "Trade prices are now shown across the shop",
      greeting: `Namaste ${application.business_name},`,
      blocks: [
        paragraph(
          `Your trade account is approved (group: ${application.group_name ?? ""}). Sign in and trade prices are shown across the shop, in your cart and at checkout.`,
        ),
        action("See your trade account", `${STORE_URL_TAG}/trade`),
      ],
    }),
  );
}

export async function queueDeclinedEmail(tx: Tx, application: TradeApplication): Promise<void> {
  await queueEmail(
    tx,
    letterEmail(application.email, `Your trade application to ${SELLER.brand}`, {
      preview: "We could not approve your trade account",
      greeting: `Namaste ${application.business_name},`,
      blocks: [
        paragraph(`We could not approve your trade account this time: ${application.decline_reason ?? ""}`),
        paragraph("You are welcome to apply again when this has changed."),
        action("Apply again", `${STORE_URL_TAG}/trade`),
      ],
    }),
  );
}

/** The seller revoked the account: trade prices and bank transfer stop now; the reason is told. */
export async function queueRevokedEmail(tx: Tx, application: TradeApplication): Promise<void> {
  await queueEmail(
    tx,
    letterEmail(application.email, `Your trade account with ${SELLER.brand} is suspended`, {
      preview: "Trade prices no longer apply to your account",
      greeting: `Namaste ${application.business_name},`,
      blocks: [
        paragraph(`We have suspended your trade account: ${application.revoke_reason ?? ""}`),
        paragraph(
          "From now on you see retail prices, including for anything already in your cart, and bank transfer is not offered. Write to us if you would like it reinstated.",
        ),
        action("See your trade account", `${STORE_URL_TAG}/trade`),
      ],
    }),
  );
}
