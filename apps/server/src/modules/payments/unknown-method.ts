import { PAYMENT_METHOD_MESSAGE } from "@store/shared";
import { Refusal } from "../../errors";

/**
 * A `payment_method` of the right shape that names no registered provider: the same 400 as a malformed
 * one, which the payload's schema cannot tell apart since the registry lives on the server.
 */
export const unknownMethod = () =>
  new Refusal("bad_request", "VALIDATION_FAILED", `Invalid body.payment_method: ${PAYMENT_METHOD_MESSAGE}`, [
    { path: "body.payment_method", message: PAYMENT_METHOD_MESSAGE },
  ]);
