import type { Shopper } from "./model";
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
 * Run B's two steps that belong to other parts of issue 43, kept apart so each is wired on its own:
 * - `checkout`: point 2, COD rules with history defaults and the partial-COD advance (decision 093);
 * - `nudge`: point 3, the pay-now link after a COD order, paid in the payment simulator (decision 094).
 * `null` where the part is not in the store yet: run B then places a plain COD order and sends no nudge.
 */
export interface FeatureSteps {
  checkout: ((client: StoreClient, shopper: Shopper, who: Identity) => Promise<CheckoutOutcome>) | null;
  /** Answers whether the shopper paid online (the order turned prepaid). */
  nudge: ((client: StoreClient, shopper: Shopper, who: Identity, orderId: number) => Promise<boolean>) | null;
}

/** The steps wired so far: neither point 2 nor point 3 has landed on this branch yet. */
export const FEATURE_STEPS: FeatureSteps = { checkout: null, nudge: null };
