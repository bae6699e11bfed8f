import type { Db } from "../../../db/client";
import { loadCarrierSimulatorSecrets, secretsOf } from "../registry";

/**
 * The Shiprocket simulator's API user and webhook token. The e-mail is public, the password and the token are
 * this install's own (the carriers' simulator secrets, registry.ts).
 */
export interface CourierSimulatorCredentials {
  email: string;
  password: string;
  webhookSecret: string;
}

/** From Shiprocket's share of the install's simulator secrets (`SimulatorContext.secret`). */
export function courierSimulatorCredentials(secret: (purpose: string) => string): CourierSimulatorCredentials {
  return {
    email: "api-user@simulator.shiprocket.test",
    password: secret("password"),
    webhookSecret: secret("webhook_token"),
  };
}

/** This install's credentials, as the simulator checks them (a test logs in and signs webhooks with them). */
export async function loadCourierSimulatorCredentials(db: Db): Promise<CourierSimulatorCredentials> {
  return courierSimulatorCredentials(secretsOf(await loadCarrierSimulatorSecrets(db), "shiprocket"));
}
