import { createHmac } from "node:crypto";
import type { Db } from "../../../db/client";
import { installSecret } from "../../../db/install-settings";

/**
 * The courier simulator's API user and webhook token. The e-mail is public, the password and the token are
 * this install's own (derived from one random secret in the database, so every replica agrees): a published
 * token would let anyone mark a parcel delivered.
 */
export interface CourierSimulatorCredentials {
  email: string;
  password: string;
  webhookSecret: string;
}

export const COURIER_SIMULATOR_PREFIX = "/sim/shiprocket";

export function courierSimulatorCredentials(secret: string): CourierSimulatorCredentials {
  const derive = (purpose: string) => createHmac("sha256", secret).update(purpose).digest("base64url");
  return {
    email: "api-user@simulator.shiprocket.test",
    password: derive("shiprocket.password"),
    webhookSecret: derive("shiprocket.webhook_token"),
  };
}

export async function loadCourierSimulatorCredentials(db: Db): Promise<CourierSimulatorCredentials> {
  return courierSimulatorCredentials(await installSecret(db, "shipping_simulator_secret"));
}
