import { createHmac } from "node:crypto";
import type { Db } from "../../../db/client";
import { installSecret } from "../../../db/install-settings";

/**
 * The simulator's credentials. The ids are public, as a real provider's key id is; the secrets are this
 * install's own (derived from one random secret kept in the database, so every replica of the install
 * signs and checks with the same ones). Published secrets let anyone sign a webhook that marks an unpaid
 * order paid. Real keys in the environment replace all of it (and the simulator).
 */
export interface SimulatorCredentials {
  razorpay: { keyId: string; keySecret: string; webhookSecret: string };
  paypal: {
    clientId: string;
    clientSecret: string;
    webhookId: string;
    /** Signs the simulated PayPal webhook transmissions (real PayPal uses a certificate). */
    transmissionKey: string;
  };
}

export const SIMULATOR_PREFIX = "/sim";
const INSTALL_SECRET_KEY = "payment_simulator_secret";

/** One derived secret per use, so none of them reveals another. */
export function simulatorCredentials(secret: string): SimulatorCredentials {
  const derive = (purpose: string) => createHmac("sha256", secret).update(purpose).digest("base64url");
  return {
    razorpay: {
      keyId: "rzp_test_simulator",
      keySecret: derive("razorpay.key_secret"),
      webhookSecret: derive("razorpay.webhook_secret"),
    },
    paypal: {
      clientId: "simulator-paypal-client-id",
      clientSecret: derive("paypal.client_secret"),
      webhookId: "WH-SIMULATOR",
      transmissionKey: derive("paypal.transmission_key"),
    },
  };
}

/** This install's credentials, generated at its first start. */
export async function loadSimulatorCredentials(db: Db): Promise<SimulatorCredentials> {
  return simulatorCredentials(await installSecret(db, INSTALL_SECRET_KEY));
}
