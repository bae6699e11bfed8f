import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { sameSecret } from "../lib/secrets";

/** The header a script gives this install's simulator secret in (decision 062). */
export const SIMULATOR_SECRET_HEADER = "x-simulator-secret";

/** The `install_settings` key of that secret: made at the first start with the simulators, read from the database. */
export const SIMULATOR_SECRET_KEY = "simulator_control_secret";

/** An onRequest hook (before the body is read): lets the request through, or throws the 401 or 403 it deserves. */
export type SimulatorControl = (request: FastifyRequest) => Promise<void>;

/**
 * The door of the simulators' controls (outages, the courier's moves, a phone's messages, the reminder clock):
 * what a real provider never offers strangers. It opens to this install's simulator secret in
 * `X-Simulator-Secret` (scripts, the tests), or to the owner's back-office session (`Authorization: Token`),
 * which `isOwner` checks. Without either, 401; with a wrong one, 403. What plays a provider's public side (its
 * widget's buttons, its tracking page) and its keyed API never pass through here.
 */
export function simulatorControl(secret: string, isOwner: (request: FastifyRequest) => Promise<boolean>) {
  return async (request: FastifyRequest): Promise<void> => {
    const given = request.headers[SIMULATOR_SECRET_HEADER];
    const session = request.headers.authorization;
    if (typeof given === "string" && sameSecret(given, secret)) return;
    if (session !== undefined && (await isOwner(request))) return;
    if (given === undefined && session === undefined)
      throw new AppError(
        "unauthorized",
        "The simulators' controls need the owner's session or this install's simulator secret.",
        "LOGIN_REQUIRED",
      );
    throw new AppError("forbidden", "Only the shop's owner may use the simulators' controls.", "FORBIDDEN");
  };
}
