import { MODEL, type Shopper } from "./model";
import type { StoreClient } from "./store-client";
import type { Identity } from "./identity";

/** What the store's COD rules (issue 43 point 2) made of one shopper's checkout. */
export type CheckoutOutcome =
  | { kind: "cod"; orderId: number }
  | { kind: "advance"; orderId: number }
  | { kind: "prepaid"; orderId: number }
  /** The shopper left without buying: a lost sale, counted. */
  | { kind: "lost" };

/**
 * Run B's two steps that belong to other parts of issue 43, kept apart so each can be read (or left out) alone:
 * - `checkout`: point 2, COD rules with history defaults and the partial-COD advance (decision 093);
 * - `nudge`: point 3, the pay-now link after a COD order, paid in the payment simulator (decision 094).
 * `null` leaves the step out: run B then places a plain COD order and sends no nudge.
 */
export interface FeatureSteps {
  checkout: ((client: StoreClient, shopper: Shopper, who: Identity) => Promise<CheckoutOutcome>) | null;
  /** Answers whether the shopper paid online (the order turned prepaid). */
  nudge: ((client: StoreClient, shopper: Shopper, who: Identity, orderId: number) => Promise<boolean>) | null;
}

/**
 * The checkout with the seller's COD rules: the shopper reads the offer before choosing. Allowed: cash on
 * delivery as before. An advance: paid online (the order then confirmed without a code), or the shopper leaves.
 * Refused: paid by card, or the shopper leaves.
 */
async function checkoutWithRules(client: StoreClient, shopper: Shopper, who: Identity): Promise<CheckoutOutcome> {
  const atCheckout = { ...who, pin: shopper.pin, product: client.products[shopper.product]! };
  const cartId = await client.addToCart(atCheckout.product);
  const { cod } = await client.codOffer(atCheckout, cartId);
  if (cod === "allowed") return { kind: "cod", orderId: await client.placeCodOrder(atCheckout, cartId) };
  if (cod === "advance")
    return shopper.u.rule < MODEL.paysAdvance
      ? { kind: "advance", orderId: await client.placePaidOrder(atCheckout, cartId, true) }
      : { kind: "lost" };
  return shopper.u.rule < MODEL.paysWhenPrepaidOnly
    ? { kind: "prepaid", orderId: await client.placePaidOrder(atCheckout, cartId, false) }
    : { kind: "lost" };
}

/** The pay-now nudge: the store's job sends the link; the shopper pays it through the payment simulator, or not. */
async function payNowNudge(client: StoreClient, shopper: Shopper, who: Identity, orderId: number): Promise<boolean> {
  const token = await client.payNowLink(who.email, orderId);
  if (!token) throw new Error(`no pay-now link was e-mailed for order ${orderId}`);
  if (shopper.u.nudge >= MODEL.paysNudge) return false;
  await client.payThroughLink(orderId, token);
  return true;
}

export const FEATURE_STEPS: FeatureSteps = { checkout: checkoutWithRules, nudge: payNowNudge };
