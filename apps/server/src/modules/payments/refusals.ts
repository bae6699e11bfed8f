import { MESSAGES, PAYMENT_METHOD_MESSAGE } from "@store/shared";
import { refusal, Refusal } from "../../errors";
import type { PaymentGateway } from "./gateway";
import type { PaymentProof } from "./provider";

/**
 * A `payment_method` of the right shape that names no registered provider: the same 400 as a malformed
 * one, which the payload's schema cannot tell apart since the registry lives on the server.
 */
export const unknownMethod = () =>
  new Refusal("bad_request", "VALIDATION_FAILED", `Invalid body.payment_method: ${PAYMENT_METHOD_MESSAGE}`, [
    { path: "body.payment_method", message: PAYMENT_METHOD_MESSAGE },
  ]);

export const notConfigured = () =>
  refusal("unavailable", "PAYMENT_NOT_CONFIGURED", "Online payment is not configured.");

export const verificationFailed = () => refusal("bad_request", "VERIFICATION_FAILED", MESSAGES.verificationFailed);

/**
 * A widget's proof of payment, checked by its provider's adapter (an order's, a gift card's, a pay-now link's
 * verify call): the provider, or the refusal that says why not.
 */
export function verifiedProvider(gateway: PaymentGateway, name: string, proof: PaymentProof) {
  // An offline provider (a bank transfer) has no widget and so no proof to verify.
  if (!gateway.knows(name) || gateway.offline(name)) throw unknownMethod();
  const provider = gateway.provider(name);
  if (!provider) throw notConfigured();
  if (!provider.verify(proof)) throw verificationFailed();
  return provider;
}
